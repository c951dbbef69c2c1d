ALTER TABLE "reports_player_hours" ADD COLUMN "valid_bets" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports_player_hours" ADD COLUMN "rewards" bigint DEFAULT 0 NOT NULL;