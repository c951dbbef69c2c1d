CREATE TABLE "rg_harm_facts" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"cancelled_withdrawals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_harm_facts_merchant_code_slot_member_id_pk" PRIMARY KEY("merchant_code","slot","member_id")
);
--> statement-breakpoint
CREATE TABLE "rg_harm_markers" (
	"merchant_code" text NOT NULL,
	"day" date NOT NULL,
	"member_id" text NOT NULL,
	"markers" text[] NOT NULL,
	"deposits_last_7" bigint NOT NULL,
	"deposits_prior_28" bigint NOT NULL,
	"limit_increases" integer NOT NULL,
	"stakes" bigint NOT NULL,
	"night_stakes" bigint NOT NULL,
	"cancelled_withdrawals" integer NOT NULL,
	CONSTRAINT "rg_harm_markers_merchant_code_day_member_id_pk" PRIMARY KEY("merchant_code","day","member_id"),
	CONSTRAINT "rg_harm_markers_some" CHECK (cardinality("rg_harm_markers"."markers") > 0)
);
--> statement-breakpoint
CREATE TABLE "rg_harm_runs" (
	"merchant_code" text NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flagged" integer NOT NULL,
	CONSTRAINT "rg_harm_runs_merchant_code_day_pk" PRIMARY KEY("merchant_code","day")
);
--> statement-breakpoint
CREATE INDEX "rg_harm_facts_member_idx" ON "rg_harm_facts" USING btree ("merchant_code","member_id","slot");--> statement-breakpoint

-- withdrawal.cancelled (decision 0109): a member's own withdrawal reaching 'cancelled' (its hold released), by the
-- same trigger function as withdrawal.paid, in the status change's own transaction.
CREATE TRIGGER withdrawal_orders_cancelled AFTER UPDATE OF status ON withdrawal_orders
  FOR EACH ROW EXECUTE FUNCTION orders_emit_on_status('withdrawal.cancelled', 'cancelled', 'withdrawalId');
