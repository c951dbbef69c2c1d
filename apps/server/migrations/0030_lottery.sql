CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" bigint NOT NULL,
	"draw_no" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"beacon" text,
	"numbers" smallint[],
	"status" text DEFAULT 'open' NOT NULL,
	"cancel_reason" text,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_status" CHECK ("lottery_draws"."status" IN ('open', 'drawn', 'settled', 'cancelled')),
	CONSTRAINT "lottery_draws_numbers" CHECK (("lottery_draws"."numbers" IS NULL) = ("lottery_draws"."status" IN ('open', 'cancelled')))
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"names" jsonb NOT NULL,
	"interval_seconds" integer NOT NULL,
	"close_seconds" integer NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"odds" jsonb NOT NULL,
	"catalogue_game_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_games_interval" CHECK ("lottery_games"."interval_seconds" >= 30),
	CONSTRAINT "lottery_games_close" CHECK ("lottery_games"."close_seconds" >= 0 AND "lottery_games"."close_seconds" < "lottery_games"."interval_seconds"),
	CONSTRAINT "lottery_games_stakes" CHECK ("lottery_games"."min_stake" > 0 AND "lottery_games"."max_stake" >= "lottery_games"."min_stake")
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"draw_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"line" smallint NOT NULL,
	"bet_type" text NOT NULL,
	"position" smallint,
	"numbers" smallint[],
	"side" text,
	"stake" bigint NOT NULL,
	"odds" integer NOT NULL,
	"currency" text NOT NULL,
	"hold_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_tickets_status" CHECK ("lottery_tickets"."status" IN ('pending', 'won', 'lost', 'refunded')),
	CONSTRAINT "lottery_tickets_stake" CHECK ("lottery_tickets"."stake" > 0 AND "lottery_tickets"."payout" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_game_no" ON "lottery_draws" USING btree ("game_id","draw_no");--> statement-breakpoint
CREATE INDEX "lottery_draws_due" ON "lottery_draws" USING btree ("draw_at") WHERE "lottery_draws"."status" IN ('open', 'drawn');--> statement-breakpoint
CREATE INDEX "lottery_draws_game_time" ON "lottery_draws" USING btree ("game_id","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code" ON "lottery_games" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_request" ON "lottery_tickets" USING btree ("member_id","request_id","line");--> statement-breakpoint
CREATE INDEX "lottery_tickets_pending" ON "lottery_tickets" USING btree ("draw_id") WHERE "lottery_tickets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw" ON "lottery_tickets" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_member" ON "lottery_tickets" USING btree ("member_id","created_at");