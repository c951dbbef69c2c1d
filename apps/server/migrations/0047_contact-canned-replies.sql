CREATE TABLE "contact_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"shortcut" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"language" text,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_chat_messages" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_canned_replies_shortcut_idx" ON "contact_canned_replies" USING btree ("merchant_code","shortcut");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_chat_messages_client_idx" ON "contact_chat_messages" USING btree ("client_message_id","conversation_id") WHERE "contact_chat_messages"."client_message_id" IS NOT NULL;