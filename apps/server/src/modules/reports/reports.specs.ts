import { formatMinor, type ReportKind, type ReportQuery } from '@tessera/contracts';
import { ACTIVE_CHUNK_BITS, ACTIVE_CHUNK_MASK, ACTIVE_CHUNK_ZERO } from './reports.backfill';

/**
 * Each report as SQL over the reports' rollups: its columns, the statement giving every row of the range (one row
 * per group, keys `k1..k3`), its order, and the totals over every row. Parameters: $1 merchant, $2 currency,
 * $3 time zone, $4 the range's first instant, $5 the instant after its last local day; filters follow.
 */
export type ColumnKind = 'text' | 'money' | 'count' | 'percent';
export interface Column {
  key: string;
  kind: ColumnKind;
}
export interface ReportSpec {
  columns: Column[];
  /** Every row of the range, unordered; each row's values in column order as `c0..cN`. */
  sql: string;
  params: unknown[];
  orderBy: string;
  /** Totals over `(sql) r`, one value per column as `c0..cN` (null where a total means nothing). */
  totals: string;
  /** Columns holding a member id to be shown as its account name. */
  memberColumn?: number;
}

export interface SpecContext {
  merchantCode: string;
  currency: string;
  timeZone: string;
  fromIso: string;
  toIso: string;
}

const local = (column: string, unit: 'day' | 'week' | 'month') =>
  unit === 'day'
    ? `to_char(${column} AT TIME ZONE $3, 'YYYY-MM-DD')`
    : `to_char(date_trunc('${unit}', ${column} AT TIME ZONE $3), 'YYYY-MM-DD')`;
const pct = (part: string, whole: string) =>
  `CASE WHEN ${whole} = 0 THEN NULL ELSE round(${part}::numeric * 100 / ${whole}, 2) END`;
const col = (key: string, kind: ColumnKind): Column => ({ key, kind });
const sum = (c: string) => `sum(${c})`;

