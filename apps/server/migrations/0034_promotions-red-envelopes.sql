CREATE TABLE "red_envelope_shares" (
	"envelope_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" uuid,
	"bonus_id" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "red_envelope_shares_envelope_id_position_pk" PRIMARY KEY("envelope_id","position"),
	CONSTRAINT "red_envelope_shares_amount" CHECK ("red_envelope_shares"."amount" >= 1),
	CONSTRAINT "red_envelope_shares_claim" CHECK (("red_envelope_shares"."member_id" IS NULL) = ("red_envelope_shares"."claimed_at" IS NULL) AND ("red_envelope_shares"."bonus_id" IS NULL OR "red_envelope_shares"."member_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "red_envelopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"texts" jsonb NOT NULL,
	"total_amount" bigint NOT NULL,
	"shares" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"enabled" boolean NOT NULL,
	"min_vip_level" integer NOT NULL,
	"new_members_only" boolean NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"bonus_expiry_days" integer NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_envelopes_window" CHECK ("red_envelopes"."ends_at" > "red_envelopes"."starts_at"),
	CONSTRAINT "red_envelopes_split" CHECK ("red_envelopes"."shares" >= 1 AND "red_envelopes"."total_amount" >= "red_envelopes"."shares"),
	CONSTRAINT "red_envelopes_claimed" CHECK ("red_envelopes"."claimed" >= 0 AND "red_envelopes"."claimed" <= "red_envelopes"."shares")
);
--> statement-breakpoint
ALTER TABLE "red_envelope_shares" ADD CONSTRAINT "red_envelope_shares_envelope_id_red_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."red_envelopes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_shares" ADD CONSTRAINT "red_envelope_shares_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_shares_member" ON "red_envelope_shares" USING btree ("envelope_id","member_id");--> statement-breakpoint
CREATE INDEX "red_envelope_shares_member_idx" ON "red_envelope_shares" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "red_envelopes_merchant_idx" ON "red_envelopes" USING btree ("merchant_code","ends_at");