ALTER TABLE "member_logins" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "regions" text[] DEFAULT '{}'::text[] NOT NULL;