const gamesSpec = (q: ReportQuery<'games'>, ctx: SpecContext): ReportSpec => {
  const keys: Record<typeof q.groupBy, { exprs: string[]; names: string[] }> = {
    day: { exprs: [local('hour', 'day')], names: ['day'] },
    category: { exprs: ['category'], names: ['category'] },
    provider: { exprs: ['source', 'provider'], names: ['source', 'provider'] },
    game: { exprs: ['category', 'source', 'provider'], names: ['category', 'source', 'provider'] },
  };
  const { exprs, names } = keys[q.groupBy];
  // The range's whole UTC days (decision 0143: the games' players per day are bitmaps, the hours at either end of a
  // local range ordinal sets); none when the range holds no whole UTC day.
  const DAY = 86_400_000;
  const first = Date.parse(ctx.fromIso);
  const wholeFrom = Math.ceil(first / DAY) * DAY;
  const wholeTo = Math.floor(Date.parse(ctx.toIso) / DAY) * DAY;
  const [daysFrom, daysTo] = wholeFrom < wholeTo ? [wholeFrom, wholeTo] : [first, first];
  const params: unknown[] = [
    ctx.merchantCode,
    ctx.currency,
    ctx.timeZone,
    ctx.fromIso,
    ctx.toIso,
    new Date(daysFrom).toISOString(),
    new Date(daysTo).toISOString(),
  ];
  let filter = '';
  if (q.category) {
    params.push(q.category);
    filter += ` AND category = $${params.length}`;
  }
  if (q.provider) {
    params.push(q.provider);
    filter += ` AND provider = $${params.length}`;
  }
  const k = exprs.map((e, i) => `${e} AS k${i + 1}`).join(', ');
  const kn = exprs.map((_, i) => `k${i + 1}`).join(', ');
  const range = `merchant_code = $1 AND hour >= $4 AND hour < $5${filter}`;
  const n = exprs.length;
  const c = (i: number) => `c${n + i}`;
  /** The range's players as bitmap chunks (`keys`, chunk, m): whole UTC days' bitmaps, the end hours' ordinals. */
  const gameBits = (keys: string) => `
      SELECT ${keys}, chunk, members AS m FROM reports_game_days
       WHERE merchant_code = $1 AND day >= ($6::timestamptz AT TIME ZONE 'UTC')::date
         AND day < ($7::timestamptz AT TIME ZONE 'UTC')::date${filter}
      UNION ALL
      SELECT ${keys}, o >> ${ACTIVE_CHUNK_BITS}, set_bit(${ACTIVE_CHUNK_ZERO}, o & ${ACTIVE_CHUNK_MASK}, 1)
        FROM reports_game_players, unnest(members) AS o WHERE ${range} AND NOT (hour >= $6 AND hour < $7)`;
  /** Every player of the range (no filter): the hours' bitmaps (the same set as the games', decision 0143). */
  const activeBits = (key: string) =>
    `SELECT ${key}, bit_or(members) AS m FROM reports_active_hours
      WHERE merchant_code = $1 AND hour >= $4 AND hour < $5 GROUP BY 1, chunk`;
  const people =
    q.groupBy !== 'day'
      ? `SELECT ${kn}, sum(bit_count(m)) AS players FROM (
           SELECT ${kn}, bit_or(m) AS m FROM (${gameBits(k)}) u GROUP BY ${kn}, chunk) x GROUP BY ${kn}`
      : filter
        ? `SELECT ${k}, count(DISTINCT o) AS players FROM reports_game_players, unnest(members) AS o WHERE ${range}
            GROUP BY ${kn}`
        : `SELECT k1, sum(bit_count(m)) AS players FROM (${activeBits(`${exprs[0]} AS k1`)}) x GROUP BY k1`;
  const sql = `WITH play AS (
      SELECT ${k}, sum(rounds) AS rounds, sum(stakes) AS stakes, sum(valid_bets) AS valid, sum(payouts) AS payouts
        FROM reports_game_hourly WHERE currency = $2 AND ${range} GROUP BY ${kn}),
    people AS (${people})
    SELECT ${exprs.map((_, i) => `k${i + 1} AS c${i}`).join(', ')}, rounds AS ${c(0)},
           COALESCE(players, 0) AS ${c(1)}, stakes AS ${c(2)}, valid AS ${c(3)}, payouts AS ${c(4)},
           stakes - payouts AS ${c(5)}, ${pct('payouts', 'stakes')} AS ${c(6)}
      FROM play LEFT JOIN people USING (${kn})`;
  const players = `(SELECT COALESCE(sum(bit_count(m)), 0) FROM (${
    filter ? `SELECT bit_or(m) AS m FROM (${gameBits('1 AS k1')}) u GROUP BY chunk` : activeBits('1 AS k1')
  }) x)`;
  return {
    columns: [
      ...names.map((name) => col(name, 'text')),
      col('rounds', 'count'),
      col('players', 'count'),
      col('stakes', 'money'),
      col('validBets', 'money'),
      col('payouts', 'money'),
      col('ggr', 'money'),
      col('rtp', 'percent'),
    ],
    sql,
    params,
    orderBy: q.groupBy === 'day' ? 'c0' : `${c(2)} DESC, ${names.map((_, i) => `c${i}`).join(', ')}`,
    totals: `${names.map((_, i) => `NULL AS c${i}`).join(', ')}, ${sum(c(0))} AS ${c(0)}, ${players} AS ${c(1)},
      ${sum(c(2))} AS ${c(2)}, ${sum(c(3))} AS ${c(3)}, ${sum(c(4))} AS ${c(4)}, ${sum(c(5))} AS ${c(5)},
      ${pct(sum(c(4)), sum(c(2)))} AS ${c(6)}`,
  };
};

