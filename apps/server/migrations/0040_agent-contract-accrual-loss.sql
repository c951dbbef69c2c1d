ALTER TABLE "agent_contract_accruals" ADD COLUMN "loss" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ADD COLUMN "member_id" uuid;