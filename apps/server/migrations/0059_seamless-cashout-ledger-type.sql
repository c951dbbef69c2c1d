-- A seamless cash-out is posted as its own ledger type, `game_cashout` (issue 32, decision 0133), so the member's
-- account record and the back office name it rather than showing a game win. Responsible gaming counts it as the win
-- it is (the provider's offer paid for an open bet), lowering the net loss like `game_win`. Cash-outs posted before
-- this migration keep their type `game_win` (ledger transactions are immutable), marked `cashout: true` in metadata.
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
    WHEN v_type IN ('game_win', 'game_cashout', 'game_promo', 'inhouse.payout', 'lottery_payout', 'jackpot_win')
         AND NEW.amount > 0 THEN 'win'
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
