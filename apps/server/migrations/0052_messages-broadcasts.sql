CREATE TABLE "message_broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"audience" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"fallback_language" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"recipients" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_broadcasts_status" CHECK ("message_broadcasts"."status" IN ('scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "message_broadcasts_merchant_idx" ON "message_broadcasts" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "message_broadcasts_due_idx" ON "message_broadcasts" USING btree ("send_at") WHERE "message_broadcasts"."status" = 'scheduled';