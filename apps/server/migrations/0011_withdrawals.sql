CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"display" text NOT NULL,
	"holder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"payout_kind" text NOT NULL,
	"payout_display" text NOT NULL,
	"payout_details" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"hold_id" bigint,
	"ledger_transaction_id" bigint,
	"reason" text,
	"decided_by" text,
	"approved_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"auto_confirm_at" timestamp with time zone,
	"confirm_outcome" text,
	"amount_received" bigint,
	"remark" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_proofs" ADD CONSTRAINT "withdrawal_proofs_withdrawal_id_withdrawal_orders_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_methods_member_idx" ON "payout_methods" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_request_key" ON "withdrawal_orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_reference_key" ON "withdrawal_orders" USING btree ("merchant_code","reference");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_member_idx" ON "withdrawal_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_queue_idx" ON "withdrawal_orders" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_auto_confirm_idx" ON "withdrawal_orders" USING btree ("auto_confirm_at") WHERE "withdrawal_orders"."status" = 'disbursed';--> statement-breakpoint
CREATE INDEX "withdrawal_proofs_withdrawal_idx" ON "withdrawal_proofs" USING btree ("withdrawal_id");