const cashSpec = (q: ReportQuery<'cash'>, ctx: SpecContext): ReportSpec => ({
  columns: [
    col(q.groupBy, 'text'),
    col('depositCount', 'count'),
    col('deposits', 'money'),
    col('averageDeposit', 'money'),
    col('withdrawalCount', 'count'),
    col('withdrawals', 'money'),
    col('netCash', 'money'),
    col('firstDepositors', 'count'),
  ],
  sql: `WITH cash AS (
      SELECT ${local('hour', q.groupBy)} AS k1, sum(deposit_count) AS dn, sum(deposits) AS d,
             sum(withdrawal_count) AS wn, sum(withdrawals) AS w
        FROM reports_hourly WHERE merchant_code = $1 AND currency = $2 AND hour >= $4 AND hour < $5 GROUP BY 1
      HAVING sum(deposit_count) + sum(withdrawal_count) > 0),
    firsts AS (
      SELECT ${local('first_deposit_at', q.groupBy)} AS k1, count(*) AS n FROM reports_members
       WHERE merchant_code = $1 AND first_deposit_currency = $2 AND first_deposit_at >= $4 AND first_deposit_at < $5
       GROUP BY 1)
    SELECT k1 AS c0, COALESCE(dn, 0) AS c1, COALESCE(d, 0) AS c2,
           CASE WHEN COALESCE(dn, 0) = 0 THEN 0 ELSE d / dn END AS c3, COALESCE(wn, 0) AS c4,
           COALESCE(w, 0) AS c5, COALESCE(d, 0) - COALESCE(w, 0) AS c6, COALESCE(n, 0) AS c7
      FROM cash FULL JOIN firsts USING (k1)`,
  params: [ctx.merchantCode, ctx.currency, ctx.timeZone, ctx.fromIso, ctx.toIso],
  orderBy: 'c0',
  totals: `NULL AS c0, sum(c1) AS c1, sum(c2) AS c2, CASE WHEN sum(c1) = 0 THEN 0 ELSE sum(c2) / sum(c1) END AS c3,
    sum(c4) AS c4, sum(c5) AS c5, sum(c6) AS c6, sum(c7) AS c7`,
});

