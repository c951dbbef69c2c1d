CREATE TABLE "mission_board" (
	"merchant_code" text NOT NULL,
	"period" text NOT NULL,
	"period_key" text NOT NULL,
	"member_id" uuid NOT NULL,
	"username" text NOT NULL,
	"score" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_board_merchant_code_period_period_key_member_id_pk" PRIMARY KEY("merchant_code","period","period_key","member_id"),
	CONSTRAINT "mission_board_score_positive" CHECK ("mission_board"."score" > 0)
);
--> statement-breakpoint
CREATE TABLE "mission_board_counts" (
	"merchant_code" text NOT NULL,
	"period" text NOT NULL,
	"period_key" text NOT NULL,
	"score" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "mission_board_counts_merchant_code_period_period_key_score_pk" PRIMARY KEY("merchant_code","period","period_key","score"),
	CONSTRAINT "mission_board_counts_nonnegative" CHECK ("mission_board_counts"."members" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mission_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"progress" bigint NOT NULL,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"score" integer NOT NULL,
	"last_day" text,
	"completed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_progress_bounds" CHECK ("mission_progress"."progress" >= 0 AND "mission_progress"."progress" <= "mission_progress"."target"),
	CONSTRAINT "mission_progress_completed" CHECK (("mission_progress"."completed_at" IS NULL) = ("mission_progress"."progress" < "mission_progress"."target")),
	CONSTRAINT "mission_progress_claim_after_completion" CHECK ("mission_progress"."claimed_at" IS NULL OR "mission_progress"."completed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"category" text NOT NULL,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"score" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_target_positive" CHECK ("missions"."target" > 0),
	CONSTRAINT "missions_reward_nonnegative" CHECK ("missions"."reward" >= 0),
	CONSTRAINT "missions_score_nonnegative" CHECK ("missions"."score" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_board_rank_idx" ON "mission_board" USING btree ("merchant_code","period","period_key","score" DESC NULLS LAST,"reached_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_progress_member_period" ON "mission_progress" USING btree ("mission_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "mission_progress_member_idx" ON "mission_progress" USING btree ("member_id","period_key");--> statement-breakpoint
CREATE INDEX "mission_progress_claimable_idx" ON "mission_progress" USING btree ("member_id") WHERE "mission_progress"."completed_at" IS NOT NULL AND "mission_progress"."claimed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "missions_merchant_idx" ON "missions" USING btree ("merchant_code","sort_order");--> statement-breakpoint

-- member.logged_in (decision 0096): a successful login of a registered member, trial accounts (type 4) excepted,
-- in the login's own statement, for the missions that count days logged in.
CREATE FUNCTION member_logins_emit_logged_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text;
BEGIN
  SELECT merchant_code INTO v_merchant FROM members WHERE id = NEW.member_id AND type <> 4;
  IF v_merchant IS NOT NULL THEN
    PERFORM events_emit('member.logged_in', v_merchant, jsonb_build_object(
      'merchantCode', v_merchant, 'memberId', NEW.member_id::text, 'at', NEW.at));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_logins_logged_in AFTER INSERT ON member_logins
  FOR EACH ROW WHEN (NEW.success) EXECUTE FUNCTION member_logins_emit_logged_in();
