CREATE TABLE "crash_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"length" integer NOT NULL,
	"terminal_hash" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"game_number" integer NOT NULL,
	"game_hash" text NOT NULL,
	"crash_point" integer NOT NULL,
	"status" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inhouse_limits" (
	"merchant_code" text NOT NULL,
	"game" text NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inhouse_limits_merchant_code_game_pk" PRIMARY KEY("merchant_code","game"),
	CONSTRAINT "inhouse_limits_order" CHECK (0 < "inhouse_limits"."min_stake" AND "inhouse_limits"."min_stake" <= "inhouse_limits"."max_stake")
);
--> statement-breakpoint
CREATE TABLE "inhouse_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"game" text NOT NULL,
	"client_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"multiplier_numerator" bigint DEFAULT 0 NOT NULL,
	"multiplier_denominator" bigint DEFAULT 1 NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb,
	"seed_pair_id" uuid,
	"crash_round_id" bigint,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_rounds_stake_positive" CHECK ("inhouse_rounds"."stake" > 0),
	CONSTRAINT "inhouse_rounds_payout_not_negative" CHECK ("inhouse_rounds"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inhouse_seed_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "inhouse_seed_pairs_nonce_not_negative" CHECK ("inhouse_seed_pairs"."next_nonce" >= 0)
);
--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_rounds" ADD CONSTRAINT "inhouse_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_rounds" ADD CONSTRAINT "inhouse_rounds_seed_pair_id_inhouse_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."inhouse_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_seed_pairs" ADD CONSTRAINT "inhouse_seed_pairs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_game_key" ON "crash_rounds" USING btree ("chain_id","game_number");--> statement-breakpoint
CREATE INDEX "crash_rounds_status_idx" ON "crash_rounds" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_client_key" ON "inhouse_rounds" USING btree ("member_id","client_key");--> statement-breakpoint
CREATE INDEX "inhouse_rounds_recall_idx" ON "inhouse_rounds" USING btree ("member_id","game","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_open_mines_key" ON "inhouse_rounds" USING btree ("member_id") WHERE "inhouse_rounds"."game" = 'mines' AND "inhouse_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_crash_bet_key" ON "inhouse_rounds" USING btree ("crash_round_id","member_id") WHERE "inhouse_rounds"."crash_round_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_seed_pairs_active_key" ON "inhouse_seed_pairs" USING btree ("member_id") WHERE "inhouse_seed_pairs"."active";--> statement-breakpoint
CREATE INDEX "inhouse_seed_pairs_member_idx" ON "inhouse_seed_pairs" USING btree ("member_id","created_at");