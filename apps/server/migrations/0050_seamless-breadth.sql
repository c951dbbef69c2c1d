CREATE TABLE "seamless_debts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seamless_rounds" ADD COLUMN "tip_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ADD COLUMN "correction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_debts_provider_tx_key" ON "seamless_debts" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "seamless_debts_open_idx" ON "seamless_debts" USING btree ("member_id","currency","id") WHERE "seamless_debts"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "seamless_debts_merchant_idx" ON "seamless_debts" USING btree ("merchant_code","created_at");--> statement-breakpoint

-- The seamless wallet's breadth (docs/seamless-wallet.md, decisions 0117 and 0118): tips, resettlements with the
-- never-overdraw debt path, and the settled-round event for a correction. SQLSTATE SW000 as in migration 0013.

-- Ledger: locks accounts in id order (as ledger_post does), so a function can read an available balance that stays
-- true until its own ledger_post in the same transaction.
CREATE FUNCTION ledger_lock_accounts(p_accounts bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
END;
$$;
--> statement-breakpoint

-- Ledger: a two-leg movement decided inside a database function (its amount read under lock), through ledger_post.
-- Its request hash is derived from the key and the amount ('sql:' prefix: no TypeScript caller shares these keys).
CREATE FUNCTION ledger_post_transfer(
  p_merchant text, p_type text, p_key text, p_reference text, p_metadata jsonb, p_from bigint, p_to bigint,
  p_amount bigint
) RETURNS bigint LANGUAGE sql AS $$
  SELECT r.transaction_id
    FROM ledger_post(p_merchant, p_type, p_key, 'sql:' || md5(p_key || ':' || p_from || ':' || p_to || ':' || p_amount),
                     p_reference, p_metadata, ARRAY[p_from, p_to], ARRAY[-p_amount, p_amount]) r
   LIMIT 1
$$;
--> statement-breakpoint

-- Providers: collects the member's open debts (oldest first) from its available balance, after a credit. One
-- ledger movement (member main → house game_providers, type game_resettle) under p_key; returns what it took.
-- The caller holds the member's account lock (its credit's ledger_post, or ledger_lock_accounts).
CREATE FUNCTION seamless_collect_debts(
  p_merchant text, p_member uuid, p_currency text, p_member_account bigint, p_house_account bigint, p_key text,
  p_reference text
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_left bigint := greatest(ledger_available(p_member_account), 0);
  v_debt record;
  v_take bigint;
  v_total bigint := 0;
  v_debts jsonb := '[]'::jsonb;
BEGIN
  FOR v_debt IN SELECT d.id, d.outstanding FROM seamless_debts d
                 WHERE d.member_id = p_member AND d.currency = p_currency AND d.outstanding > 0
                 ORDER BY d.id FOR UPDATE LOOP
    EXIT WHEN v_left <= 0;
    v_take := least(v_debt.outstanding, v_left);
    UPDATE seamless_debts SET outstanding = outstanding - v_take, updated_at = now() WHERE id = v_debt.id;
    v_left := v_left - v_take;
    v_total := v_total + v_take;
    v_debts := v_debts || jsonb_build_array(jsonb_build_object('debtId', v_debt.id::text, 'amount', v_take::text));
  END LOOP;
  IF v_total > 0 THEN
    PERFORM ledger_post_transfer(p_merchant, 'game_resettle', p_key, p_reference,
                                 jsonb_build_object('debtCollection', v_debts), p_member_account, p_house_account,
                                 v_total);
  END IF;
  RETURN v_total;
END;
$$;
--> statement-breakpoint

-- Bets: a tip given in a round (not a stake, not turnover): kept in the round's details.
CREATE FUNCTION bet_rounds_add_tip(p_source text, p_provider text, p_round_ref text, p_amount bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE bet_rounds SET details = details || jsonb_build_object('tip',
           (coalesce((details->>'tip')::bigint, 0) + p_amount)::text)
   WHERE source = p_source AND provider = p_provider AND round_ref = p_round_ref
$$;
--> statement-breakpoint

-- Bets: a settled round's payout corrected (resettlement): the new total; the correction is counted in the
-- details, and the trigger bet_rounds_corrected emits the difference.
CREATE FUNCTION bet_rounds_correct_payout(p_source text, p_provider text, p_round_ref text, p_payout bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE bet_rounds SET payout = p_payout,
         details = details || jsonb_build_object('corrections', coalesce((details->>'corrections')::int, 0) + 1)
   WHERE source = p_source AND provider = p_provider AND round_ref = p_round_ref
$$;
--> statement-breakpoint

-- bet.settled for a correction of a settled round (decision 0118): the difference of what the round counts
-- (stake, valid bet, payout; a round no longer settled counts nothing) with `correction` naming it, so
-- subscribers add a difference and never count a second round. Only rows that were settled reach it (WHEN).
CREATE FUNCTION bet_rounds_emit_corrected() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_now boolean := NEW.status = 'settled';
  v_bet bigint := CASE WHEN v_now THEN NEW.bet_amount ELSE 0 END - OLD.bet_amount;
  v_valid bigint := CASE WHEN v_now THEN NEW.valid_bet ELSE 0 END - OLD.valid_bet;
  v_payout bigint := CASE WHEN v_now THEN NEW.payout ELSE 0 END - OLD.payout;
BEGIN
  IF v_bet = 0 AND v_valid = 0 AND v_payout = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM events_emit('bet.settled', NEW.merchant_code, jsonb_build_object(
    'roundId', NEW.id::text, 'merchantCode', NEW.merchant_code, 'memberId', NEW.member_id::text,
    'source', NEW.source, 'provider', NEW.provider, 'roundRef', NEW.round_ref, 'gameType', NEW.game_type,
    'currency', NEW.currency, 'betAmount', v_bet::text, 'validBet', v_valid::text, 'payout', v_payout::text,
    'settledAt', now(), 'correction', coalesce(NEW.details->>'corrections', '0'),
    'rounds', CASE WHEN v_now THEN 0 ELSE -1 END));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_rounds_corrected AFTER UPDATE OF status, bet_amount, valid_bet, payout ON bet_rounds
  FOR EACH ROW WHEN (OLD.status = 'settled') EXECUTE FUNCTION bet_rounds_emit_corrected();
--> statement-breakpoint

-- Providers: records an applied call with its answer (as seamless_record), the answer carrying extra fields.
CREATE FUNCTION seamless_record_with(
  p_provider text, p_tx text, p_kind text, p_round text, p_merchant text, p_member uuid, p_amount bigint,
  p_hash text, p_currency text, p_exponent integer, p_member_account bigint, p_ledger_tx bigint, p_extra jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_response jsonb := jsonb_build_object(
    'balance', seamless_format_minor(ledger_available(p_member_account), p_exponent),
    'currency', p_currency,
    'transactionId', p_tx,
    'platformTransactionId', p_ledger_tx::text) || coalesce(p_extra, '{}'::jsonb);
BEGIN
  INSERT INTO seamless_transactions (provider, transaction_id, kind, round_id, merchant_code, member_id, amount,
                                     reference_transaction_id, request_hash, outcome, response, ledger_transaction_id)
  VALUES (p_provider, p_tx, p_kind, p_round, p_merchant, p_member, p_amount, NULL, p_hash, 'ok', v_response,
          p_ledger_tx);
  RETURN v_response;
END;
$$;
--> statement-breakpoint

-- Providers: a tip (member → house, no win expected) in a round of the member that was not rolled back. Needs a
-- live session, like a bet. The movement was prepared by the ledger's service.
CREATE FUNCTION seamless_tip(
  p_session uuid, p_session_ttl interval, p_provider text, p_tx text, p_round text, p_hash text, p_merchant text,
  p_member uuid, p_currency text, p_exponent integer, p_amount bigint, p_member_account bigint,
  p_ledger_type text, p_ledger_key text, p_ledger_hash text, p_ledger_reference text, p_ledger_metadata jsonb,
  p_ledger_accounts bigint[], p_ledger_amounts bigint[]
) RETURNS TABLE (response jsonb, moved boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_refusal text := game_session_live(p_session, p_session_ttl);
  v_replay jsonb;
  v_round seamless_rounds%ROWTYPE;
  v_ledger_tx bigint;
BEGIN
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION '%', v_refusal USING ERRCODE = 'SW000';
  END IF;
  v_replay := seamless_replay(p_provider, p_tx, p_hash);
  IF v_replay IS NOT NULL THEN
    RETURN QUERY SELECT v_replay, false;
    RETURN;
  END IF;
  SELECT * INTO v_round FROM seamless_rounds r WHERE r.provider = p_provider AND r.round_id = p_round FOR UPDATE;
  IF NOT FOUND OR v_round.member_id <> p_member OR v_round.status = 'rolled_back' THEN
    RAISE EXCEPTION 'round_not_found' USING ERRCODE = 'SW000';
  END IF;
  SELECT r.transaction_id INTO v_ledger_tx
    FROM ledger_post(p_merchant, p_ledger_type, p_ledger_key, p_ledger_hash, p_ledger_reference, p_ledger_metadata,
                     p_ledger_accounts, p_ledger_amounts) r
   LIMIT 1;
  UPDATE seamless_rounds SET tip_total = tip_total + p_amount, updated_at = now() WHERE id = v_round.id;
  PERFORM bet_rounds_add_tip('seamless', p_provider, p_round, p_amount);
  RETURN QUERY SELECT seamless_record(p_provider, p_tx, 'tip', p_round, p_merchant, p_member, p_amount, p_hash,
                                      p_currency, p_exponent, p_member_account, v_ledger_tx), true;
END;
$$;
--> statement-breakpoint

-- Bets: a settled round voided by its provider (stake returned, win taken back): cancelled, counting nothing; the
-- trigger bet_rounds_corrected emits the differences (the round's figures, negated).
CREATE FUNCTION bet_rounds_void(p_source text, p_provider text, p_round_ref text)
RETURNS void LANGUAGE sql AS $$
  UPDATE bet_rounds SET status = 'cancelled', valid_bet = 0, payout = 0,
         details = details || jsonb_build_object('voided', true,
                                                 'corrections', coalesce((details->>'corrections')::int, 0) + 1)
   WHERE source = p_source AND provider = p_provider AND round_ref = p_round_ref
$$;
--> statement-breakpoint

-- Providers: a settled round's result corrected by the provider: p_kind 'resettle' (p_payout: the new total
-- payout) or 'void' (the stake returned and the payout taken back: the round counts nothing). Only the
-- difference moves: a credit (house → member, then the member's open debts are collected), or a debit that takes
-- at most the available balance and records the rest as a debt (seamless_debts): never an overdraft. The answer
-- carries `debt` when one was recorded. Accepted after the game token expired, like a win.
CREATE FUNCTION seamless_resettle(
  p_kind text, p_provider text, p_tx text, p_round text, p_hash text, p_merchant text, p_member uuid, p_currency text,
  p_exponent integer, p_payout bigint, p_member_account bigint, p_house_account bigint, p_game_id integer
) RETURNS TABLE (response jsonb, moved boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb := seamless_replay(p_provider, p_tx, p_hash);
  v_round seamless_rounds%ROWTYPE;
  v_key text := 'seamless:' || p_provider || ':' || p_tx;
  v_reference text := p_provider || ':' || p_round;
  v_metadata jsonb;
  v_delta bigint;
  v_take bigint := 0;
  v_debt bigint := 0;
  v_ledger_tx bigint;
BEGIN
  IF v_replay IS NOT NULL THEN
    RETURN QUERY SELECT v_replay, false;
    RETURN;
  END IF;
  SELECT * INTO v_round FROM seamless_rounds r WHERE r.provider = p_provider AND r.round_id = p_round FOR UPDATE;
  IF NOT FOUND OR v_round.member_id <> p_member THEN
    RAISE EXCEPTION 'round_not_found' USING ERRCODE = 'SW000';
  END IF;
  IF v_round.status <> 'settled' THEN
    RAISE EXCEPTION 'round_not_settled' USING ERRCODE = 'SW000';
  END IF;
  v_delta := CASE WHEN p_kind = 'void' THEN v_round.bet_total ELSE p_payout END - v_round.win_total;
  v_metadata := jsonb_build_object('provider', p_provider, 'roundId', p_round, 'transactionId', p_tx,
                                   'gameId', p_game_id, 'previousPayout', v_round.win_total::text)
                || CASE WHEN p_kind = 'void' THEN jsonb_build_object('void', true, 'stake', v_round.bet_total::text)
                        ELSE jsonb_build_object('payout', p_payout::text) END;
  PERFORM ledger_lock_accounts(ARRAY[p_member_account, p_house_account]);
  IF v_delta > 0 THEN
    v_ledger_tx := ledger_post_transfer(p_merchant, 'game_resettle', v_key, v_reference, v_metadata,
                                        p_house_account, p_member_account, v_delta);
    PERFORM seamless_collect_debts(p_merchant, p_member, p_currency, p_member_account, p_house_account,
                                   v_key || ':debt', v_reference);
  ELSIF v_delta < 0 THEN
    v_take := least(-v_delta, greatest(ledger_available(p_member_account), 0));
    v_debt := -v_delta - v_take;
    IF v_take > 0 THEN
      v_ledger_tx := ledger_post_transfer(p_merchant, 'game_resettle', v_key, v_reference,
                                          v_metadata || jsonb_build_object('debt', v_debt::text),
                                          p_member_account, p_house_account, v_take);
    END IF;
    IF v_debt > 0 THEN
      INSERT INTO seamless_debts (merchant_code, member_id, currency, provider, round_id, transaction_id, amount,
                                  outstanding)
      VALUES (p_merchant, p_member, p_currency, p_provider, p_round, p_tx, v_debt, v_debt);
    END IF;
  END IF;
  IF p_kind = 'void' THEN
    UPDATE seamless_rounds SET status = 'voided', updated_at = now() WHERE id = v_round.id;
    PERFORM bet_rounds_void('seamless', p_provider, p_round);
  ELSE
    UPDATE seamless_rounds SET win_total = p_payout, updated_at = now() WHERE id = v_round.id;
    PERFORM bet_rounds_correct_payout('seamless', p_provider, p_round, p_payout);
  END IF;
  RETURN QUERY SELECT seamless_record_with(p_provider, p_tx, p_kind, p_round, p_merchant, p_member, p_payout,
                                           p_hash, p_currency, p_exponent, p_member_account, v_ledger_tx,
                                           CASE WHEN v_debt > 0
                                                THEN jsonb_build_object('debt', seamless_format_minor(v_debt, p_exponent))
                                           END), v_ledger_tx IS NOT NULL;
END;
$$;
--> statement-breakpoint

-- Bets: a round closed by a cash-out (an open sports bet settled early at the provider's offer): recorded as such.
CREATE FUNCTION bet_rounds_mark_cashout(p_source text, p_provider text, p_round_ref text, p_amount bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE bet_rounds SET details = details || jsonb_build_object('cashout', p_amount::text)
   WHERE source = p_source AND provider = p_provider AND round_ref = p_round_ref
$$;
--> statement-breakpoint

-- Providers: a payout on an open round, p_kind 'win' (migration 0013's win) or 'cashout' (closes the round, marked
-- in the betting record). Collects the member's open debts from the credit (decision 0117): one probe of a partial
-- index inside the same statement, no round trip added.
CREATE FUNCTION seamless_pay(
  p_kind text, p_provider text, p_tx text, p_round text, p_hash text, p_merchant text, p_member uuid, p_currency text,
  p_exponent integer, p_amount bigint, p_round_closed boolean, p_member_account bigint,
  p_ledger_type text, p_ledger_key text, p_ledger_hash text, p_ledger_reference text, p_ledger_metadata jsonb,
  p_ledger_accounts bigint[], p_ledger_amounts bigint[]
) RETURNS TABLE (response jsonb, moved boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb := seamless_replay(p_provider, p_tx, p_hash);
  v_round seamless_rounds%ROWTYPE;
  v_ledger_tx bigint;
BEGIN
  IF v_replay IS NOT NULL THEN
    RETURN QUERY SELECT v_replay, false;
    RETURN;
  END IF;
  SELECT * INTO v_round FROM seamless_rounds r WHERE r.provider = p_provider AND r.round_id = p_round FOR UPDATE;
  IF NOT FOUND OR v_round.member_id <> p_member THEN
    RAISE EXCEPTION 'round_not_found' USING ERRCODE = 'SW000';
  END IF;
  IF v_round.status <> 'open' THEN
    RAISE EXCEPTION 'round_already_settled' USING ERRCODE = 'SW000';
  END IF;
  IF p_ledger_accounts IS NOT NULL THEN
    SELECT r.transaction_id INTO v_ledger_tx
      FROM ledger_post(p_merchant, p_ledger_type, p_ledger_key, p_ledger_hash, p_ledger_reference,
                       p_ledger_metadata, p_ledger_accounts, p_ledger_amounts) r
     LIMIT 1;
    IF EXISTS (SELECT 1 FROM seamless_debts d
                WHERE d.member_id = p_member AND d.currency = p_currency AND d.outstanding > 0) THEN
      PERFORM seamless_collect_debts(p_merchant, p_member, p_currency, p_member_account,
                                     (SELECT a FROM unnest(p_ledger_accounts) a WHERE a <> p_member_account LIMIT 1),
                                     p_ledger_key || ':debt', p_ledger_reference);
    END IF;
  END IF;
  UPDATE seamless_rounds
     SET win_total = win_total + p_amount,
         status = CASE WHEN p_round_closed THEN 'settled' ELSE status END,
         updated_at = now()
   WHERE id = v_round.id;
  IF p_kind = 'cashout' THEN
    PERFORM bet_rounds_mark_cashout('seamless', p_provider, p_round, p_amount);
  END IF;
  PERFORM bet_rounds_add_payout('seamless', p_provider, p_round, p_amount, p_round_closed, now());
  RETURN QUERY SELECT seamless_record(p_provider, p_tx, p_kind, p_round, p_merchant, p_member, p_amount, p_hash,
                                      p_currency, p_exponent, p_member_account, v_ledger_tx), v_ledger_tx IS NOT NULL;
END;
$$;
--> statement-breakpoint

-- Providers: a win (migration 0013), now through seamless_pay (debts collected from the credit).
CREATE OR REPLACE FUNCTION seamless_win(
  p_provider text, p_tx text, p_round text, p_hash text, p_merchant text, p_member uuid, p_currency text,
  p_exponent integer, p_amount bigint, p_round_closed boolean, p_member_account bigint,
  p_ledger_type text, p_ledger_key text, p_ledger_hash text, p_ledger_reference text, p_ledger_metadata jsonb,
  p_ledger_accounts bigint[], p_ledger_amounts bigint[]
) RETURNS TABLE (response jsonb, moved boolean) LANGUAGE sql AS $$
  SELECT * FROM seamless_pay('win', p_provider, p_tx, p_round, p_hash, p_merchant, p_member, p_currency, p_exponent,
                             p_amount, p_round_closed, p_member_account, p_ledger_type, p_ledger_key, p_ledger_hash,
                             p_ledger_reference, p_ledger_metadata, p_ledger_accounts, p_ledger_amounts)
$$;
