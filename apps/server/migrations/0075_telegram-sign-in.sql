CREATE TABLE "social_sign_in_telegram_uses" (
	"merchant_code" text NOT NULL,
	"hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_sign_in_telegram_uses_merchant_code_hash_pk" PRIMARY KEY("merchant_code","hash")
);
--> statement-breakpoint
ALTER TABLE "social_sign_in_providers" ADD COLUMN "kind" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
CREATE INDEX "social_sign_in_telegram_uses_expires_idx" ON "social_sign_in_telegram_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_providers_telegram_idx" ON "social_sign_in_providers" USING btree ("merchant_code") WHERE "social_sign_in_providers"."kind" = 'telegram';