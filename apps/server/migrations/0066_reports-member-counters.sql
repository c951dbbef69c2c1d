CREATE TABLE "reports_registration_hourly" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_registration_hourly_merchant_code_hour_source_pk" PRIMARY KEY("merchant_code","hour","source")
);
--> statement-breakpoint
ALTER TABLE "reports_hourly" ADD COLUMN "first_depositors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 0147: the counters start as the counts of the kept per-member rows, per hour.
INSERT INTO "reports_registration_hourly" ("merchant_code", "hour", "source", "registrations")
SELECT merchant_code, date_trunc('hour', registered_at), COALESCE(source, 'direct'), count(*)
  FROM reports_members WHERE registered_at IS NOT NULL
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "reports_hourly" ("merchant_code", "currency", "hour", "first_depositors")
SELECT merchant_code, first_deposit_currency, date_trunc('hour', first_deposit_at), count(*)
  FROM reports_members WHERE first_deposit_at IS NOT NULL AND first_deposit_currency IS NOT NULL
 GROUP BY 1, 2, 3
ON CONFLICT ("merchant_code", "currency", "hour") DO UPDATE SET "first_depositors" = EXCLUDED."first_depositors";
