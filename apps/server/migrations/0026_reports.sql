CREATE TABLE "reports_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_username" text NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"query" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"row_count" integer,
	"file" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports_game_hourly" (
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"valid_bets" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_game_hourly_merchant_code_currency_hour_category_source_provider_pk" PRIMARY KEY("merchant_code","currency","hour","category","source","provider")
);
--> statement-breakpoint
CREATE TABLE "reports_game_players" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "reports_game_players_merchant_code_hour_category_source_provider_member_id_pk" PRIMARY KEY("merchant_code","hour","category","source","provider","member_id")
);
--> statement-breakpoint
CREATE TABLE "reports_hourly" (
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"valid_bets" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"reward_count" integer DEFAULT 0 NOT NULL,
	"rewards" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_hourly_merchant_code_currency_hour_pk" PRIMARY KEY("merchant_code","currency","hour")
);
--> statement-breakpoint
CREATE TABLE "reports_members" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"registered_at" timestamp with time zone,
	"source" text,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_currency" text,
	"first_deposit" bigint
);
--> statement-breakpoint
CREATE TABLE "reports_player_hours" (
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_player_hours_merchant_code_hour_member_id_pk" PRIMARY KEY("merchant_code","hour","member_id")
);
--> statement-breakpoint
CREATE TABLE "reports_reward_hourly" (
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_reward_hourly_merchant_code_currency_hour_kind_pk" PRIMARY KEY("merchant_code","currency","hour","kind")
);
--> statement-breakpoint
CREATE INDEX "reports_exports_operator_idx" ON "reports_exports" USING btree ("merchant_code","operator_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_exports_queued_idx" ON "reports_exports" USING btree ("created_at") WHERE "reports_exports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "reports_members_registered_idx" ON "reports_members" USING btree ("merchant_code","registered_at");--> statement-breakpoint
CREATE INDEX "reports_members_first_deposit_idx" ON "reports_members" USING btree ("merchant_code","first_deposit_at");--> statement-breakpoint
CREATE INDEX "reports_player_hours_member_idx" ON "reports_player_hours" USING btree ("member_id","hour");