CREATE TABLE "rg_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"duration" text NOT NULL,
	"all_merchants" boolean NOT NULL,
	"identity_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"origin_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "rg_blocks_kind" CHECK ("rg_blocks"."kind" IN ('break', 'self_exclusion'))
);
--> statement-breakpoint
CREATE TABLE "rg_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_merchant_code_member_id_kind_period_pk" PRIMARY KEY("merchant_code","member_id","kind","period"),
	CONSTRAINT "rg_limits_kind" CHECK ("rg_limits"."kind" IN ('deposit', 'loss', 'wager')),
	CONSTRAINT "rg_limits_period" CHECK ("rg_limits"."period" IN ('day', 'week', 'month')),
	CONSTRAINT "rg_limits_amount_positive" CHECK ("rg_limits"."amount" IS NULL OR "rg_limits"."amount" > 0),
	CONSTRAINT "rg_limits_pending_positive" CHECK ("rg_limits"."pending_amount" IS NULL OR "rg_limits"."pending_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rg_usage" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"lost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_usage_merchant_code_member_id_day_pk" PRIMARY KEY("merchant_code","member_id","day")
);
--> statement-breakpoint
CREATE INDEX "rg_blocks_member_idx" ON "rg_blocks" USING btree ("merchant_code","member_id");--> statement-breakpoint
CREATE INDEX "rg_blocks_identity_idx" ON "rg_blocks" USING gin ("identity_keys");--> statement-breakpoint
CREATE INDEX "rg_history_member_idx" ON "rg_history" USING btree ("merchant_code","member_id","at");--> statement-breakpoint

-- The responsible-gaming debit guard (issue 31, decision 0062). Every ledger posting, whichever module made it and
-- however (ledger_post from the service, from ledger_settle_hold, or from a module's own database function), fires
-- it in the same statement and transaction. For a member's posting it keeps the day's usage and refuses, with
-- SQLSTATE RG001 (a limit) or RG002 (a break or exclusion), a stake or deposit the member's choices forbid: the
-- statement fails, so nothing of the movement or the caller's rows is written. The day's usage row is locked by
-- its upsert (and the member's account already by ledger_post), so concurrent stakes are counted one at a time.
-- Transaction types: stakes game_bet, inhouse.stake; wins game_win, inhouse.payout; returned stakes
-- game_rollback, inhouse.refund; deposits deposit; promotions claimed reward. Periods are UTC days, ISO weeks
-- (from Monday) and calendar months.
CREATE FUNCTION rg_guard_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text;
  v_member text;
  v_type text;
  v_role text;
  v_day date := (now() AT TIME ZONE 'UTC')::date;
  v_deposited bigint := 0;
  v_wagered bigint := 0;
  v_lost bigint := 0;
  v_limit record;
  v_used bigint;
BEGIN
  SELECT a.merchant_code, a.owner_id INTO v_merchant, v_member
    FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.owner_type = 'member' AND a.kind <> 'points';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT t.type INTO v_type FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  v_role := CASE
    WHEN v_type IN ('game_bet', 'inhouse.stake') AND NEW.amount < 0 THEN 'stake'
    WHEN v_type IN ('game_win', 'inhouse.payout') AND NEW.amount > 0 THEN 'win'
    WHEN v_type IN ('game_rollback', 'inhouse.refund') AND NEW.amount > 0 THEN 'refund'
    WHEN v_type = 'deposit' AND NEW.amount > 0 THEN 'deposit'
    WHEN v_type = 'reward' AND NEW.amount > 0 THEN 'claim'
  END;
  IF v_role IS NULL THEN
    RETURN NULL;
  END IF;

  IF v_role IN ('stake', 'deposit', 'claim') AND EXISTS (
    SELECT 1 FROM rg_blocks b
     WHERE b.merchant_code = v_merchant AND b.member_id = v_member
       AND b.starts_at <= now() AND (b.ends_at IS NULL OR b.ends_at > now())
  ) THEN
    RAISE EXCEPTION 'responsible_gaming_blocked' USING ERRCODE = 'RG002', DETAIL = 'block:';
  END IF;
  IF v_role = 'claim' THEN
    RETURN NULL;
  END IF;

  CASE v_role
    WHEN 'stake' THEN v_wagered := -NEW.amount; v_lost := -NEW.amount;
    WHEN 'win' THEN v_lost := -NEW.amount;
    WHEN 'refund' THEN v_wagered := -NEW.amount; v_lost := -NEW.amount;
    ELSE v_deposited := NEW.amount;
  END CASE;
  INSERT INTO rg_usage AS u (merchant_code, member_id, day, deposited, wagered, lost)
  VALUES (v_merchant, v_member, v_day, v_deposited, v_wagered, v_lost)
  ON CONFLICT (merchant_code, member_id, day) DO UPDATE
    SET deposited = u.deposited + EXCLUDED.deposited,
        wagered = u.wagered + EXCLUDED.wagered,
        lost = u.lost + EXCLUDED.lost;
  IF v_role NOT IN ('stake', 'deposit') THEN
    RETURN NULL;
  END IF;

  FOR v_limit IN
    SELECT l.kind, l.period, l.amount FROM rg_limits l
     WHERE l.merchant_code = v_merchant AND l.member_id = v_member AND l.amount IS NOT NULL
       AND l.kind = ANY (CASE v_role WHEN 'deposit' THEN ARRAY['deposit'] ELSE ARRAY['wager', 'loss'] END)
     ORDER BY l.amount
  LOOP
    SELECT coalesce(sum(CASE v_limit.kind WHEN 'deposit' THEN u.deposited WHEN 'wager' THEN u.wagered ELSE u.lost END), 0)
      INTO v_used
      FROM rg_usage u
     WHERE u.merchant_code = v_merchant AND u.member_id = v_member AND u.day <= v_day
       AND u.day >= CASE v_limit.period
                      WHEN 'day' THEN v_day
                      WHEN 'week' THEN date_trunc('week', v_day)::date
                      ELSE date_trunc('month', v_day)::date
                    END;
    IF v_used > v_limit.amount THEN
      RAISE EXCEPTION 'responsible_gaming_limit' USING ERRCODE = 'RG001', DETAIL = v_limit.kind || ':' || v_limit.period;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rg_guard AFTER INSERT ON ledger_postings FOR EACH ROW EXECUTE FUNCTION rg_guard_posting();
