ALTER TABLE "seamless_rounds" ADD COLUMN "timed_out_at" timestamp with time zone;--> statement-breakpoint

-- Providers: closes a provider's open rounds whose last call (updated_at) is older than its round timeout, each as a
-- round closed with no win (decision 0128): exactly what a provider's `win` of 0 with roundClosed does in
-- seamless_pay (the round settled, its betting record settled with a payout of 0, so the bet_rounds trigger emits
-- `bet.settled` once), with no ledger movement, and `timed_out_at` set. At most p_limit rounds, oldest call first;
-- rows another transaction holds (a provider's call under way, another run of the job) are skipped, so two runs
-- never close one round twice and a call in flight is never raced. A later win, bet, cash-out or rollback of a
-- closed round is refused by the wallet as it refuses any settled round (round_already_settled).
CREATE FUNCTION seamless_close_stale(p_provider text, p_timeout interval, p_limit integer)
RETURNS TABLE (merchant_code text, member_id uuid, round_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
BEGIN
  FOR v_round IN
    SELECT r.id, r.merchant_code, r.member_id, r.round_id FROM seamless_rounds r
     WHERE r.provider = p_provider AND r.status = 'open' AND r.updated_at < now() - p_timeout
     ORDER BY r.updated_at, r.id
     LIMIT p_limit
       FOR UPDATE SKIP LOCKED
  LOOP
    UPDATE seamless_rounds SET status = 'settled', timed_out_at = now(), updated_at = now() WHERE id = v_round.id;
    PERFORM bet_rounds_add_payout('seamless', p_provider, v_round.round_id, 0, true, now());
    merchant_code := v_round.merchant_code;
    member_id := v_round.member_id;
    round_id := v_round.round_id;
    RETURN NEXT;
  END LOOP;
END;
$$;
