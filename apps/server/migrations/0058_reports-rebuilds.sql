CREATE TABLE "reports_rebuilds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_username" text NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"days_total" integer NOT NULL,
	"days_done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"beat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_rebuilds_active_idx" ON "reports_rebuilds" USING btree ("merchant_code") WHERE "reports_rebuilds"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "reports_rebuilds_merchant_idx" ON "reports_rebuilds" USING btree ("merchant_code","created_at");