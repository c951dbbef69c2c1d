CREATE TABLE "deposit_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_proofs" ADD CONSTRAINT "deposit_proofs_deposit_id_deposit_orders_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_proofs_deposit_idx" ON "deposit_proofs" USING btree ("deposit_id");