const RETENTION_WEEKS = 4;
const playersSpec = (q: ReportQuery<'players'>, ctx: SpecContext): ReportSpec => {
  const params = [ctx.merchantCode, ctx.currency, ctx.timeZone, ctx.fromIso, ctx.toIso];
  if (q.view === 'registrations')
    return {
      columns: [
        col('day', 'text'),
        col('direct', 'count'),
        col('referral', 'count'),
        col('affiliate', 'count'),
        col('registrations', 'count'),
        col('firstDepositors', 'count'),
      ],
      sql: `WITH regs AS (
          SELECT ${local('registered_at', 'day')} AS k1, count(*) FILTER (WHERE source = 'direct') AS direct,
                 count(*) FILTER (WHERE source = 'referral') AS referral,
                 count(*) FILTER (WHERE source = 'affiliate') AS affiliate, count(*) AS n
            FROM reports_members WHERE merchant_code = $1 AND registered_at >= $4 AND registered_at < $5 GROUP BY 1),
        firsts AS (
          SELECT ${local('first_deposit_at', 'day')} AS k1, count(*) AS f FROM reports_members
           WHERE merchant_code = $1 AND first_deposit_currency = $2 AND first_deposit_at >= $4 AND first_deposit_at < $5
           GROUP BY 1)
        SELECT k1 AS c0, COALESCE(direct, 0) AS c1, COALESCE(referral, 0) AS c2, COALESCE(affiliate, 0) AS c3,
               COALESCE(n, 0) AS c4, COALESCE(f, 0) AS c5
          FROM regs FULL JOIN firsts USING (k1)`,
      params,
      orderBy: 'c0',
      totals: 'NULL AS c0, sum(c1) AS c1, sum(c2) AS c2, sum(c3) AS c3, sum(c4) AS c4, sum(c5) AS c5',
    };
  if (q.view === 'cohorts') {
    const weeks = Array.from({ length: RETENTION_WEEKS + 1 }, (_, i) => i);
    return {
      columns: [
        col('cohortWeek', 'text'),
        col('registrations', 'count'),
        ...weeks.map((w) => col(`week${w}`, 'percent')),
      ],
      sql: `WITH c AS (
          SELECT member_id, date_trunc('week', registered_at AT TIME ZONE $3)::date AS wk FROM reports_members
           WHERE merchant_code = $1 AND registered_at >= $4 AND registered_at < $5),
        act AS (
          SELECT DISTINCT p.member_id, (date_trunc('week', p.hour AT TIME ZONE $3)::date - c.wk) / 7 AS n
            FROM reports_player_hours p JOIN c USING (member_id)
           WHERE p.merchant_code = $1 AND p.rounds > 0 AND p.hour >= $4)
        SELECT to_char(c.wk, 'YYYY-MM-DD') AS c0, count(*) AS c1,
               ${weeks
                 .map(
                   (w) =>
                     `${pct(`count(*) FILTER (WHERE EXISTS (SELECT 1 FROM act WHERE act.member_id = c.member_id AND act.n = ${w}))`, 'count(*)')} AS c${w + 2}`,
                 )
                 .join(', ')}
          FROM c GROUP BY c.wk`,
      params,
      orderBy: 'c0',
      totals: `NULL AS c0, sum(c1) AS c1, ${weeks
        .map((w) => `${pct(`sum(c${w + 2} * c1 / 100)`, 'sum(c1)')} AS c${w + 2}`)
        .join(', ')}`,
    };
  }
  return {
    columns: [
      col('member', 'text'),
      col('rounds', 'count'),
      col('stakes', 'money'),
      col('payouts', 'money'),
      col('netLoss', 'money'),
      col('deposits', 'money'),
      col('withdrawals', 'money'),
    ],
    sql: `SELECT member_id::text AS c0, sum(rounds) AS c1, sum(stakes) AS c2, sum(payouts) AS c3,
                 sum(stakes) - sum(payouts) AS c4, sum(deposits) AS c5, sum(withdrawals) AS c6
            FROM reports_player_hours WHERE merchant_code = $1 AND currency = $2 AND hour >= $4 AND hour < $5
           GROUP BY member_id HAVING sum(rounds) > 0`,
    params,
    orderBy: q.view === 'topStake' ? 'c2 DESC, c0' : 'c4 DESC, c0',
    totals: 'NULL AS c0, sum(c1) AS c1, sum(c2) AS c2, sum(c3) AS c3, sum(c4) AS c4, sum(c5) AS c5, sum(c6) AS c6',
    memberColumn: 0,
  };
};

const promotionsSpec = (q: ReportQuery<'promotions'>, ctx: SpecContext): ReportSpec => ({
  columns: [col(q.groupBy, 'text'), col('claims', 'count'), col('amount', 'money')],
  sql: `SELECT ${q.groupBy === 'kind' ? 'kind' : local('hour', 'day')} AS c0, sum(claims) AS c1, sum(amount) AS c2
          FROM reports_reward_hourly WHERE merchant_code = $1 AND currency = $2 AND hour >= $4 AND hour < $5
         GROUP BY 1`,
  params: [ctx.merchantCode, ctx.currency, ctx.timeZone, ctx.fromIso, ctx.toIso],
  orderBy: q.groupBy === 'kind' ? 'c2 DESC, c0' : 'c0',
  totals: 'NULL AS c0, sum(c1) AS c1, sum(c2) AS c2',
});

const inRange = (column: string) => `${column} >= $4 AND ${column} < $5`;
/**
 * The members of `members` (a statement with a `member_id` column, optionally `key`) as bitmap chunks of their
 * ordinals (decision 0143), per `key` and chunk: ANDed with the players' bitmaps and counted, a team's distinct
 * players without a row per member and hour (decision 0147).
 */
