CREATE TABLE "member_vip" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"rank_level" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_vip_rank_not_negative" CHECK ("member_vip"."rank_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_code" text NOT NULL,
	"rank_level" integer NOT NULL,
	"names" jsonb NOT NULL,
	"deposit_requirement" bigint NOT NULL,
	"valid_bet_requirement" bigint NOT NULL,
	"upgrade_bonus" bigint NOT NULL,
	"benefits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_merchant_code_rank_level_pk" PRIMARY KEY("merchant_code","rank_level"),
	CONSTRAINT "vip_levels_rank_positive" CHECK ("vip_levels"."rank_level" >= 1),
	CONSTRAINT "vip_levels_amounts_not_negative" CHECK ("vip_levels"."deposit_requirement" >= 0 AND "vip_levels"."valid_bet_requirement" >= 0 AND "vip_levels"."upgrade_bonus" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;