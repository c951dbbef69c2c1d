CREATE TABLE "agent_contract_member_blocks" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"merchant_code" text NOT NULL,
	CONSTRAINT "agent_contract_member_blocks_member_id_kind_starts_at_pk" PRIMARY KEY("member_id","kind","starts_at")
);
--> statement-breakpoint
CREATE INDEX "agent_contract_member_blocks_merchant_idx" ON "agent_contract_member_blocks" USING btree ("merchant_code","starts_at");--> statement-breakpoint
-- Custom: the blocks written before the contracts subscribed to member.blocked (decision 0110). The outbox keeps
-- delivered events 30 days only, so a block older than that would reach the new subscriber never; copied once here,
-- and the subscriber's own replay of the retained events finds these rows (primary key) and does nothing.
INSERT INTO "agent_contract_member_blocks" ("member_id", "kind", "starts_at", "ends_at", "merchant_code")
SELECT "member_id"::uuid, "kind", "starts_at", "ends_at", "merchant_code" FROM "rg_blocks"
 WHERE "member_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
ON CONFLICT DO NOTHING;
