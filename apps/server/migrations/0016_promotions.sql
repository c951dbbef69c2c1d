CREATE TABLE "rebate_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"round_count" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_amount" CHECK ("rebate_claims"."amount" > 0 AND "rebate_claims"."amount" <= "rebate_claims"."total_amount")
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"merchant_code" text NOT NULL,
	"game_type" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	CONSTRAINT "rebate_rates_merchant_code_game_type_pk" PRIMARY KEY("merchant_code","game_type"),
	CONSTRAINT "rebate_rates_range" CHECK ("rebate_rates"."rate_ppm" BETWEEN 0 AND 100000)
);
--> statement-breakpoint
CREATE TABLE "rebate_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"minimum_amount" bigint NOT NULL,
	"maximum_amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_settings_minimum_positive" CHECK ("rebate_settings"."minimum_amount" > 0),
	CONSTRAINT "rebate_settings_maximum_order" CHECK ("rebate_settings"."maximum_amount" IS NULL OR "rebate_settings"."maximum_amount" >= "rebate_settings"."minimum_amount")
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"currency" text NOT NULL,
	"reward_per_friend" bigint NOT NULL,
	"qualifying_deposits" bigint NOT NULL,
	"max_rewarded_friends" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_amounts" CHECK ("referral_settings"."reward_per_friend" > 0 AND "referral_settings"."qualifying_deposits" > 0),
	CONSTRAINT "referral_settings_cap" CHECK ("referral_settings"."max_rewarded_friends" IS NULL OR "referral_settings"."max_rewarded_friends" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	CONSTRAINT "member_rewards_amount_positive" CHECK ("member_rewards"."amount" > 0),
	CONSTRAINT "member_rewards_status" CHECK ("member_rewards"."status" IN ('available', 'claimed')),
	CONSTRAINT "member_rewards_claim_recorded" CHECK (("member_rewards"."status" = 'claimed') = ("member_rewards"."claimed_at" IS NOT NULL AND "member_rewards"."ledger_transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "member_vip" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"rank_level" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_vip_rank_not_negative" CHECK ("member_vip"."rank_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_code" text NOT NULL,
	"rank_level" integer NOT NULL,
	"names" jsonb NOT NULL,
	"deposit_requirement" bigint NOT NULL,
	"valid_bet_requirement" bigint NOT NULL,
	"upgrade_bonus" bigint NOT NULL,
	"benefits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_merchant_code_rank_level_pk" PRIMARY KEY("merchant_code","rank_level"),
	CONSTRAINT "vip_levels_rank_positive" CHECK ("vip_levels"."rank_level" >= 1),
	CONSTRAINT "vip_levels_amounts_not_negative" CHECK ("vip_levels"."deposit_requirement" >= 0 AND "vip_levels"."valid_bet_requirement" >= 0 AND "vip_levels"."upgrade_bonus" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bet_rounds" ADD COLUMN "rebate_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_merchant_code_rebate_settings_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."rebate_settings"("merchant_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_claims_member_idx" ON "rebate_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "rebate_claims_merchant_idx" ON "rebate_claims" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_source_key" ON "member_rewards" USING btree ("merchant_code","source_key");--> statement-breakpoint
CREATE INDEX "member_rewards_member_idx" ON "member_rewards" USING btree ("member_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bet_rounds_rebate_pending_idx" ON "bet_rounds" USING btree ("member_id","game_type") WHERE "bet_rounds"."status" = 'settled' AND "bet_rounds"."rebate_claim_id" IS NULL AND "bet_rounds"."valid_bet" > 0;--> statement-breakpoint
CREATE INDEX "members_referred_by_idx" ON "members" USING btree ("referred_by_id","created_at") WHERE "members"."referred_by_id" IS NOT NULL;