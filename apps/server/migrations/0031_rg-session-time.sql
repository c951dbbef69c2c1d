CREATE TABLE "rg_reality_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"response" text NOT NULL,
	"elapsed_seconds" integer NOT NULL,
	"net_position" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_reality_checks_response" CHECK ("rg_reality_checks"."response" IN ('continue', 'stop'))
);
--> statement-breakpoint
CREATE TABLE "rg_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	"counted_seconds" integer DEFAULT 0 NOT NULL,
	"next_check_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "rg_settings" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_settings_merchant_code_member_id_pk" PRIMARY KEY("merchant_code","member_id"),
	CONSTRAINT "rg_settings_reality_check" CHECK ("rg_settings"."reality_check_minutes" IN (15, 30, 45, 60))
);
--> statement-breakpoint
ALTER TABLE "rg_limits" DROP CONSTRAINT "rg_limits_kind";--> statement-breakpoint
ALTER TABLE "rg_usage" ADD COLUMN "session_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rg_reality_checks_member_idx" ON "rg_reality_checks" USING btree ("merchant_code","member_id","at");--> statement-breakpoint
CREATE INDEX "rg_sessions_member_idx" ON "rg_sessions" USING btree ("merchant_code","member_id","started_at");--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_kind" CHECK ("rg_limits"."kind" IN ('deposit', 'loss', 'wager', 'session'));