CREATE TABLE "bonus_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"withdrawal_policy" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"source" text NOT NULL,
	"promotion_id" uuid,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"requirement" bigint NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"categories" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"granted_by" uuid,
	"grant_transaction_id" bigint NOT NULL,
	"finish_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bonuses_amount_positive" CHECK ("bonuses"."amount" > 0),
	CONSTRAINT "bonuses_wagered_range" CHECK ("bonuses"."wagered" >= 0 AND "bonuses"."wagered" <= "bonuses"."requirement"),
	CONSTRAINT "bonuses_released_wagered" CHECK ("bonuses"."status" <> 'released' OR "bonuses"."wagered" = "bonuses"."requirement"),
	CONSTRAINT "bonuses_finished" CHECK (("bonuses"."status" = 'active') = ("bonuses"."finished_at" IS NULL AND "bonuses"."finish_transaction_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "promotion_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"bonus_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_entries_issued_bonus" CHECK (("promotion_entries"."status" = 'issued') = ("promotion_entries"."bonus_id" IS NOT NULL)),
	CONSTRAINT "promotion_entries_remark_length" CHECK (char_length("promotion_entries"."remark") <= 140)
);
--> statement-breakpoint
CREATE TABLE "promotion_entry_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"texts" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"enabled" boolean NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"percent" integer NOT NULL,
	"fixed_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"min_deposit" bigint NOT NULL,
	"turnover_target" bigint NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"wagering_base" text NOT NULL,
	"wagering_categories" text[] NOT NULL,
	"bonus_expiry_days" integer NOT NULL,
	"frequency" text NOT NULL,
	"min_vip_level" integer NOT NULL,
	"new_members_only" boolean NOT NULL,
	"payment_channel_kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_window" CHECK ("promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_amounts" CHECK ("promotions"."fixed_amount" >= 0 AND "promotions"."max_amount" >= 0 AND "promotions"."min_deposit" >= 0 AND "promotions"."turnover_target" >= 0 AND "promotions"."percent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entry_images" ADD CONSTRAINT "promotion_entry_images_entry_id_promotion_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."promotion_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_source_key" ON "bonuses" USING btree ("merchant_code","source_key");--> statement-breakpoint
CREATE INDEX "bonuses_member_idx" ON "bonuses" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "bonuses_active_idx" ON "bonuses" USING btree ("member_id","currency","created_at") WHERE "bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bonuses_expiry_idx" ON "bonuses" USING btree ("expires_at") WHERE "bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bonuses_promotion_idx" ON "bonuses" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_entries_once" ON "promotion_entries" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "promotion_entries_member_idx" ON "promotion_entries" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "promotion_entries_queue_idx" ON "promotion_entries" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "promotion_entry_images_entry_idx" ON "promotion_entry_images" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "promotions_merchant_idx" ON "promotions" USING btree ("merchant_code","sort");