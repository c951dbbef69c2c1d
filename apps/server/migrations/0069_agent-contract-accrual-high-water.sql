-- Decision 0152: a statement takes its contract's accruals by a high-water mark over their insertion order instead of
-- marking each row with its statement. Existing rows are numbered so that the marks reproduce what was taken: the
-- rows taken by statements first, in their contract's chain order, then the rows still open.
CREATE SEQUENCE "agent_contract_accruals_seq_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "agent_contract_accruals" a SET "seq" = o.n
  FROM (SELECT a2.contract_id, a2.round_id,
               row_number() OVER (ORDER BY (a2.statement_id IS NULL), s.seq, a2.settled_at, a2.round_id) AS n
          FROM "agent_contract_accruals" a2 LEFT JOIN "agent_contract_statements" s ON s.id = a2.statement_id) o
 WHERE a.contract_id = o.contract_id AND a.round_id = o.round_id;--> statement-breakpoint
SELECT setval('agent_contract_accruals_seq_seq', coalesce((SELECT max("seq") FROM "agent_contract_accruals"), 0) + 1, false);--> statement-breakpoint
ALTER SEQUENCE "agent_contract_accruals_seq_seq" OWNED BY "agent_contract_accruals"."seq";--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ALTER COLUMN "seq" SET DEFAULT nextval('agent_contract_accruals_seq_seq');--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_statements" ADD COLUMN "taken_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each statement's mark: the highest number among the rows its own and its contract's earlier statements took.
UPDATE "agent_contract_statements" s SET "taken_through" = coalesce((
  SELECT max(a."seq") FROM "agent_contract_accruals" a JOIN "agent_contract_statements" s2 ON s2.id = a.statement_id
   WHERE s2.contract_id = s.contract_id AND s2.seq <= s.seq), 0);--> statement-breakpoint
DROP INDEX "agent_contract_accruals_open_idx";--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" DROP COLUMN "statement_id";--> statement-breakpoint
CREATE INDEX "agent_contract_accruals_seq_idx" ON "agent_contract_accruals" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE INDEX "agent_contract_accruals_time_idx" ON "agent_contract_accruals" USING btree ("contract_id","settled_at");
