-- The ledger's guarantees, enforced by the database itself (ARCHITECTURE.md section 4; decision 0011).
-- SQLSTATEs: LD001 idempotency key reused with other parameters; LD002 insufficient funds;
-- LD003 hold already settled the other way; LD004 unknown account or hold; LD005 malformed legs.

-- Transactions and postings are never updated or deleted.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- At commit, every transaction that received postings has at least two, in one currency, summing to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric;
  v_legs integer;
  v_currencies integer;
BEGIN
  SELECT coalesce(sum(p.amount), 0), count(*), count(DISTINCT a.currency)
    INTO v_total, v_legs, v_currencies
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.transaction_id = NEW.transaction_id;
  IF v_total <> 0 OR v_legs < 2 OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % legs, % currencies)',
      NEW.transaction_id, v_total, v_legs, v_currencies USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- Posts one balanced transaction, applying its idempotency key once. Accounts are locked in id order (no
-- deadlocks); a member account's available balance (balance - held) never goes below zero. A replay returns
-- the postings of the first application.
CREATE FUNCTION ledger_post(
  p_merchant text, p_type text, p_key text, p_hash text, p_reference text, p_metadata jsonb,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (transaction_id bigint, replayed boolean, account_id bigint, amount bigint, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_hash text;
  v_balance bigint;
  v_sum bigint := 0;
  v_legs integer := coalesce(array_length(p_accounts, 1), 0);
BEGIN
  IF v_legs < 2 OR v_legs <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'ledger: a transaction needs two or more legs' USING ERRCODE = 'LD005';
  END IF;
  FOR i IN 1..v_legs LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] = 0 THEN
      RAISE EXCEPTION 'ledger: leg % has no amount', i USING ERRCODE = 'LD005';
    END IF;
    v_sum := v_sum + p_amounts[i];
  END LOOP;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'ledger: legs sum to %, not zero', v_sum USING ERRCODE = 'LD005';
  END IF;

  BEGIN
    INSERT INTO ledger_transactions (merchant_code, type, idempotency_key, request_hash, reference, metadata)
    VALUES (p_merchant, p_type, p_key, p_hash, p_reference, coalesce(p_metadata, '{}'::jsonb))
    RETURNING id INTO v_tx;
  EXCEPTION WHEN unique_violation THEN
    SELECT t.id, t.request_hash INTO v_tx, v_hash
      FROM ledger_transactions t WHERE t.merchant_code = p_merchant AND t.idempotency_key = p_key;
    IF v_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger: idempotency key % reused with other parameters', p_key USING ERRCODE = 'LD001';
    END IF;
    RETURN QUERY SELECT v_tx, true, p.account_id, p.amount, p.balance_after
      FROM ledger_postings p WHERE p.transaction_id = v_tx ORDER BY p.id;
    RETURN;
  END;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
  FOR i IN 1..v_legs LOOP
    UPDATE ledger_accounts a SET balance = a.balance + p_amounts[i]
     WHERE a.id = p_accounts[i] AND a.merchant_code = p_merchant
       AND (a.allow_negative OR a.balance - a.held + p_amounts[i] >= 0)
    RETURNING a.balance INTO v_balance;
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p_accounts[i] AND a.merchant_code = p_merchant) THEN
        RAISE EXCEPTION 'ledger: insufficient funds in account %', p_accounts[i] USING ERRCODE = 'LD002';
      END IF;
      RAISE EXCEPTION 'ledger: unknown account %', p_accounts[i] USING ERRCODE = 'LD004';
    END IF;
    INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
    VALUES (v_tx, p_accounts[i], p_amounts[i], v_balance);
  END LOOP;

  RETURN QUERY SELECT v_tx, false, p.account_id, p.amount, p.balance_after
    FROM ledger_postings p WHERE p.transaction_id = v_tx ORDER BY p.id;
END;
$$;
--> statement-breakpoint

