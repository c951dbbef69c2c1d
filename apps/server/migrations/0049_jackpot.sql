CREATE TABLE "jackpot_contributions" (
	"round_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"member_id" uuid NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_contributions_amount_not_negative" CHECK ("jackpot_contributions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"enabled" boolean NOT NULL,
	"seed" bigint NOT NULL,
	"share_bp" integer NOT NULL,
	"probability_ppb" integer NOT NULL,
	"eligible_games" jsonb NOT NULL,
	"value" bigint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_pools_merchant_code_currency_pk" PRIMARY KEY("merchant_code","currency"),
	CONSTRAINT "jackpot_pools_seed_not_negative" CHECK ("jackpot_pools"."seed" >= 0),
	CONSTRAINT "jackpot_pools_value_not_negative" CHECK ("jackpot_pools"."value" >= 0),
	CONSTRAINT "jackpot_pools_share_range" CHECK ("jackpot_pools"."share_bp" BETWEEN 0 AND 1000),
	CONSTRAINT "jackpot_pools_probability_range" CHECK ("jackpot_pools"."probability_ppb" BETWEEN 0 AND 1000000000)
);
--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"member_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"game" text NOT NULL,
	"amount" bigint NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint NOT NULL,
	"probability_ppb" integer NOT NULL,
	"draw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_wins_amount_positive" CHECK ("jackpot_wins"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "jackpot_contributions" ADD CONSTRAINT "jackpot_contributions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jackpot_contributions_merchant_idx" ON "jackpot_contributions" USING btree ("merchant_code","currency");--> statement-breakpoint
CREATE INDEX "jackpot_pools_updated_idx" ON "jackpot_pools" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_wins_round_key" ON "jackpot_wins" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "jackpot_wins_merchant_idx" ON "jackpot_wins" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "jackpot_wins_member_idx" ON "jackpot_wins" USING btree ("member_id","created_at");