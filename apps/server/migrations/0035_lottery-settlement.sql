DROP INDEX "lottery_tickets_pending";--> statement-breakpoint
CREATE INDEX "lottery_tickets_pending" ON "lottery_tickets" USING btree ("draw_id","member_id","id") WHERE "lottery_tickets"."status" = 'pending';--> statement-breakpoint

-- Ledger (decision 0100): settles many holds of bets at once. Each hold is captured to the house account p_house
-- and its owner is paid p_payouts[i] from it, grouped by the hold's account: one capture transaction (the sum of
-- the account's holds, key <prefix>:stake:<first hold id>) and, when it won, one payout transaction (key
-- <prefix>:payout:<first hold id>) per account, each of two legs with its running balances. Every hold must be
-- active (LD003 otherwise: nothing is written); all or nothing, in the caller's transaction. Accounts are locked
-- in id order; the guarantees of ledger_post hold (balanced legs checked at commit, immutable rows, no member
-- below zero).
CREATE FUNCTION ledger_settle_holds(
  p_merchant text, p_house bigint, p_stake_type text, p_payout_type text, p_key_prefix text, p_reference text,
  p_holds bigint[], p_payouts bigint[]
) RETURNS TABLE (account_id bigint, captured bigint, paid bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(array_length(p_holds, 1), 0);
  v_found integer;
  v_active integer;
  v_house bigint;
  v_captured bigint;
  v_paid bigint;
BEGIN
  IF v_n = 0 OR v_n <> coalesce(array_length(p_payouts, 1), 0)
     OR EXISTS (SELECT 1 FROM unnest(p_payouts) x WHERE x IS NULL OR x < 0) THEN
    RAISE EXCEPTION 'ledger: one payout of zero or more per hold' USING ERRCODE = 'LD005';
  END IF;
  SELECT count(*), count(*) FILTER (WHERE l.status = 'active') INTO v_found, v_active
    FROM (SELECT h.status FROM ledger_holds h WHERE h.id = ANY (p_holds) AND h.merchant_code = p_merchant
           ORDER BY h.id FOR UPDATE) l;
  IF v_found <> v_n THEN
    RAISE EXCEPTION 'ledger: unknown or repeated hold among %', v_n USING ERRCODE = 'LD004';
  END IF;
  IF v_active <> v_n THEN
    RAISE EXCEPTION 'ledger: % of % holds are already settled', v_n - v_active, v_n USING ERRCODE = 'LD003';
  END IF;

  IF to_regclass('pg_temp.ledger_settle_groups') IS NULL THEN
    CREATE TEMP TABLE ledger_settle_groups (
      account_id bigint PRIMARY KEY, captured bigint NOT NULL, paid bigint NOT NULL, first_hold bigint NOT NULL,
      balance_before bigint, stake_tx bigint, payout_tx bigint
    ) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM ledger_settle_groups;
  INSERT INTO ledger_settle_groups (account_id, captured, paid, first_hold)
  SELECT h.account_id, sum(h.amount), sum(p.payout), min(h.id)
    FROM unnest(p_holds, p_payouts) AS p(hold_id, payout) JOIN ledger_holds h ON h.id = p.hold_id
   GROUP BY h.account_id;

  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT g.account_id FROM ledger_settle_groups g) OR a.id = p_house ORDER BY a.id FOR UPDATE;
  SELECT a.balance INTO v_house FROM ledger_accounts a
   WHERE a.id = p_house AND a.merchant_code = p_merchant AND a.owner_type = 'house';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: unknown house account %', p_house USING ERRCODE = 'LD004';
  END IF;
  UPDATE ledger_settle_groups g SET balance_before = a.balance,
         stake_tx = nextval(pg_get_serial_sequence('ledger_transactions', 'id')),
         payout_tx = CASE WHEN g.paid > 0 THEN nextval(pg_get_serial_sequence('ledger_transactions', 'id')) END
    FROM ledger_accounts a WHERE a.id = g.account_id;
  SELECT sum(g.captured), sum(g.paid) INTO v_captured, v_paid FROM ledger_settle_groups g;

  INSERT INTO ledger_transactions (id, merchant_code, type, idempotency_key, request_hash, reference)
  SELECT x.id, p_merchant, x.type, x.key, encode(sha256(convert_to(x.request, 'UTF8')), 'hex'), p_reference
    FROM (SELECT g.stake_tx AS id, p_stake_type AS type, p_key_prefix || ':stake:' || g.first_hold AS key,
                 format('capture|%s|%s|%s|%s', g.first_hold, g.account_id, g.captured, p_house) AS request
            FROM ledger_settle_groups g
          UNION ALL
          SELECT g.payout_tx, p_payout_type, p_key_prefix || ':payout:' || g.first_hold,
                 format('payout|%s|%s|%s|%s', g.first_hold, g.account_id, g.paid, p_house)
            FROM ledger_settle_groups g WHERE g.paid > 0) x
   ORDER BY x.id;

  -- Postings in the order their running balances are computed: every capture (member leg, then house leg, by
  -- account), then every payout (house leg, then member leg, by account).
  INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
  SELECT x.tx, x.account, x.amount, x.balance_after FROM (
    SELECT g.stake_tx AS tx, g.account_id AS account, -g.captured AS amount,
           g.balance_before - g.captured AS balance_after, g.account_id AS ord, 0 AS leg
      FROM ledger_settle_groups g
    UNION ALL
    SELECT g.stake_tx, p_house, g.captured, v_house + sum(g.captured) OVER (ORDER BY g.account_id), g.account_id, 1
      FROM ledger_settle_groups g) x
   ORDER BY x.ord, x.leg;
  INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
  SELECT x.tx, x.account, x.amount, x.balance_after FROM (
    SELECT g.payout_tx AS tx, p_house AS account, -g.paid AS amount,
           v_house + v_captured - sum(g.paid) OVER (ORDER BY g.account_id) AS balance_after, g.account_id AS ord,
           0 AS leg
      FROM ledger_settle_groups g WHERE g.paid > 0
    UNION ALL
    SELECT g.payout_tx, g.account_id, g.paid, g.balance_before - g.captured + g.paid, g.account_id, 1
      FROM ledger_settle_groups g WHERE g.paid > 0) x
   ORDER BY x.ord, x.leg;

  UPDATE ledger_accounts a SET balance = a.balance - g.captured + g.paid, held = a.held - g.captured
    FROM ledger_settle_groups g WHERE a.id = g.account_id;
  UPDATE ledger_accounts a SET balance = a.balance + v_captured - v_paid WHERE a.id = p_house;
  UPDATE ledger_holds h SET status = 'posted', settled_at = clock_timestamp(), settled_transaction_id = g.stake_tx
    FROM ledger_settle_groups g WHERE h.id = ANY (p_holds) AND h.account_id = g.account_id;

  RETURN QUERY SELECT g.account_id, g.captured, g.paid FROM ledger_settle_groups g ORDER BY g.account_id;
