-- Ledger (decision 0136): the same rules with less work per movement.
-- - ledger_post and ledger_hold apply their idempotency key with INSERT ... ON CONFLICT DO NOTHING instead of an
--   exception block: a PL/pgSQL block with EXCEPTION opens a subtransaction on every call, which every money
--   movement paid although a repeated key is rare. A concurrent first application of the same key is waited for
--   by the insert, as the unique index made it wait before; the repeat then reads the committed row.
-- - The deferred balance check fires once per posting at commit; the first check of a ledger transaction covers all
--   its legs, so the others return at once (remembered for the database transaction with set_config(..., true)).
CREATE OR REPLACE FUNCTION ledger_post(
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

  INSERT INTO ledger_transactions (merchant_code, type, idempotency_key, request_hash, reference, metadata)
  VALUES (p_merchant, p_type, p_key, p_hash, p_reference, coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT t.id, t.request_hash INTO v_tx, v_hash
      FROM ledger_transactions t WHERE t.merchant_code = p_merchant AND t.idempotency_key = p_key;
    IF v_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger: idempotency key % reused with other parameters', p_key USING ERRCODE = 'LD001';
    END IF;
    RETURN QUERY SELECT v_tx, true, p.account_id, p.amount, p.balance_after
      FROM ledger_postings p WHERE p.transaction_id = v_tx ORDER BY p.id;
    RETURN;
  END IF;

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

CREATE OR REPLACE FUNCTION ledger_hold(
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
  INSERT INTO ledger_holds (merchant_code, account_id, amount, status, idempotency_key, request_hash, reference)
  VALUES (p_merchant, p_account, p_amount, 'active', p_key, p_hash, p_reference)
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    SELECT h.id, h.request_hash INTO v_id, v_hash
      FROM ledger_holds h WHERE h.merchant_code = p_merchant AND h.idempotency_key = p_key;
    IF v_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger: idempotency key % reused with other parameters', p_key USING ERRCODE = 'LD001';
    END IF;
    RETURN QUERY SELECT h.id, true, h.status, h.amount FROM ledger_holds h WHERE h.id = v_id;
    RETURN;
  END IF;
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

CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric;
  v_legs integer;
  v_currencies integer;
BEGIN
  IF current_setting('ledger.balanced_checked', true) = NEW.transaction_id::text THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(p.amount), 0), count(*),
         count(DISTINCT (SELECT a.currency FROM ledger_accounts a WHERE a.id = p.account_id))
    INTO v_total, v_legs, v_currencies
    FROM ledger_postings p
   WHERE p.transaction_id = NEW.transaction_id;
  IF v_total <> 0 OR v_legs < 2 OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % legs, % currencies)',
      NEW.transaction_id, v_total, v_legs, v_currencies USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('ledger.balanced_checked', NEW.transaction_id::text, true);
  RETURN NULL;
END;
$$;
