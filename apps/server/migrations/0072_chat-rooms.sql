CREATE TABLE "chat_room_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_messages" (
	"room_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid,
	"author" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"removed_seq" integer,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_messages_room_id_seq_pk" PRIMARY KEY("room_id","seq"),
	CONSTRAINT "chat_room_messages_kind_check" CHECK ("chat_room_messages"."kind" IN ('message', 'removal'))
);
--> statement-breakpoint
CREATE TABLE "chat_room_mutes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"username" text NOT NULL,
	"muted_until" timestamp with time zone,
	"reason" text,
	"muted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"host_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_slow_mode_check" CHECK ("chat_rooms"."slow_mode_seconds" BETWEEN 0 AND 3600)
);
--> statement-breakpoint
ALTER TABLE "chat_room_messages" ADD CONSTRAINT "chat_room_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_messages" ADD CONSTRAINT "chat_room_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_mutes" ADD CONSTRAINT "chat_room_mutes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_host_id_chat_room_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."chat_room_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_room_hosts_merchant_idx" ON "chat_room_hosts" USING btree ("merchant_code","name");--> statement-breakpoint
CREATE INDEX "chat_room_messages_member_idx" ON "chat_room_messages" USING btree ("room_id","member_id","seq");--> statement-breakpoint
CREATE INDEX "chat_room_mutes_merchant_idx" ON "chat_room_mutes" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "chat_rooms_merchant_idx" ON "chat_rooms" USING btree ("merchant_code","name");--> statement-breakpoint
CREATE INDEX "chat_rooms_host_idx" ON "chat_rooms" USING btree ("host_id");