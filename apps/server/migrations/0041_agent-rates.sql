DROP INDEX "agent_closure_descendant_idx";--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "rates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "agent_closure_descendant_idx" ON "agent_closure" USING btree ("descendant_id");--> statement-breakpoint
-- Room on each page for a row's next version (decision 0057): a branch move shifts distances and depths in place,
-- and a new version on the same page skips every index (a heap-only update). New pages only; not in the schema
-- language, so written here by hand.
ALTER TABLE "agent_closure" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "agent_nodes" SET (fillfactor = 80);
