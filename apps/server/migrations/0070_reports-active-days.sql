CREATE TABLE "reports_active_days" (
	"merchant_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"chunk" integer NOT NULL,
	"members" bit varying NOT NULL,
	CONSTRAINT "reports_active_days_merchant_code_time_zone_day_chunk_pk" PRIMARY KEY("merchant_code","time_zone","day","chunk")
);
--> statement-breakpoint
CREATE TABLE "reports_active_zones" (
	"merchant_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_active_zones_merchant_code_time_zone_pk" PRIMARY KEY("merchant_code","time_zone")
);
