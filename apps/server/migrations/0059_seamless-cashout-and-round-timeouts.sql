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
$$;--> statement-breakpoint

-- A merchant's operators set a provider's round timeout in the back office (decision 0128, issue 32): one row per
-- merchant and provider overrides the provider's registered timeout for that merchant's rounds.
CREATE TABLE "seamless_provider_settings" (
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"round_timeout_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_provider_settings_merchant_code_provider_pk" PRIMARY KEY("merchant_code","provider"),
	CONSTRAINT "seamless_provider_settings_timeout" CHECK ("seamless_provider_settings"."round_timeout_hours" BETWEEN 1 AND 720)
);--> statement-breakpoint

-- Providers: seamless_close_stale (migration 0057) closes a round by its merchant's timeout for the provider when one
-- is set (seamless_provider_settings), else by p_timeout, the provider's registered timeout. Otherwise unchanged:
-- oldest call first, at most p_limit rounds, rows another transaction holds skipped.
CREATE OR REPLACE FUNCTION seamless_close_stale(p_provider text, p_timeout interval, p_limit integer)
RETURNS TABLE (merchant_code text, member_id uuid, round_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
BEGIN
  FOR v_round IN
    SELECT r.id, r.merchant_code, r.member_id, r.round_id FROM seamless_rounds r
      LEFT JOIN seamless_provider_settings s ON s.merchant_code = r.merchant_code AND s.provider = r.provider
     WHERE r.provider = p_provider AND r.status = 'open'
       AND r.updated_at < now() - coalesce(make_interval(hours => s.round_timeout_hours), p_timeout)
     ORDER BY r.updated_at, r.id
     LIMIT p_limit
       FOR UPDATE OF r SKIP LOCKED
  LOOP
    UPDATE seamless_rounds SET status = 'settled', timed_out_at = now(), updated_at = now() WHERE id = v_round.id;
    PERFORM bet_rounds_add_payout('seamless', p_provider, v_round.round_id, 0, true, now());
    merchant_code := v_round.merchant_code;
    member_id := v_round.member_id;
    round_id := v_round.round_id;
    RETURN NEXT;
  END LOOP;
END;
$$;
