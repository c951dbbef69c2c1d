CREATE TABLE "contact_chat_messages" (
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_chat_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "contact_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"username" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"operator_id" uuid,
	"operator_username" text,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"member_read_seq" integer DEFAULT 0 NOT NULL,
	"desk_read_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"username" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_feedback_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "contact_feedback_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_feedback_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" uuid NOT NULL,
	"operator_id" uuid,
	"operator_username" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_chat_messages" ADD CONSTRAINT "contact_chat_messages_conversation_id_contact_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."contact_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_conversations" ADD CONSTRAINT "contact_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_feedback" ADD CONSTRAINT "contact_feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_feedback_images" ADD CONSTRAINT "contact_feedback_images_feedback_id_contact_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."contact_feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_feedback_replies" ADD CONSTRAINT "contact_feedback_replies_feedback_id_contact_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."contact_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_conversations_open_idx" ON "contact_conversations" USING btree ("member_id") WHERE "contact_conversations"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "contact_conversations_desk_idx" ON "contact_conversations" USING btree ("merchant_code","status","updated_at");--> statement-breakpoint
CREATE INDEX "contact_feedback_member_idx" ON "contact_feedback" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_feedback_queue_idx" ON "contact_feedback" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "contact_feedback_images_feedback_idx" ON "contact_feedback_images" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "contact_feedback_replies_feedback_idx" ON "contact_feedback_replies" USING btree ("feedback_id","id");