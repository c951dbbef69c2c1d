CREATE TABLE "member_flags" (
	"member_id" uuid NOT NULL,
	"flag" text NOT NULL,
	"reason" text NOT NULL,
	"operator_username" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_flags_member_id_flag_pk" PRIMARY KEY("member_id","flag")
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"body" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports_member_games" (
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"valid_bets" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reports_member_games_member_id_currency_category_source_provider_pk" PRIMARY KEY("member_id","currency","category","source","provider")
);
--> statement-breakpoint
ALTER TABLE "reports_player_hours" ADD COLUMN "deposit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports_player_hours" ADD COLUMN "withdrawal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_flags" ADD CONSTRAINT "member_flags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","id");