CREATE TABLE "rg_kyc" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"tier" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"address" text NOT NULL,
	"basic_at" timestamp with time zone DEFAULT now() NOT NULL,
	"full_at" timestamp with time zone,
	CONSTRAINT "rg_kyc_merchant_code_member_id_pk" PRIMARY KEY("merchant_code","member_id"),
	CONSTRAINT "rg_kyc_tier" CHECK ("rg_kyc"."tier" IN ('unverified', 'basic', 'full'))
);
--> statement-breakpoint
CREATE TABLE "rg_kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_kyc_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "rg_kyc_reviews_status" CHECK ("rg_kyc_reviews"."status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rg_kyc_thresholds" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"unverified_max" bigint,
	"basic_max" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_kyc_documents" ADD CONSTRAINT "rg_kyc_documents_review_id_rg_kyc_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."rg_kyc_reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_kyc_documents_review_idx" ON "rg_kyc_documents" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "rg_kyc_reviews_member_idx" ON "rg_kyc_reviews" USING btree ("merchant_code","member_id");--> statement-breakpoint
CREATE INDEX "rg_kyc_reviews_queue_idx" ON "rg_kyc_reviews" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_kyc_reviews_one_pending" ON "rg_kyc_reviews" USING btree ("member_id") WHERE "rg_kyc_reviews"."status" = 'pending';