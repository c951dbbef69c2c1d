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
ALTER TABLE "bet_rounds" ADD COLUMN "rebate_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_merchant_code_rebate_settings_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."rebate_settings"("merchant_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_claims_member_idx" ON "rebate_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "rebate_claims_merchant_idx" ON "rebate_claims" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "bet_rounds_rebate_pending_idx" ON "bet_rounds" USING btree ("member_id","game_type") WHERE "bet_rounds"."status" = 'settled' AND "bet_rounds"."rebate_claim_id" IS NULL AND "bet_rounds"."valid_bet" > 0;