CREATE TABLE "agent_contract_accruals" (
	"contract_id" uuid NOT NULL,
	"round_id" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"valid_bet" bigint NOT NULL,
	"won" boolean NOT NULL,
	"share" bigint NOT NULL,
	"statement_id" uuid,
	CONSTRAINT "agent_contract_accruals_contract_id_round_id_pk" PRIMARY KEY("contract_id","round_id")
);
--> statement-breakpoint
CREATE TABLE "agent_contract_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_payments" (
	"statement_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_contract_payments_statement_id_seq_pk" PRIMARY KEY("statement_id","seq")
);
--> statement-breakpoint
CREATE TABLE "agent_contract_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"statement_id" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_contract_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"payer" text DEFAULT 'platform' NOT NULL,
	"allowed_kinds" text[] NOT NULL,
	"max_rates" jsonb NOT NULL,
	"notice_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"inputs" jsonb NOT NULL,
	"tier" integer,
	"rate_bp" integer,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"payer" text NOT NULL,
	"upline_id" uuid,
	"downline_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"top_rate_bp" integer NOT NULL,
	"period" text NOT NULL,
	"upline_id" uuid,
	"upline_account" text,
	"downline_id" uuid NOT NULL,
	"downline_account" text NOT NULL,
	"payer" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"replaces_id" uuid
);
--> statement-breakpoint
ALTER TABLE "agent_contract_accruals" ADD CONSTRAINT "agent_contract_accruals_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_events" ADD CONSTRAINT "agent_contract_events_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD CONSTRAINT "agent_contract_payments_statement_id_agent_contract_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."agent_contract_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_runs" ADD CONSTRAINT "agent_contract_runs_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_statements" ADD CONSTRAINT "agent_contract_statements_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_contract_accruals_open_idx" ON "agent_contract_accruals" USING btree ("contract_id","settled_at") WHERE "agent_contract_accruals"."statement_id" IS NULL;--> statement-breakpoint
CREATE INDEX "agent_contract_events_contract_idx" ON "agent_contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_runs_period_key" ON "agent_contract_runs" USING btree ("contract_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_runs_merchant_idx" ON "agent_contract_runs" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_statements_seq_key" ON "agent_contract_statements" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_statements_period_key" ON "agent_contract_statements" USING btree ("contract_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_statements_downline_idx" ON "agent_contract_statements" USING btree ("downline_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_statements_upline_idx" ON "agent_contract_statements" USING btree ("upline_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_statements_unpaid_idx" ON "agent_contract_statements" USING btree ("merchant_code") WHERE "agent_contract_statements"."status" IN ('partial', 'insufficient');--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_offer_key" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contracts_downline_idx" ON "agent_contracts" USING btree ("downline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_merchant_idx" ON "agent_contracts" USING btree ("merchant_code","offered_at");