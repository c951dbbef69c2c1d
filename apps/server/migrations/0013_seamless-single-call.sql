-- A seamless-wallet bet or win in one statement (docs/seamless-wallet.md, decision 0018 and its amendment):
-- the idempotency lookup, the round, the ledger movement (through ledger_post), the provider transaction with its
-- answer and the betting record, applied by one function call that is its own transaction. Each module keeps
-- its SQL: ledger_* (ledger), bet_rounds_* (bets), game_session_* (games), seamless_* (providers).
-- SQLSTATE SW000: a refusal of the seamless wallet; its message is the error catalogue's code.

-- Ledger: the available balance (balance - held) of one account.
CREATE FUNCTION ledger_available(p_account bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT a.balance - a.held FROM ledger_accounts a WHERE a.id = p_account
$$;
--> statement-breakpoint

-- Games: whether a game session may stake now (balance, bet): its refusal, or NULL when live. Read on every call,
-- never cached: an expired token, a member locked or a merchant disabled after the launch. Activity keeps the
-- session alive: past half its life it is pushed to p_ttl from now.
CREATE FUNCTION game_session_live(p_session uuid, p_ttl interval) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_expires timestamptz;
  v_locked boolean;
  v_enabled boolean;
BEGIN
  SELECT gs.expires_at, m.locked_at IS NOT NULL, mc.enabled INTO v_expires, v_locked, v_enabled
    FROM game_sessions gs JOIN members m ON m.id = gs.member_id JOIN merchants mc ON mc.code = gs.merchant_code
   WHERE gs.id = p_session;
  IF NOT FOUND OR v_expires <= now() THEN
    RETURN 'game_token_invalid';
  END IF;
  IF v_locked THEN
    RETURN 'account_locked';
  END IF;
  IF NOT v_enabled THEN
    RETURN 'merchant_disabled';
  END IF;
  IF v_expires < now() + p_ttl / 2 THEN
    UPDATE game_sessions SET expires_at = now() + p_ttl WHERE id = p_session;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Bets: a stake on a round, opening it on the first one.
CREATE FUNCTION bet_rounds_add_bet(
  p_merchant text, p_member uuid, p_source text, p_provider text, p_round_ref text, p_game_id integer,
  p_game_type text, p_vendor text, p_currency text, p_details jsonb, p_amount bigint, p_at timestamptz
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO bet_rounds (merchant_code, member_id, source, provider, round_ref, game_id, game_type, vendor_code,
                          currency, details, bet_amount, status, placed_at)
  VALUES (p_merchant, p_member, p_source, p_provider, p_round_ref, p_game_id, p_game_type, p_vendor, p_currency,
          coalesce(p_details, '{}'::jsonb), p_amount, 'open', p_at)
  ON CONFLICT (source, provider, round_ref) DO UPDATE SET bet_amount = bet_rounds.bet_amount + excluded.bet_amount
$$;
--> statement-breakpoint

-- Bets: a payout on a round (0 allowed); p_close settles it (its stake becomes valid turnover).
CREATE FUNCTION bet_rounds_add_payout(
  p_source text, p_provider text, p_round_ref text, p_amount bigint, p_close boolean, p_at timestamptz
) RETURNS void LANGUAGE sql AS $$
  UPDATE bet_rounds SET payout = payout + p_amount,
         status = CASE WHEN p_close THEN 'settled' ELSE status END,
         valid_bet = CASE WHEN p_close THEN bet_amount ELSE valid_bet END,
         settled_at = CASE WHEN p_close THEN p_at ELSE settled_at END
   WHERE source = p_source AND provider = p_provider AND round_ref = p_round_ref
$$;
--> statement-breakpoint

-- Providers: a wire amount of minor units ("97.50" for 9750 with exponent 2), as formatMinor writes it.
CREATE FUNCTION seamless_format_minor(p_minor bigint, p_exponent integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_minor::numeric / (10::numeric ^ p_exponent), p_exponent)::text
$$;
--> statement-breakpoint

-- Providers: takes the transaction id's lock (a bet and its rollback apply one after the other) and answers a
-- repeat: the stored answer, or a refusal when the details differ or the first call was refused for good.
CREATE FUNCTION seamless_replay(p_provider text, p_tx text, p_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_outcome text;
  v_response jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('seamless:' || p_provider || ':' || p_tx, 0));
  SELECT t.request_hash, t.outcome, t.response INTO v_hash, v_outcome, v_response
    FROM seamless_transactions t WHERE t.provider = p_provider AND t.transaction_id = p_tx;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_hash <> p_hash THEN
    RAISE EXCEPTION 'idempotency_conflict' USING ERRCODE = 'SW000';
  END IF;
  IF v_outcome <> 'ok' THEN
    RAISE EXCEPTION '%', coalesce(v_response->>'errorCode', 'bet_not_found') USING ERRCODE = 'SW000';
  END IF;
  RETURN v_response;
END;
$$;
--> statement-breakpoint

-- Providers: records an applied call with its answer (the member's available balance after it).
CREATE FUNCTION seamless_record(
  p_provider text, p_tx text, p_kind text, p_round text, p_merchant text, p_member uuid, p_amount bigint,
  p_hash text, p_currency text, p_exponent integer, p_member_account bigint, p_ledger_tx bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_response jsonb := jsonb_build_object(
    'balance', seamless_format_minor(ledger_available(p_member_account), p_exponent),
    'currency', p_currency,
    'transactionId', p_tx,
    'platformTransactionId', p_ledger_tx::text);
BEGIN
  INSERT INTO seamless_transactions (provider, transaction_id, kind, round_id, merchant_code, member_id, amount,
                                     reference_transaction_id, request_hash, outcome, response, ledger_transaction_id)
  VALUES (p_provider, p_tx, p_kind, p_round, p_merchant, p_member, p_amount, NULL, p_hash, 'ok', v_response,
          p_ledger_tx);
  RETURN v_response;
END;
$$;
--> statement-breakpoint

-- Providers: the answer to `balance` for a live session: the refusal, or the member's available balance.
CREATE FUNCTION seamless_balance(p_session uuid, p_session_ttl interval, p_member_account bigint)
RETURNS TABLE (refusal text, available bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_refusal text := game_session_live(p_session, p_session_ttl);
BEGIN
  RETURN QUERY SELECT v_refusal, CASE WHEN v_refusal IS NULL THEN ledger_available(p_member_account) END;
END;
$$;
--> statement-breakpoint

-- Providers: a bet. The movement (p_ledger_*) was prepared by the ledger module's service; it is applied by
-- ledger_post, the ledger's only writer. Returns the answer and whether money moved (false for a repeat).
CREATE FUNCTION seamless_bet(
  p_session uuid, p_session_ttl interval, p_provider text, p_tx text, p_round text, p_hash text, p_merchant text, p_member uuid, p_game_id integer,
  p_game_type text, p_vendor text, p_currency text, p_exponent integer, p_amount bigint, p_member_account bigint,
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
  -- A rollback already came for this bet: it must never be taken afterwards.
  IF EXISTS (SELECT 1 FROM seamless_transactions t
              WHERE t.provider = p_provider AND t.reference_transaction_id = p_tx AND t.kind = 'rollback') THEN
    RAISE EXCEPTION 'bet_rolled_back' USING ERRCODE = 'SW000';
  END IF;
  INSERT INTO seamless_rounds (provider, round_id, merchant_code, member_id, game_id, currency, status)
  VALUES (p_provider, p_round, p_merchant, p_member, p_game_id, p_currency, 'open')
  ON CONFLICT (provider, round_id) DO UPDATE SET updated_at = now()
  RETURNING * INTO v_round;
  IF v_round.member_id <> p_member THEN
    RAISE EXCEPTION 'conflict' USING ERRCODE = 'SW000';
  END IF;
  IF v_round.status <> 'open' THEN
    RAISE EXCEPTION 'round_already_settled' USING ERRCODE = 'SW000';
  END IF;
  SELECT r.transaction_id INTO v_ledger_tx
    FROM ledger_post(p_merchant, p_ledger_type, p_ledger_key, p_ledger_hash, p_ledger_reference, p_ledger_metadata,
                     p_ledger_accounts, p_ledger_amounts) r
   LIMIT 1;
  UPDATE seamless_rounds SET bet_total = bet_total + p_amount, updated_at = now() WHERE id = v_round.id;
  PERFORM bet_rounds_add_bet(p_merchant, p_member, 'seamless', p_provider, p_round, p_game_id, p_game_type, p_vendor,
                             p_currency, '{}'::jsonb, p_amount, now());
  RETURN QUERY SELECT seamless_record(p_provider, p_tx, 'bet', p_round, p_merchant, p_member, p_amount, p_hash,
                                      p_currency, p_exponent, p_member_account, v_ledger_tx), true;
END;
$$;
--> statement-breakpoint

-- Providers: a win (0 allowed: a lost round moves no money); p_round_closed settles the round. The movement is
-- absent (p_ledger_accounts NULL) for a win of 0.
CREATE FUNCTION seamless_win(
  p_provider text, p_tx text, p_round text, p_hash text, p_merchant text, p_member uuid, p_currency text,
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
  END IF;
  UPDATE seamless_rounds
     SET win_total = win_total + p_amount,
         status = CASE WHEN p_round_closed THEN 'settled' ELSE status END,
         updated_at = now()
   WHERE id = v_round.id;
  PERFORM bet_rounds_add_payout('seamless', p_provider, p_round, p_amount, p_round_closed, now());
  RETURN QUERY SELECT seamless_record(p_provider, p_tx, 'win', p_round, p_merchant, p_member, p_amount, p_hash,
                                      p_currency, p_exponent, p_member_account, v_ledger_tx), v_ledger_tx IS NOT NULL;
END;
$$;
