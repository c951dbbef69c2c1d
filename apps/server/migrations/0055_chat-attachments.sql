CREATE TABLE "contact_chat_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_chat_messages" ADD COLUMN "attachment_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_chat_attachments" ADD CONSTRAINT "contact_chat_attachments_conversation_id_contact_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."contact_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_chat_attachments_conversation_idx" ON "contact_chat_attachments" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "contact_chat_messages" ADD CONSTRAINT "contact_chat_messages_attachment_id_contact_chat_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."contact_chat_attachments"("id") ON DELETE no action ON UPDATE no action;