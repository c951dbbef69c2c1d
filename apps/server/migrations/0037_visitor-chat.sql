ALTER TABLE "contact_conversations" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_conversations" ADD COLUMN "visitor_key_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_conversations_visitor_open_idx" ON "contact_conversations" USING btree ("visitor_key_hash") WHERE "contact_conversations"."status" <> 'resolved';--> statement-breakpoint
ALTER TABLE "contact_conversations" ADD CONSTRAINT "contact_conversations_owner" CHECK ("contact_conversations"."member_id" IS NOT NULL OR "contact_conversations"."visitor_key_hash" IS NOT NULL);