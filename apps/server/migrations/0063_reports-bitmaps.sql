CREATE TABLE "reports_active_hours" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"chunk" integer NOT NULL,
	"members" bit varying NOT NULL,
	CONSTRAINT "reports_active_hours_merchant_code_hour_chunk_pk" PRIMARY KEY("merchant_code","hour","chunk")
);
--> statement-breakpoint
CREATE TABLE "reports_member_ordinals" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"ordinal" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_member_ordinals_merchant_idx" ON "reports_member_ordinals" USING btree ("merchant_code","ordinal");--> statement-breakpoint
-- Decision 0143: every member the rollups know gets its ordinal (in the order it first played), then the kept
-- per-member rows become bitmaps (players per hour) and ordinal sets (players per game and hour).
INSERT INTO "reports_member_ordinals" ("member_id", "merchant_code", "ordinal")
SELECT member_id, merchant_code, (row_number() OVER (PARTITION BY merchant_code ORDER BY min(first), member_id) - 1)::int
  FROM (SELECT merchant_code, member_id, min(hour) AS first FROM reports_player_hours WHERE rounds > 0 GROUP BY 1, 2
        UNION ALL
        SELECT merchant_code, member_id, min(hour) FROM reports_game_players GROUP BY 1, 2) x
 GROUP BY merchant_code, member_id;--> statement-breakpoint
INSERT INTO "reports_active_hours" ("merchant_code", "hour", "chunk", "members")
SELECT a.merchant_code, a.hour, o.ordinal >> 13, bit_or(set_bit(B'0'::bit(8192)::varbit, o.ordinal & 8191, 1))
  FROM (SELECT merchant_code, hour, member_id FROM reports_player_hours WHERE rounds > 0
        UNION
        SELECT merchant_code, hour, member_id FROM reports_game_players) a
  JOIN reports_member_ordinals o ON o.member_id = a.member_id
 GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TABLE "reports_game_player_sets" AS
SELECT g.merchant_code, g.hour, g.category, g.source, g.provider, array_agg(o.ordinal ORDER BY o.ordinal) AS members
  FROM reports_game_players g JOIN reports_member_ordinals o ON o.member_id = g.member_id
 GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
DROP TABLE "reports_game_players";--> statement-breakpoint
CREATE TABLE "reports_game_players" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"members" integer[] NOT NULL,
	CONSTRAINT "reports_game_players_merchant_code_hour_category_source_provider_pk" PRIMARY KEY("merchant_code","hour","category","source","provider")
);
--> statement-breakpoint
INSERT INTO "reports_game_players" SELECT * FROM "reports_game_player_sets";--> statement-breakpoint
DROP TABLE "reports_game_player_sets";--> statement-breakpoint
CREATE TABLE "reports_game_days" (
	"merchant_code" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"chunk" integer NOT NULL,
	"members" bit varying NOT NULL,
	CONSTRAINT "reports_game_days_merchant_code_day_category_source_provider_chunk_pk" PRIMARY KEY("merchant_code","day","category","source","provider","chunk")
);
--> statement-breakpoint
INSERT INTO "reports_game_days" ("merchant_code", "day", "category", "source", "provider", "chunk", "members")
SELECT merchant_code, (hour AT TIME ZONE 'UTC')::date, category, source, provider, o >> 13,
       bit_or(set_bit(B'0'::bit(8192)::varbit, o & 8191, 1))
  FROM reports_game_players, unnest(members) AS o
 GROUP BY 1, 2, 3, 4, 5, 6;
