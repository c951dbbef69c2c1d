CREATE TABLE "points_balances" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balances_nonnegative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"type" text NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"source_key" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_delta_nonzero" CHECK ("points_entries"."delta" <> 0),
	CONSTRAINT "points_entries_balance_nonnegative" CHECK ("points_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"names" jsonb NOT NULL,
	"image_url" text,
	"points_required" bigint NOT NULL,
	"amount_required" bigint DEFAULT 0 NOT NULL,
	"cash_value" bigint DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"available" integer NOT NULL,
	"per_member_limit" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_items_available" CHECK ("points_items"."available" >= 0 AND "points_items"."available" <= "points_items"."quantity"),
	CONSTRAINT "points_items_points_positive" CHECK ("points_items"."points_required" > 0),
	CONSTRAINT "points_items_amounts" CHECK ("points_items"."amount_required" >= 0 AND "points_items"."cash_value" >= 0),
	CONSTRAINT "points_items_kind" CHECK ("points_items"."kind" IN ('cash', 'physical'))
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"amount_paid" bigint NOT NULL,
	"cash_credited" bigint NOT NULL,
	"status" text NOT NULL,
	"address" text,
	"mobile_num" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "points_redemptions_status" CHECK ("points_redemptions"."status" IN ('in_process', 'approved', 'rejected')),
	CONSTRAINT "points_redemptions_quantity" CHECK ("points_redemptions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_rules" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"rates" jsonb NOT NULL,
	"convert_ratio" bigint NOT NULL,
	"rules_text" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_item_id_points_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_source_key" ON "points_entries" USING btree ("merchant_code","source_key");--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_items_merchant_idx" ON "points_items" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_request" ON "points_redemptions" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_reference" ON "points_redemptions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "points_redemptions_member_idx" ON "points_redemptions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "points_redemptions_queue_idx" ON "points_redemptions" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "points_redemptions_item_member_idx" ON "points_redemptions" USING btree ("item_id","member_id");--> statement-breakpoint
-- Points entries are append-only (decision 0059): a correction is a new entry, never an edit.
CREATE FUNCTION points_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_entries is append-only' USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER points_entries_no_update BEFORE UPDATE OR DELETE ON points_entries
  FOR EACH ROW EXECUTE FUNCTION points_entries_append_only();