const ordinalBits = (
  members: string,
  key?: string,
) => `SELECT ${key ? `t.${key}, ` : ''}o.ordinal >> ${ACTIVE_CHUNK_BITS} AS chunk,
         bit_or(set_bit(${ACTIVE_CHUNK_ZERO}, o.ordinal & ${ACTIVE_CHUNK_MASK}, 1)) AS m
    FROM (${members}) t JOIN reports_member_ordinals o ON o.member_id = t.member_id
   GROUP BY ${key ? `t.${key}, ` : ''}o.ordinal >> ${ACTIVE_CHUNK_BITS}`;
/** Who played in the range, per chunk (and per `bucket` when given): the hours' bitmaps OR-ed. */
const playedBits = (bucket?: string) => `SELECT ${bucket ? `${bucket} AS k1, ` : ''}chunk, bit_or(members) AS m
    FROM reports_active_hours WHERE merchant_code = $1 AND ${inRange('hour')} GROUP BY ${bucket ? '1, 2' : 'chunk'}`;
const PAID_KINDS = `sum(pm.amount) FILTER (WHERE s.kind = 'dividend') AS dividend,
             sum(pm.amount) FILTER (WHERE s.kind = 'daily') AS daily,
             sum(pm.amount) FILTER (WHERE s.kind = 'hourly') AS hourly,
             sum(pm.amount) FILTER (WHERE s.kind = 'realtime') AS realtime`;
const PAID_FROM = `agent_contract_payments pm JOIN agent_contract_statements s ON s.id = pm.statement_id
        JOIN agent_contracts k ON k.id = s.contract_id
       WHERE s.merchant_code = $1 AND k.currency = $2 AND ${inRange('pm.at')}`;
/** The listed agents (as the agents module lists one: a profile, or a member below it), narrowed by `filter`. */
const agentsOf = (filter: string) => `SELECT n.member_id AS agent_id, n.account FROM agent_nodes n
       WHERE n.merchant_code = $1${filter}
         AND (EXISTS (SELECT 1 FROM agent_profiles p WHERE p.member_id = n.member_id)
           OR EXISTS (SELECT 1 FROM agent_nodes k WHERE k.parent_id = n.member_id))`;

/** The figures of the agents report after its key column, shared by both of its shapes. */
const agentFigureColumns = (withTeamMembers: boolean): Column[] => [
  ...(withTeamMembers ? [col('teamMembers', 'count')] : []),
  col('newMembers', 'count'),
  col('activePlayers', 'count'),
  col('firstDepositors', 'count'),
  col('deposits', 'money'),
  col('withdrawals', 'money'),
  col('validBets', 'money'),
  col('ggr', 'money'),
  col('bonuses', 'money'),
  col('ngr', 'money'),
  col('dividend', 'money'),
  col('dailySalary', 'money'),
  col('hourlySalary', 'money'),
  col('realtimeCommission', 'money'),
  col('contractsPaid', 'money'),
  col('affiliateRegistrations', 'count'),
  col('affiliateDeposits', 'money'),
];

/**
 * The agents report by local day (decision 0129): one row per day in the operator's time zone over the union of the
 * listed agents' teams, each member once (a nested team is inside its upline's), with what the contracts paid them
 * and their link registrations that day. Team size is left out (the tree as it is now, no day's figure). Totals add
 * the days, except active players: the distinct players of the whole range, as the games report counts its players.
 */
