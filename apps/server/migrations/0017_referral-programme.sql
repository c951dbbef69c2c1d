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
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_referred_by_idx" ON "members" USING btree ("referred_by_id","created_at") WHERE "members"."referred_by_id" IS NOT NULL;