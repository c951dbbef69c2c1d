CREATE TABLE "event_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"last_tx_id" bigint DEFAULT 0 NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_failures" (
	"subscriber" text NOT NULL,
	"event_id" bigint NOT NULL,
	"merchant_code" text NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"dead_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_failures_subscriber_event_id_pk" PRIMARY KEY("subscriber","event_id")
);
--> statement-breakpoint
CREATE TABLE "event_receipts" (
	"subscriber" text NOT NULL,
	"event_id" bigint NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_receipts_subscriber_event_id_pk" PRIMARY KEY("subscriber","event_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"name" text NOT NULL,
	"merchant_code" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_failures_due_idx" ON "event_failures" USING btree ("subscriber","next_attempt_at") WHERE "event_failures"."dead_at" IS NULL;--> statement-breakpoint
CREATE INDEX "event_failures_dead_idx" ON "event_failures" USING btree ("merchant_code","dead_at") WHERE "event_failures"."dead_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_position_idx" ON "events" USING btree ("tx_id","id");--> statement-breakpoint

-- Events (decision 0050): the one writer of the outbox. The notification wakes the dispatchers; PostgreSQL sends
-- it only when the transaction commits, once per transaction however many events it wrote.
CREATE FUNCTION events_emit(p_name text, p_merchant text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (name, merchant_code, payload) VALUES (p_name, p_merchant, p_payload);
  PERFORM pg_notify('tessera_events', '');
END;
$$;
--> statement-breakpoint

-- bet.settled: a round reaching 'settled' from any game source (in-house and crash through recordSettledRound and
-- recordPayout, seamless providers through seamless_win), in the statement's own transaction.
CREATE FUNCTION bet_rounds_emit_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'settled' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'settled') THEN
    PERFORM events_emit('bet.settled', NEW.merchant_code, jsonb_build_object(
      'roundId', NEW.id::text, 'merchantCode', NEW.merchant_code, 'memberId', NEW.member_id::text,
      'source', NEW.source, 'provider', NEW.provider, 'roundRef', NEW.round_ref, 'gameType', NEW.game_type,
      'currency', NEW.currency, 'betAmount', NEW.bet_amount::text, 'validBet', NEW.valid_bet::text,
      'payout', NEW.payout::text, 'settledAt', coalesce(NEW.settled_at, now())));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_rounds_settled AFTER INSERT OR UPDATE OF status ON bet_rounds
  FOR EACH ROW EXECUTE FUNCTION bet_rounds_emit_settled();
--> statement-breakpoint

-- deposit.credited (deposit_orders reaching 'succeeded': the gateway's callback or an operator's approval) and
-- withdrawal.paid (withdrawal_orders reaching 'disbursed', its hold captured: the desk or the crash healing).
-- Arguments: the event, the status that makes it true, and the payload's name for the order's id.
CREATE FUNCTION orders_emit_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = TG_ARGV[1] AND OLD.status IS DISTINCT FROM TG_ARGV[1] THEN
    PERFORM events_emit(TG_ARGV[0], NEW.merchant_code, jsonb_build_object(
      TG_ARGV[2], NEW.id::text, 'merchantCode', NEW.merchant_code, 'memberId', NEW.member_id::text,
      'currency', NEW.currency, 'amount', NEW.amount::text));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deposit_orders_credited AFTER UPDATE OF status ON deposit_orders
  FOR EACH ROW EXECUTE FUNCTION orders_emit_on_status('deposit.credited', 'succeeded', 'depositId');
--> statement-breakpoint
CREATE TRIGGER withdrawal_orders_paid AFTER UPDATE OF status ON withdrawal_orders
  FOR EACH ROW EXECUTE FUNCTION orders_emit_on_status('withdrawal.paid', 'disbursed', 'withdrawalId');
--> statement-breakpoint

-- member.registered: a member row created, free-play trial accounts (type 4) excepted.
CREATE FUNCTION members_emit_registered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_emit('member.registered', NEW.merchant_code, jsonb_build_object(
    'merchantCode', NEW.merchant_code, 'memberId', NEW.id::text, 'uplineId', NEW.upline_id::text,
    'referredById', NEW.referred_by_id::text));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_registered AFTER INSERT ON members
  FOR EACH ROW WHEN (NEW.type <> 4) EXECUTE FUNCTION members_emit_registered();
