-- Responsible gaming counts the seamless wallet's newer movements and the jackpot (issue 32, decision 0125):
--   * `game_tip` (member -> house in a round): money lost, not wagered. Refused like a stake while the member is on a
--     break or self-excluded (RG002) and when it would pass a loss limit (RG001); wager limits do not apply.
--   * `game_resettle` (a resettlement or void of a settled round, and a debt collected from a later credit, either
--     direction): only the member's net loss moves by the member's side of the posting. Never refused: it corrects a
--     result already played, and the never-overdraw path (decision 0117) already bounds what it takes.
--   * `jackpot_win` (the pool paid to a member) and `game_promo` (a provider's promotional payout, below): wins,
--     lowering the net loss like any other win.
CREATE OR REPLACE FUNCTION rg_apply(p_merchant text, p_member text, p_role text, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (now() AT TIME ZONE 'UTC')::date;
  v_deposited bigint := 0;
  v_wagered bigint := 0;
  v_lost bigint := 0;
  v_limit record;
  v_used bigint;
BEGIN
  IF p_role IN ('stake', 'tip', 'deposit', 'claim') AND EXISTS (
    SELECT 1 FROM rg_blocks b
     WHERE b.merchant_code = p_merchant AND b.member_id = p_member
       AND b.starts_at <= now() AND (b.ends_at IS NULL OR b.ends_at > now())
  ) THEN
    RAISE EXCEPTION 'responsible_gaming_blocked' USING ERRCODE = 'RG002', DETAIL = 'block:';
  END IF;
  IF p_role = 'claim' THEN
    RETURN;
  END IF;

  -- p_amount is the member's side of the movement: negative for a stake, positive for a win, return or deposit.
  CASE p_role
    WHEN 'stake' THEN v_wagered := -p_amount; v_lost := -p_amount;
    WHEN 'win' THEN v_lost := -p_amount;
    WHEN 'refund' THEN v_wagered := -p_amount; v_lost := -p_amount;
    WHEN 'tip' THEN v_lost := -p_amount;
    WHEN 'resettle' THEN v_lost := -p_amount;
    ELSE v_deposited := p_amount;
  END CASE;
  INSERT INTO rg_usage AS u (merchant_code, member_id, day, deposited, wagered, lost)
  VALUES (p_merchant, p_member, v_day, v_deposited, v_wagered, v_lost)
  ON CONFLICT (merchant_code, member_id, day) DO UPDATE
    SET deposited = u.deposited + EXCLUDED.deposited,
        wagered = u.wagered + EXCLUDED.wagered,
        lost = u.lost + EXCLUDED.lost;
  IF p_role NOT IN ('stake', 'tip', 'deposit') THEN
    RETURN;
  END IF;

  FOR v_limit IN
    SELECT l.kind, l.period, l.amount FROM rg_limits l
     WHERE l.merchant_code = p_merchant AND l.member_id = p_member AND l.amount IS NOT NULL
       AND l.kind = ANY (CASE p_role WHEN 'deposit' THEN ARRAY['deposit'] WHEN 'tip' THEN ARRAY['loss'] ELSE ARRAY['wager', 'loss'] END)
     ORDER BY l.amount
  LOOP
    SELECT coalesce(sum(CASE v_limit.kind WHEN 'deposit' THEN u.deposited WHEN 'wager' THEN u.wagered ELSE u.lost END), 0)
      INTO v_used
      FROM rg_usage u
     WHERE u.merchant_code = p_merchant AND u.member_id = p_member AND u.day <= v_day
       AND u.day >= CASE v_limit.period
                      WHEN 'day' THEN v_day
                      WHEN 'week' THEN date_trunc('week', v_day)::date
                      ELSE date_trunc('month', v_day)::date
                    END;
    IF v_used > v_limit.amount THEN
      RAISE EXCEPTION 'responsible_gaming_limit' USING ERRCODE = 'RG001', DETAIL = v_limit.kind || ':' || v_limit.period;
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rg_guard_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text;
  v_member text;
  v_type text;
  v_role text;
BEGIN
  SELECT a.merchant_code, a.owner_id INTO v_merchant, v_member
    FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.owner_type = 'member' AND a.kind <> 'points';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT t.type INTO v_type FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  v_role := CASE
    WHEN v_type IN ('game_bet', 'inhouse.stake') AND NEW.amount < 0 THEN 'stake'
    WHEN v_type IN ('game_win', 'game_promo', 'inhouse.payout', 'lottery_payout', 'jackpot_win') AND NEW.amount > 0
      THEN 'win'
    WHEN v_type = 'game_tip' AND NEW.amount < 0 THEN 'tip'
    WHEN v_type = 'game_resettle' THEN 'resettle'
    WHEN v_type IN ('game_rollback', 'inhouse.refund') AND NEW.amount > 0 THEN 'refund'
    WHEN v_type = 'deposit' AND NEW.amount > 0 THEN 'deposit'
    WHEN v_type = 'reward' AND NEW.amount > 0 THEN 'claim'
  END;
  IF v_role IS NOT NULL THEN
    PERFORM rg_apply(v_merchant, v_member, v_role, NEW.amount);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Providers: a promotional payout with no bet (a tournament prize, free-spin winnings, a prize drop; issue 32,
-- decision 0126) in one statement: the replay check under the transaction id's lock, the ledger movement (house
-- `game_providers` -> member main, type game_promo) prepared by the ledger's service, any open debt of the member
-- collected from it (as a win does), and the call recorded with its answer under the campaign id. It opens no
-- round and adds nothing to the betting record: it was never staked.
CREATE FUNCTION seamless_promo(
  p_provider text, p_tx text, p_campaign text, p_hash text, p_merchant text, p_member uuid, p_currency text,
  p_exponent integer, p_amount bigint, p_member_account bigint,
  p_ledger_type text, p_ledger_key text, p_ledger_hash text, p_ledger_reference text, p_ledger_metadata jsonb,
  p_ledger_accounts bigint[], p_ledger_amounts bigint[]
) RETURNS TABLE (response jsonb, moved boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_replay jsonb := seamless_replay(p_provider, p_tx, p_hash);
  v_ledger_tx bigint;
BEGIN
  IF v_replay IS NOT NULL THEN
    RETURN QUERY SELECT v_replay, false;
    RETURN;
  END IF;
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
  RETURN QUERY SELECT seamless_record(p_provider, p_tx, 'promo', p_campaign, p_merchant, p_member, p_amount, p_hash,
                                      p_currency, p_exponent, p_member_account, v_ledger_tx), true;
END;
$$;
--> statement-breakpoint

-- The back office's provider rounds (issue 32, decision 0127): open rounds oldest first, and every round newest first.
CREATE INDEX "seamless_rounds_open_idx" ON "seamless_rounds" USING btree ("merchant_code","created_at") WHERE "seamless_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "seamless_rounds_merchant_idx" ON "seamless_rounds" USING btree ("merchant_code","id");