const agentsByDaySpec = (agents: string, params: unknown[]): ReportSpec => {
  const day = (column: string) => local(column, 'day');
  const team = `SELECT c.descendant_id AS member_id, bool_or(c.distance > 0) AS below FROM agent_closure c
       WHERE c.ancestor_id IN (SELECT agent_id FROM agents) GROUP BY c.descendant_id`;
  const hours = `reports_player_hours h WHERE h.merchant_code = $1 AND h.currency = $2 AND ${inRange('h.hour')}`;
  const sql = `WITH agents AS (${agents}), team AS (${team}),
    news AS (
      SELECT ${day('m.registered_at')} AS k1, count(*) AS n FROM team t JOIN reports_members m USING (member_id)
       WHERE t.below AND ${inRange('m.registered_at')} GROUP BY 1),
    firsts AS (
      SELECT ${day('m.first_deposit_at')} AS k1, count(*) AS n FROM team t JOIN reports_members m USING (member_id)
       WHERE m.first_deposit_currency = $2 AND ${inRange('m.first_deposit_at')} GROUP BY 1),
    teambits AS (${ordinalBits('SELECT member_id FROM team')}),
    actives AS (
      SELECT p.k1, sum(bit_count(p.m & tb.m)) AS active FROM (${playedBits(day('hour'))}) p
        JOIN teambits tb USING (chunk) GROUP BY p.k1),
    play AS (
      SELECT ${day('h.hour')} AS k1, sum(h.deposits) AS deposits, sum(h.withdrawals) AS withdrawals, sum(h.valid_bets) AS valid,
             sum(h.stakes) - sum(h.payouts) AS ggr, sum(h.rewards) AS bonuses
        FROM ${hours} AND h.member_id IN (SELECT member_id FROM team) GROUP BY 1),
    paid AS (
      SELECT ${day('pm.at')} AS k1, ${PAID_KINDS}
        FROM ${PAID_FROM} AND s.downline_id IN (SELECT agent_id FROM agents) GROUP BY 1),
    linked AS (
      SELECT n.member_id, m.registered_at FROM agent_nodes n
        JOIN reports_members m ON m.member_id = n.member_id AND m.source = 'affiliate'
       WHERE n.merchant_code = $1 AND n.parent_id IN (SELECT agent_id FROM agents)),
    links AS (SELECT ${day('registered_at')} AS k1, count(*) AS n FROM linked WHERE ${inRange('registered_at')} GROUP BY 1),
    linkcash AS (
      SELECT ${day('h.hour')} AS k1, sum(h.deposits) AS deposits
        FROM ${hours} AND h.member_id IN (SELECT member_id FROM linked) GROUP BY 1),
    days AS (
      SELECT k1 FROM news UNION SELECT k1 FROM firsts UNION SELECT k1 FROM play UNION SELECT k1 FROM paid
      UNION SELECT k1 FROM links UNION SELECT k1 FROM linkcash UNION SELECT k1 FROM actives WHERE active > 0)
    SELECT d.k1 AS c0, COALESCE(nw.n, 0) AS c1, COALESCE(ac.active, 0) AS c2, COALESCE(fd.n, 0) AS c3,
           COALESCE(pl.deposits, 0) AS c4, COALESCE(pl.withdrawals, 0) AS c5, COALESCE(pl.valid, 0) AS c6,
           COALESCE(pl.ggr, 0) AS c7, COALESCE(pl.bonuses, 0) AS c8, COALESCE(pl.ggr, 0) - COALESCE(pl.bonuses, 0) AS c9,
           COALESCE(pd.dividend, 0) AS c10, COALESCE(pd.daily, 0) AS c11, COALESCE(pd.hourly, 0) AS c12,
           COALESCE(pd.realtime, 0) AS c13,
           COALESCE(pd.dividend, 0) + COALESCE(pd.daily, 0) + COALESCE(pd.hourly, 0) + COALESCE(pd.realtime, 0) AS c14,
           COALESCE(lk.n, 0) AS c15, COALESCE(lc.deposits, 0) AS c16
      FROM days d LEFT JOIN news nw USING (k1) LEFT JOIN firsts fd USING (k1) LEFT JOIN play pl USING (k1)
      LEFT JOIN actives ac USING (k1) LEFT JOIN paid pd USING (k1) LEFT JOIN links lk USING (k1)
      LEFT JOIN linkcash lc USING (k1)`;
  const active = `(WITH agents AS (${agents}), team AS (${team}), teambits AS (${ordinalBits('SELECT member_id FROM team')})
      SELECT COALESCE(sum(bit_count(p.m & tb.m)), 0) FROM (${playedBits()}) p JOIN teambits tb USING (chunk))`;
  const each = (i: number) => `sum(c${i}) AS c${i}`;
  return {
    columns: [col('day', 'text'), ...agentFigureColumns(false)],
    sql,
    params,
    orderBy: 'c0',
    totals: `NULL AS c0, sum(c1) AS c1, ${active} AS c2,
      ${[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map(each).join(', ')}`,
  };
};

