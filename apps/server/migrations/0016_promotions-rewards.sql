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
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_source_key" ON "member_rewards" USING btree ("merchant_code","source_key");--> statement-breakpoint
CREATE INDEX "member_rewards_member_idx" ON "member_rewards" USING btree ("member_id","status","created_at");