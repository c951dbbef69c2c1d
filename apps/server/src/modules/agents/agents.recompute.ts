/**
 * Every member's figures per UTC day, and a row of `joined` = 1 on the day its node joined: what the team totals
 * (decision 0057) are the sums of over the closure. For recomputations from scratch — the bench building its
 * tables, the tests checking the kept totals — never for a request.
 */
export const MEMBER_DAYS_SQL = `SELECT member_id, day, deposits, deposit_count, withdrawals, withdrawal_count, bets,
         valid_bets, payouts, bet_count, 0 AS joined FROM agent_daily_rollups
  UNION ALL
  SELECT member_id, (joined_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1 FROM agent_nodes`;
