CREATE TABLE "raffle_entries" (
	"raffle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"entry_no" integer NOT NULL,
	"deposit_total" bigint DEFAULT 0 NOT NULL,
	"valid_bet_total" bigint DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_entries_raffle_id_member_id_pk" PRIMARY KEY("raffle_id","member_id"),
	CONSTRAINT "raffle_entries_tickets" CHECK ("raffle_entries"."tickets" >= 0 AND "raffle_entries"."entry_no" >= 1)
);
--> statement-breakpoint
CREATE TABLE "raffle_ticket_sources" (
	"raffle_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_ticket_sources_raffle_id_source_key_pk" PRIMARY KEY("raffle_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "raffle_winners" (
	"raffle_id" uuid NOT NULL,
	"prize_index" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_winners_raffle_id_prize_index_pk" PRIMARY KEY("raffle_id","prize_index"),
	CONSTRAINT "raffle_winners_amount" CHECK ("raffle_winners"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"texts" jsonb NOT NULL,
	"tickets_from" timestamp with time zone NOT NULL,
	"tickets_to" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"ticket_per_deposit" bigint,
	"ticket_per_valid_bet" bigint,
	"prizes" bigint[] NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"drawn_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_window" CHECK ("raffles"."tickets_to" > "raffles"."tickets_from" AND "raffles"."draw_at" >= "raffles"."tickets_to"),
	CONSTRAINT "raffles_rules" CHECK (("raffles"."ticket_per_deposit" IS NULL OR "raffles"."ticket_per_deposit" > 0) AND ("raffles"."ticket_per_valid_bet" IS NULL OR "raffles"."ticket_per_valid_bet" > 0) AND ("raffles"."ticket_per_deposit" IS NOT NULL OR "raffles"."ticket_per_valid_bet" IS NOT NULL)),
	CONSTRAINT "raffles_prizes" CHECK (cardinality("raffles"."prizes") >= 1),
	CONSTRAINT "raffles_status" CHECK ("raffles"."status" IN ('open', 'drawn') AND ("raffles"."status" = 'drawn') = ("raffles"."drawn_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_ticket_sources" ADD CONSTRAINT "raffle_ticket_sources_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_entry_no" ON "raffle_entries" USING btree ("raffle_id","entry_no");--> statement-breakpoint
CREATE INDEX "raffle_entries_member_idx" ON "raffle_entries" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_winners_member" ON "raffle_winners" USING btree ("raffle_id","member_id");--> statement-breakpoint
CREATE INDEX "raffles_merchant_idx" ON "raffles" USING btree ("merchant_code","draw_at");--> statement-breakpoint
CREATE INDEX "raffles_due_idx" ON "raffles" USING btree ("draw_at") WHERE "raffles"."status" = 'open';