END;
$$;
--> statement-breakpoint

-- Ledger (decision 0100): releases many holds at once (a cancelled draw's bets). A hold already voided is left as it
-- is (a refund resumed after a crash); a posted one is refused (LD003) and nothing is written.
CREATE FUNCTION ledger_void_holds(p_merchant text, p_holds bigint[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(array_length(p_holds, 1), 0);
  v_found integer;
  v_posted integer;
  v_voided integer;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE l.status = 'posted') INTO v_found, v_posted
    FROM (SELECT h.status FROM ledger_holds h WHERE h.id = ANY (p_holds) AND h.merchant_code = p_merchant
           ORDER BY h.id FOR UPDATE) l;
  IF v_found <> v_n THEN
    RAISE EXCEPTION 'ledger: unknown or repeated hold among %', v_n USING ERRCODE = 'LD004';
  END IF;
  IF v_posted > 0 THEN
    RAISE EXCEPTION 'ledger: % of % holds are already posted', v_posted, v_n USING ERRCODE = 'LD003';
  END IF;
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT h.account_id FROM ledger_holds h WHERE h.id = ANY (p_holds) AND h.status = 'active')
   ORDER BY a.id FOR UPDATE;
  UPDATE ledger_accounts a SET held = a.held - s.amount
    FROM (SELECT h.account_id, sum(h.amount) AS amount FROM ledger_holds h
           WHERE h.id = ANY (p_holds) AND h.status = 'active' GROUP BY h.account_id) s
   WHERE a.id = s.account_id;
  UPDATE ledger_holds h SET status = 'voided', settled_at = clock_timestamp()
   WHERE h.id = ANY (p_holds) AND h.status = 'active';
  GET DIAGNOSTICS v_voided = ROW_COUNT;
  RETURN v_voided;
END;
$$;
--> statement-breakpoint

-- Ledger (decision 0100): the balance check at commit reads the transaction's postings by their index and each
-- posting's account by its key. The former join let the cached generic plan hash the whole of ledger_accounts on
-- every posting (the profile of a 5,000-ticket settlement: 28 ms per check at 600 accounts, most of the commit).
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric;
  v_legs integer;
  v_currencies integer;
BEGIN
  SELECT coalesce(sum(p.amount), 0), count(*),
         count(DISTINCT (SELECT a.currency FROM ledger_accounts a WHERE a.id = p.account_id))
    INTO v_total, v_legs, v_currencies
    FROM ledger_postings p
   WHERE p.transaction_id = NEW.transaction_id;
  IF v_total <> 0 OR v_legs < 2 OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % legs, % currencies)',
      NEW.transaction_id, v_total, v_legs, v_currencies USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
