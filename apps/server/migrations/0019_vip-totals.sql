CREATE TABLE "vip_totals" (
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"merchant_code" text NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"valid_bets" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_totals_member_id_currency_pk" PRIMARY KEY("member_id","currency")
);
--> statement-breakpoint
ALTER TABLE "vip_totals" ADD CONSTRAINT "vip_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The running totals start from the sources' own totals (credited deposits, settled rounds' valid bets). An event
-- still undelivered when this runs is counted once more when it arrives: the totals only decide whether to evaluate.
INSERT INTO "vip_totals" ("member_id", "merchant_code", "currency", "deposits", "valid_bets")
SELECT member_id, merchant_code, currency, sum(deposits), sum(valid_bets) FROM (
  SELECT member_id, merchant_code, currency, amount AS deposits, 0::bigint AS valid_bets
    FROM deposit_orders WHERE status = 'succeeded'
  UNION ALL
  SELECT member_id, merchant_code, currency, 0::bigint, valid_bet FROM bet_rounds WHERE status = 'settled'
) sources GROUP BY member_id, merchant_code, currency;