-- Reserves an amount of an account (withdrawal pending, bet open). Idempotent by key.
CREATE FUNCTION ledger_hold(
  p_merchant text, p_key text, p_hash text, p_account bigint, p_amount bigint, p_reference text
) RETURNS TABLE (hold_id bigint, replayed boolean, status text, amount bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_hash text;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'ledger: a hold needs a positive amount' USING ERRCODE = 'LD005';
  END IF;
  BEGIN
    INSERT INTO ledger_holds (merchant_code, account_id, amount, status, idempotency_key, request_hash, reference)
    VALUES (p_merchant, p_account, p_amount, 'active', p_key, p_hash, p_reference)
    RETURNING id INTO v_id;
  EXCEPTION WHEN unique_violation THEN
    SELECT h.id, h.request_hash INTO v_id, v_hash
      FROM ledger_holds h WHERE h.merchant_code = p_merchant AND h.idempotency_key = p_key;
    IF v_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger: idempotency key % reused with other parameters', p_key USING ERRCODE = 'LD001';
    END IF;
    RETURN QUERY SELECT h.id, true, h.status, h.amount FROM ledger_holds h WHERE h.id = v_id;
    RETURN;
  END;
  UPDATE ledger_accounts a SET held = a.held + p_amount
   WHERE a.id = p_account AND a.merchant_code = p_merchant AND (a.allow_negative OR a.balance - a.held >= p_amount);
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p_account AND a.merchant_code = p_merchant) THEN
      RAISE EXCEPTION 'ledger: insufficient funds in account %', p_account USING ERRCODE = 'LD002';
    END IF;
    RAISE EXCEPTION 'ledger: unknown account %', p_account USING ERRCODE = 'LD004';
  END IF;
  RETURN QUERY SELECT v_id, false, 'active'::text, p_amount;
END;
$$;
--> statement-breakpoint

-- Settles a hold exactly once: 'post' moves the held amount to p_to_account in one transaction; 'void'
-- releases it. Asking again for the same outcome returns it; asking for the other outcome is refused.
CREATE FUNCTION ledger_settle_hold(
  p_merchant text, p_hold bigint, p_action text, p_to_account bigint, p_type text, p_key text, p_hash text,
  p_reference text, p_metadata jsonb
) RETURNS TABLE (hold_id bigint, status text, replayed boolean, transaction_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold ledger_holds%ROWTYPE;
  v_tx bigint;
  v_status text := CASE p_action WHEN 'post' THEN 'posted' WHEN 'void' THEN 'voided' END;
BEGIN
  IF v_status IS NULL THEN
    RAISE EXCEPTION 'ledger: unknown hold action %', p_action USING ERRCODE = 'LD005';
  END IF;
  SELECT * INTO v_hold FROM ledger_holds h WHERE h.id = p_hold AND h.merchant_code = p_merchant FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: unknown hold %', p_hold USING ERRCODE = 'LD004';
  END IF;
  IF v_hold.status <> 'active' THEN
    IF v_hold.status = v_status THEN
      RETURN QUERY SELECT v_hold.id, v_hold.status, true, v_hold.settled_transaction_id;
      RETURN;
    END IF;
    RAISE EXCEPTION 'ledger: hold % is already %', p_hold, v_hold.status USING ERRCODE = 'LD003';
  END IF;
  PERFORM 1 FROM ledger_accounts a WHERE a.id IN (v_hold.account_id, p_to_account) ORDER BY a.id FOR UPDATE;
  UPDATE ledger_accounts a SET held = a.held - v_hold.amount WHERE a.id = v_hold.account_id;
  IF p_action = 'post' THEN
    SELECT r.transaction_id INTO v_tx
      FROM ledger_post(p_merchant, p_type, p_key, p_hash, p_reference, p_metadata,
                       ARRAY[v_hold.account_id, p_to_account], ARRAY[-v_hold.amount, v_hold.amount]) r
     LIMIT 1;
  END IF;
  UPDATE ledger_holds h SET status = v_status, settled_at = clock_timestamp(), settled_transaction_id = v_tx
   WHERE h.id = p_hold;
  RETURN QUERY SELECT v_hold.id, v_status, false, v_tx;
END;
$$;
