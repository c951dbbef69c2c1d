CREATE TABLE "agent_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"account" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"agent_type" integer,
	"reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_closure" (
	"ancestor_id" uuid NOT NULL,
	"descendant_id" uuid NOT NULL,
	"distance" integer NOT NULL,
	CONSTRAINT "agent_closure_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "agent_daily_rollups" (
	"member_id" uuid NOT NULL,
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
	CONSTRAINT "agent_daily_rollups_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_nodes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account" text NOT NULL,
	"parent_id" uuid,
	"depth" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"agent_type" integer NOT NULL,
	"affiliate_code" text NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_applications_one_pending_key" ON "agent_applications" USING btree ("member_id") WHERE "agent_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_applications_queue_idx" ON "agent_applications" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "agent_applications_member_idx" ON "agent_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_closure_descendant_idx" ON "agent_closure" USING btree ("descendant_id","distance");--> statement-breakpoint
CREATE INDEX "agent_nodes_parent_idx" ON "agent_nodes" USING btree ("parent_id","joined_at");--> statement-breakpoint
CREATE INDEX "agent_nodes_merchant_top_idx" ON "agent_nodes" USING btree ("merchant_code") WHERE "agent_nodes"."parent_id" IS NULL;