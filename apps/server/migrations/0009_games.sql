CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "bet_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"round_ref" text NOT NULL,
	"game_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"vendor_code" text NOT NULL,
	"currency" text NOT NULL,
	"bet_amount" bigint NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_games" (
	"member_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_classifications" (
	"game_type" text NOT NULL,
	"key" text NOT NULL,
	"names" jsonb NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "game_classifications_game_type_key_pk" PRIMARY KEY("game_type","key")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"provider_code" text,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"launch_kind" text NOT NULL,
	"provider_code" text,
	"palette" smallint NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"game_type" text NOT NULL,
	"classify" text,
	"game_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"support_play" smallint NOT NULL,
	"account_type_name" text NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"artwork_variant" smallint NOT NULL,
	"engine" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_game_settings" (
	"merchant_code" text NOT NULL,
	"game_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_hot" boolean,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sort" integer,
	"names" jsonb,
	"search_text" text,
	"custom_icon_url" text,
	"artwork_variant" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_game_settings_merchant_code_game_id_pk" PRIMARY KEY("merchant_code","game_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_vendor_settings" (
	"merchant_code" text NOT NULL,
	"vendor_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sort" integer,
	"display_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_vendor_settings_merchant_code_vendor_code_pk" PRIMARY KEY("merchant_code","vendor_code")
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"member_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "seamless_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"game_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reference_transaction_id" text,
	"request_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"response" jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_code_game_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."game_vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_game_settings" ADD CONSTRAINT "merchant_game_settings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_vendor_settings" ADD CONSTRAINT "merchant_vendor_settings_vendor_code_game_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."game_vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_rounds_source_key" ON "bet_rounds" USING btree ("source","provider","round_ref");--> statement-breakpoint
CREATE INDEX "bet_rounds_member_idx" ON "bet_rounds" USING btree ("member_id","placed_at");--> statement-breakpoint
CREATE INDEX "bet_rounds_wins_idx" ON "bet_rounds" USING btree ("merchant_code","settled_at") WHERE "bet_rounds"."status" = 'settled' AND "bet_rounds"."payout" > 0;--> statement-breakpoint
CREATE INDEX "favourite_games_member_idx" ON "favourite_games" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_game_idx" ON "game_sessions" USING btree ("game_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_key" ON "games" USING btree ("vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_lobby_idx" ON "games" USING btree ("game_type","vendor_code","sort","id");--> statement-breakpoint
CREATE INDEX "games_search_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_game_settings_search_trgm_idx" ON "merchant_game_settings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recent_games_member_idx" ON "recent_games" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_rounds_provider_round_key" ON "seamless_rounds" USING btree ("provider","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_provider_tx_key" ON "seamless_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_round_idx" ON "seamless_transactions" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_reference_idx" ON "seamless_transactions" USING btree ("provider","reference_transaction_id") WHERE "seamless_transactions"."reference_transaction_id" IS NOT NULL;