CREATE TABLE "agent_team_active" (
	"ancestor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_active_ancestor_id_day_prev_day_pk" PRIMARY KEY("ancestor_id","day","prev_day")
);
--> statement-breakpoint
CREATE TABLE "agent_team_daily" (
	"ancestor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"merchant_code" text NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"valid_bets" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_daily_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
ALTER TABLE "agent_nodes" ADD COLUMN "team_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0057): the team totals of the trees and rollups kept before this migration, computed once
-- as the module's placements and subscribers would have left them. 93 = AGENT_RANGE_MAX_DAYS.
UPDATE "agent_nodes" n SET "team_size" = s.size
  FROM (SELECT ancestor_id, count(*)::int - 1 AS size FROM agent_closure GROUP BY ancestor_id) s
 WHERE s.ancestor_id = n.member_id;
--> statement-breakpoint
INSERT INTO "agent_team_daily" (ancestor_id, day, merchant_code, deposits, deposit_count, withdrawals, withdrawal_count,
  bets, valid_bets, payouts, bet_count, joined)
SELECT c.ancestor_id, s.day, min(n.merchant_code), sum(s.deposits), sum(s.deposit_count), sum(s.withdrawals),
       sum(s.withdrawal_count), sum(s.bets), sum(s.valid_bets), sum(s.payouts), sum(s.bet_count), sum(s.joined)
  FROM agent_closure c
  JOIN agent_nodes n ON n.member_id = c.ancestor_id
  JOIN (SELECT member_id, day, deposits, deposit_count, withdrawals, withdrawal_count, bets, valid_bets, payouts,
               bet_count, 0 AS joined FROM agent_daily_rollups
        UNION ALL
        SELECT member_id, (joined_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1 FROM agent_nodes) s
    ON s.member_id = c.descendant_id
 GROUP BY c.ancestor_id, s.day;
--> statement-breakpoint
INSERT INTO "agent_team_active" (ancestor_id, day, prev_day, members)
SELECT c.ancestor_id, s.day, CASE WHEN s.prev > s.day - 93 THEN s.prev ELSE '-infinity'::date END, count(*)::int
  FROM agent_closure c
  JOIN (SELECT member_id, day, lag(day) OVER (PARTITION BY member_id ORDER BY day) AS prev
          FROM agent_daily_rollups WHERE bet_count > 0) s ON s.member_id = c.descendant_id
 GROUP BY 1, 2, 3;