/**
 * Agents and affiliates (decision 0123): one row per agent (or per top-level agent; an agent as the agents module
 * lists one: a profile or a member below it), its team being the agent and
 * every member below it (the agents module's closure table). Team figures come from this module's hourly rollups of
 * each member, so any whole-hour time zone reads its local days exactly; what the contracts paid is read from the
 * agent-contracts module's payments (each payment at its own time, by its statement's kind) in the merchant's
 * currency; affiliate figures are the members whose direct upline is the agent and who registered by its link.
 * Totals add each figure once: team figures over the rows that no listed agent sits above (nested teams would
 * count twice), contract and affiliate figures over every row (each belongs to one agent).
 */
const agentsSpec = (q: ReportQuery<'agents'>, ctx: SpecContext): ReportSpec => {
  const params: unknown[] = [ctx.merchantCode, ctx.currency, ctx.timeZone, ctx.fromIso, ctx.toIso];
  let filter = q.groupBy === 'top' ? ' AND n.parent_id IS NULL' : '';
  if (q.agent) {
    params.push(q.agent);
    filter += ` AND lower(n.account) = lower($${params.length})`;
  }
  const agents = agentsOf(filter);
  if (q.groupBy === 'day') return agentsByDaySpec(agents, params);
  const sql = `WITH agents AS (${agents}),
    team AS (
      SELECT a.agent_id, c.descendant_id AS member_id, c.distance FROM agents a
        JOIN agent_closure c ON c.ancestor_id = a.agent_id),
    people AS (
      SELECT t.agent_id, count(*) FILTER (WHERE t.distance > 0) AS team_members,
             count(*) FILTER (WHERE t.distance > 0 AND ${inRange('m.registered_at')}) AS new_members,
             count(*) FILTER (WHERE m.first_deposit_currency = $2 AND ${inRange('m.first_deposit_at')}) AS firsts
        FROM team t LEFT JOIN reports_members m ON m.member_id = t.member_id GROUP BY t.agent_id),
    teambits AS (${ordinalBits('SELECT agent_id, member_id FROM team', 'agent_id')}),
    actives AS (
      SELECT tb.agent_id, sum(bit_count(p.m & tb.m)) AS active FROM (${playedBits()}) p
        JOIN teambits tb USING (chunk) GROUP BY tb.agent_id),
    play AS (
      SELECT t.agent_id, sum(h.deposits) AS deposits, sum(h.withdrawals) AS withdrawals, sum(h.valid_bets) AS valid,
             sum(h.stakes) - sum(h.payouts) AS ggr, sum(h.rewards) AS bonuses
        FROM team t JOIN reports_player_hours h ON h.member_id = t.member_id
       WHERE h.merchant_code = $1 AND h.currency = $2 AND ${inRange('h.hour')} GROUP BY t.agent_id),
    paid AS (
      SELECT s.downline_id AS agent_id, ${PAID_KINDS}
        FROM ${PAID_FROM} AND s.downline_id IN (SELECT agent_id FROM agents) GROUP BY s.downline_id),
    linked AS (
      SELECT n.parent_id AS agent_id, n.member_id, ${inRange('m.registered_at')} AS registered_in_range
        FROM agent_nodes n JOIN reports_members m ON m.member_id = n.member_id AND m.source = 'affiliate'
       WHERE n.merchant_code = $1 AND n.parent_id IN (SELECT agent_id FROM agents)),
    affiliate AS (
      SELECT l.agent_id, count(*) FILTER (WHERE l.registered_in_range) AS registrations,
             (SELECT sum(h.deposits) FROM reports_player_hours h JOIN linked l2 ON l2.member_id = h.member_id
               WHERE l2.agent_id = l.agent_id AND h.merchant_code = $1 AND h.currency = $2 AND ${inRange('h.hour')})
               AS deposits
        FROM linked l GROUP BY l.agent_id)
    SELECT a.account AS c0, COALESCE(pe.team_members, 0) AS c1, COALESCE(pe.new_members, 0) AS c2,
           COALESCE(ac.active, 0) AS c3, COALESCE(pe.firsts, 0) AS c4, COALESCE(pl.deposits, 0) AS c5,
           COALESCE(pl.withdrawals, 0) AS c6, COALESCE(pl.valid, 0) AS c7, COALESCE(pl.ggr, 0) AS c8,
           COALESCE(pl.bonuses, 0) AS c9, COALESCE(pl.ggr, 0) - COALESCE(pl.bonuses, 0) AS c10,
           COALESCE(pd.dividend, 0) AS c11, COALESCE(pd.daily, 0) AS c12, COALESCE(pd.hourly, 0) AS c13,
           COALESCE(pd.realtime, 0) AS c14,
           COALESCE(pd.dividend, 0) + COALESCE(pd.daily, 0) + COALESCE(pd.hourly, 0) + COALESCE(pd.realtime, 0) AS c15,
           COALESCE(af.registrations, 0) AS c16, COALESCE(af.deposits, 0) AS c17,
           NOT EXISTS (SELECT 1 FROM agent_closure up JOIN agents a2 ON a2.agent_id = up.ancestor_id
                        WHERE up.descendant_id = a.agent_id AND up.distance > 0) AS root
      FROM agents a LEFT JOIN people pe USING (agent_id) LEFT JOIN play pl USING (agent_id)
      LEFT JOIN actives ac USING (agent_id) LEFT JOIN paid pd USING (agent_id) LEFT JOIN affiliate af USING (agent_id)`;
  const team = (i: number) => `sum(c${i}) FILTER (WHERE root) AS c${i}`;
  const each = (i: number) => `sum(c${i}) AS c${i}`;
  return {
    columns: [col('agent', 'text'), ...agentFigureColumns(true)],
    sql,
    params,
    orderBy: 'c5 DESC, c0',
    totals: `NULL AS c0, ${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(team).join(', ')},
      ${[11, 12, 13, 14, 15, 16, 17].map(each).join(', ')}`,
  };
};

