-- The responsible-gaming debit guard also counts lottery tickets (issue 31, decision 0106). A ticket is not a
-- posting when it is bought: it is a hold on the member's account (ledger_hold, key `lottery:hold:<ticket>`),
-- captured at the draw by ledger_settle_holds as `lottery_stake` and paid as `lottery_payout`, or released by
-- ledger_void_holds when the draw is cancelled. The guard of migration 0021 saw none of these, so a member on a
-- break or past a wager or loss limit could still buy tickets. Now:
--   * rg_apply is the one check (blocks, the day's usage, every limit in force), called by both triggers below;
--   * rg_guard_posting classes postings as before, and `lottery_payout` as a win (the capture, `lottery_stake`,
--     was counted when the ticket was bought and is not counted again);
--   * rg_guard_hold counts a lottery hold as a stake when it is placed (refused with RG001/RG002 like any stake, so
--     the ticket is never written), and its release as a returned stake.
CREATE FUNCTION rg_apply(p_merchant text, p_member text, p_role text, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (now() AT TIME ZONE 'UTC')::date;
  v_deposited bigint := 0;
  v_wagered bigint := 0;
  v_lost bigint := 0;
  v_limit record;
  v_used bigint;
BEGIN
  IF p_role IN ('stake', 'deposit', 'claim') AND EXISTS (
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
    ELSE v_deposited := p_amount;
  END CASE;
  INSERT INTO rg_usage AS u (merchant_code, member_id, day, deposited, wagered, lost)
  VALUES (p_merchant, p_member, v_day, v_deposited, v_wagered, v_lost)
  ON CONFLICT (merchant_code, member_id, day) DO UPDATE
    SET deposited = u.deposited + EXCLUDED.deposited,
        wagered = u.wagered + EXCLUDED.wagered,
        lost = u.lost + EXCLUDED.lost;
  IF p_role NOT IN ('stake', 'deposit') THEN
    RETURN;
  END IF;

  FOR v_limit IN
    SELECT l.kind, l.period, l.amount FROM rg_limits l
     WHERE l.merchant_code = p_merchant AND l.member_id = p_member AND l.amount IS NOT NULL
       AND l.kind = ANY (CASE p_role WHEN 'deposit' THEN ARRAY['deposit'] ELSE ARRAY['wager', 'loss'] END)
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
    WHEN v_type IN ('game_win', 'inhouse.payout', 'lottery_payout') AND NEW.amount > 0 THEN 'win'
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
CREATE FUNCTION rg_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text;
  v_member text;
BEGIN
  IF NEW.idempotency_key NOT LIKE 'lottery:hold:%' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT (OLD.status = 'active' AND NEW.status = 'voided') THEN
    RETURN NULL;
  END IF;
  SELECT a.merchant_code, a.owner_id INTO v_merchant, v_member
    FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.owner_type = 'member' AND a.kind <> 'points';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM rg_apply(v_merchant, v_member, 'stake', -NEW.amount);
  ELSE
    PERFORM rg_apply(v_merchant, v_member, 'refund', NEW.amount);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rg_guard_hold_placed AFTER INSERT ON ledger_holds FOR EACH ROW EXECUTE FUNCTION rg_guard_hold();
--> statement-breakpoint
CREATE TRIGGER rg_guard_hold_released AFTER UPDATE OF status ON ledger_holds FOR EACH ROW EXECUTE FUNCTION rg_guard_hold();
--> statement-breakpoint
CREATE TABLE "rg_prompts" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_prompts_merchant_code_member_id_prompt_pk" PRIMARY KEY("merchant_code","member_id","prompt"),
	CONSTRAINT "rg_prompts_answer" CHECK (("rg_prompts"."prompt" = 'limits_offer' AND "rg_prompts"."answer" IN ('set', 'skipped')) OR ("rg_prompts"."prompt" = 'first_wager_info' AND "rg_prompts"."answer" = 'acknowledged'))
);
