CREATE TABLE "agent_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"max_depth" integer NOT NULL,
	"agents_create_agents" boolean NOT NULL,
	"transfer_down" text NOT NULL,
	"transfer_up" boolean NOT NULL,
	"default_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_max_depth" CHECK ("agent_settings"."max_depth" BETWEEN 1 AND 20),
	CONSTRAINT "agent_settings_transfer_down" CHECK ("agent_settings"."transfer_down" IN ('off', 'direct', 'any'))
);
