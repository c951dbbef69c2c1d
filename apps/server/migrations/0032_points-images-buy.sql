CREATE TABLE "points_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"media_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_items" ADD COLUMN "images" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "points_rules" ADD COLUMN "buy_ratio" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "points_images_merchant_idx" ON "points_images" USING btree ("merchant_code");--> statement-breakpoint
ALTER TABLE "points_items" DROP COLUMN "image_url";