export const specOf = <K extends ReportKind>(kind: K, query: ReportQuery<K>, ctx: SpecContext): ReportSpec => {
  switch (kind) {
    case 'games':
      return gamesSpec(query as ReportQuery<'games'>, ctx);
    case 'cash':
      return cashSpec(query as ReportQuery<'cash'>, ctx);
    case 'players':
      return playersSpec(query as ReportQuery<'players'>, ctx);
    case 'agents':
      return agentsSpec(query as ReportQuery<'agents'>, ctx);
    default:
      return promotionsSpec(query as ReportQuery<'promotions'>, ctx);
  }
};

/** A cell as the wire carries it: money in major units, counts as integers, percents with two decimals. */
export const cellOf = (kind: ColumnKind, value: unknown, currency: string): string => {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return formatMinor(BigInt(String(value).split('.')[0] ?? '0'), currency);
    case 'percent':
      return Number(value).toFixed(2);
    default:
      return String(value);
  }
};

/**
 * Keeps only the parameters a statement uses, renumbered in order (PostgreSQL refuses a parameter it cannot type,
 * and one never referenced has no type).
 */
export const compactParams = (sql: string, params: readonly unknown[]): { sql: string; params: unknown[] } => {
  const used = [...new Set([...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const renumber = new Map(used.map((n, i) => [n, i + 1]));
  return {
    sql: sql.replace(/\$(\d+)/g, (_, n: string) => `$${renumber.get(Number(n))}`),
    params: used.map((n) => params[n - 1]),
  };
};
