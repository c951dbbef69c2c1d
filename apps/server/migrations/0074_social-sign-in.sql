CREATE TABLE "social_sign_in_flows" (
	"state" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"intent" text NOT NULL,
	"member_id" uuid,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_sign_in_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"scopes" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_sign_in_flows" ADD CONSTRAINT "social_sign_in_flows_provider_id_social_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."social_sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_flows" ADD CONSTRAINT "social_sign_in_flows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_links" ADD CONSTRAINT "social_sign_in_links_provider_id_social_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."social_sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_links" ADD CONSTRAINT "social_sign_in_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_sign_in_flows_expires_idx" ON "social_sign_in_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_links_subject_idx" ON "social_sign_in_links" USING btree ("provider_id","issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_links_member_idx" ON "social_sign_in_links" USING btree ("provider_id","member_id");--> statement-breakpoint
CREATE INDEX "social_sign_in_links_member_only_idx" ON "social_sign_in_links" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "social_sign_in_providers_merchant_idx" ON "social_sign_in_providers" USING btree ("merchant_code","name");