CREATE TABLE "demo_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"payout" bigint NOT NULL,
	"currency" text NOT NULL,
	"won_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_wins" ADD CONSTRAINT "demo_wins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_wins_merchant_idx" ON "demo_wins" USING btree ("merchant_code","won_at");