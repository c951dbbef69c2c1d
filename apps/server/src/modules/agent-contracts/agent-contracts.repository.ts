import type { ContractKind, ContractTerms, StatementStatus } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

type Executor = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface ContractRow {
  id: string;
  merchantCode: string;
  currency: string;
  kind: ContractKind;
  status: 'offered' | 'active' | 'rejected' | 'withdrawn' | 'terminated';
  terms: ContractTerms;
  topRateBp: number;
  period: string;
  uplineId: string | null;
  uplineAccount: string | null;
  downlineId: string;
  downlineAccount: string;
  payer: 'platform' | 'upline';
  offeredAt: Date;
  decidedAt: Date | null;
  startsAt: Date | null;
  endsAt: Date | null;
  replacesId: string | null;
}

export interface ContractEventRow {
  contractId: string;
  action: string;
  actor: string;
  at: Date;
  details: Record<string, unknown>;
}

export interface StatementRow {
  id: string;
  contractId: string;
  merchantCode: string;
  seq: number;
  kind: ContractKind;
  period: string;
  periodStart: Date;
  periodEnd: Date;
  inputs: Record<string, string | number>;
  tier: number | null;
  rateBp: number | null;
  amount: bigint;
  paid: bigint;
  status: StatementStatus;
  payer: 'platform' | 'upline';
  uplineId: string | null;
  downlineId: string;
  createdAt: Date;
  prevHash: string;
  hash: string;
  /** The accruals' high-water mark the statement took through (decision 0152). */
  takenThrough: bigint;
  downlineAccount: string;
  uplineAccount: string | null;
  currency: string;
}

/** A member's break or self-exclusion as the contracts record it (decision 0110); `endsAt` null: permanent. */
export interface MemberBlock {
  memberId: string;
  startsAt: Date;
  endsAt: Date | null;
}

export interface RunRow {
  id: string;
  contractId: string;
  kind: ContractKind;
  periodStart: Date;
  periodEnd: Date;
  status: 'settled' | 'failed';
  error: string | null;
  attempts: number;
  createdAt: Date;
  statementId: string | null;
  statementStatus: StatementStatus | null;
  amount: bigint | null;
  paid: bigint | null;
  currency: string;
}

export interface SettingsRow {
  merchantCode: string;
  payer: 'platform' | 'upline';
  allowedKinds: ContractKind[];
  maxRates: Record<ContractKind, number>;
  noticeDays: number;
}

const CONTRACT = `c.id, c.merchant_code AS "merchantCode", c.currency, c.kind, c.status, c.terms, c.top_rate_bp AS "topRateBp",
  c.period, c.upline_id AS "uplineId", c.upline_account AS "uplineAccount", c.downline_id AS "downlineId",
  c.downline_account AS "downlineAccount", c.payer, c.offered_at AS "offeredAt", c.decided_at AS "decidedAt",
  c.starts_at AS "startsAt", c.ends_at AS "endsAt", c.replaces_id AS "replacesId"`;

const STATEMENT = `s.id, s.contract_id AS "contractId", s.merchant_code AS "merchantCode", s.seq, s.kind, s.period,
  s.period_start AS "periodStart", s.period_end AS "periodEnd", s.inputs, s.tier, s.rate_bp AS "rateBp", s.amount,
  s.paid, s.status, s.payer, s.upline_id AS "uplineId", s.downline_id AS "downlineId", s.created_at AS "createdAt",
  s.prev_hash AS "prevHash", s.hash, s.taken_through AS "takenThrough", c.downline_account AS "downlineAccount", c.upline_account AS "uplineAccount",
  c.currency`;

const RUN = `r.id, r.contract_id AS "contractId", c.kind, r.period_start AS "periodStart", r.period_end AS "periodEnd",
  r.status, r.error, r.attempts, r.created_at AS "createdAt", r.statement_id AS "statementId",
  rs.status AS "statementStatus", rs.amount, rs.paid, c.currency`;
/** A run with its contract and its statement (if any). */
const RUN_FROM = `agent_contract_runs r JOIN agent_contracts c ON c.id = r.contract_id
  LEFT JOIN agent_contract_statements rs ON rs.id = r.statement_id`;

/** A contract still settling at `at`: accepted, started, not yet ended. */
const RUNNING = `c.status IN ('active', 'terminated') AND c.starts_at IS NOT NULL AND c.starts_at <= $2
  AND (c.ends_at IS NULL OR c.ends_at > $2)`;

/**
 * Whether block row `b` covers some moment of the period [start, end): the rules' `blockedDuring` (decision 0110) in
 * SQL, for the accruals a settlement takes in one statement.
 */
const BLOCKED_DURING = (b: string, start: string, end: string) =>
  `${b}.starts_at < ${end} AND (${b}.ends_at IS NULL OR ${b}.ends_at > ${start})`;

/** Whether the member who played an accrued round was blocked during the period: its round is left out. */
const LEFT_OUT = (member: string, start: string, end: string) =>
  `EXISTS (SELECT 1 FROM agent_contract_member_blocks b WHERE b.member_id = ${member} AND ${BLOCKED_DURING('b', start, end)})`;

/**
 * The accruals of contract `contract` a statement of the period ending `end` takes (decision 0152), as a lateral
 * subquery: those numbered above the previous statement's mark `prevSeq` and settled before `end`, and those numbered
 * at or below it that settled at or after the previous statement's end `prevEnd` (rounds already there when it was
 * settled but belonging to a later period). Two index range scans: nothing that an earlier statement took is read.
 */
const TAKEN = (contract: string, end: string, prevSeq: string, prevEnd: string) =>
  `SELECT a.seq, a.valid_bet, a.share, a.won, a.loss, a.member_id, a.correction FROM agent_contract_accruals a
    WHERE a.contract_id = ${contract} AND a.seq > ${prevSeq} AND a.settled_at < ${end}
   UNION ALL
   SELECT a.seq, a.valid_bet, a.share, a.won, a.loss, a.member_id, a.correction FROM agent_contract_accruals a
    WHERE a.contract_id = ${contract} AND a.seq <= ${prevSeq} AND a.settled_at >= ${prevEnd} AND a.settled_at < ${end}`;

/**
 * A taken period's totals from `taken` rows carrying `left_out` (the rounds of members blocked during the period are
 * left out, decision 0110; a correction is counted in the sums, never as a round, decision 0118). The distinct
 * members (each a sort of the rows) only when asked: the dividend reads the active ones; a batch counts the members
 * left out apart, so that its sums aggregate by hash.
 */
const TOTALS = (distinct: {
  active: boolean;
  leftOut: boolean;
}) => `count(*) FILTER (WHERE NOT left_out AND NOT correction)::int AS rounds,
  count(*) FILTER (WHERE won AND NOT left_out AND NOT correction)::int AS won,
  coalesce(sum(valid_bet) FILTER (WHERE NOT left_out), 0)::text AS "validBet",
  coalesce(sum(share) FILTER (WHERE NOT left_out), 0)::text AS share,
  coalesce(sum(loss) FILTER (WHERE NOT left_out), 0)::text AS loss,
  ${distinct.active ? 'count(DISTINCT member_id) FILTER (WHERE NOT left_out)::int' : '0'} AS active,
  ${distinct.leftOut ? 'count(DISTINCT member_id) FILTER (WHERE left_out)::int' : '0'} AS "leftOut"`;

/** The contract's last statement: its chain link and the mark and end its successor takes from. */
const LAST = (contract: string) =>
  `SELECT s.seq, s.hash, s.period_end, s.taken_through FROM agent_contract_statements s
    WHERE s.contract_id = ${contract} ORDER BY s.seq DESC LIMIT 1`;

/** What a settlement reads of a contract's last statement. */
export interface LastStatement {
  seq: number;
  hash: string;
  periodEnd: Date;
  takenThrough: bigint;
}

interface TotalsRow {
  rounds: number;
  won: number;
  validBet: string;
  share: string;
  loss: string;
  active: number;
  leftOut: number;
}

const totalsOf = (row: TotalsRow | undefined) => ({
  rounds: row?.rounds ?? 0,
  won: row?.won ?? 0,
  validBet: BigInt(row?.validBet ?? '0'),
  share: BigInt(row?.share ?? '0'),
  loss: BigInt(row?.loss ?? '0'),
  active: row?.active ?? 0,
  leftOut: row?.leftOut ?? 0,
});

const paged = (page: { pageNo: number; pageSize: number }) => [page.pageSize, (page.pageNo - 1) * page.pageSize];

export const createAgentContractsRepository = (pool: pg.Pool) => ({
  pool,
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  settings: async (merchantCode: string, db: Executor = pool): Promise<SettingsRow | null> => {
    const { rows } = await db.query<SettingsRow>(
      `SELECT merchant_code AS "merchantCode", payer, allowed_kinds AS "allowedKinds", max_rates AS "maxRates",
              notice_days AS "noticeDays" FROM agent_contract_settings WHERE merchant_code = $1`,
      [merchantCode],
    );
    return rows[0] ?? null;
  },

  saveSettings: async (db: Executor, row: SettingsRow): Promise<void> => {
    await db.query(
      `INSERT INTO agent_contract_settings (merchant_code, payer, allowed_kinds, max_rates, notice_days)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (merchant_code) DO UPDATE SET payer = $2, allowed_kinds = $3, max_rates = $4, notice_days = $5,
         updated_at = now()`,
      [row.merchantCode, row.payer, row.allowedKinds, JSON.stringify(row.maxRates), row.noticeDays],
    );
  },

  contract: async (id: string, db: Executor = pool, lock = false): Promise<ContractRow | null> => {
    const { rows } = await db.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  },

  insertContract: async (
    db: Executor,
    row: Pick<
      ContractRow,
      | 'merchantCode'
      | 'currency'
      | 'kind'
      | 'terms'
      | 'topRateBp'
      | 'period'
      | 'uplineId'
      | 'uplineAccount'
      | 'downlineId'
      | 'downlineAccount'
      | 'payer'
    >,
  ): Promise<string | null> => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO agent_contracts (merchant_code, currency, kind, status, terms, top_rate_bp, period, upline_id,
         upline_account, downline_id, downline_account, payer)
       VALUES ($1, $2, $3, 'offered', $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (downline_id, kind) WHERE status = 'offered' DO NOTHING RETURNING id`,
      [
        row.merchantCode,
        row.currency,
        row.kind,
        JSON.stringify(row.terms),
        row.topRateBp,
        row.period,
        row.uplineId,
        row.uplineAccount,
        row.downlineId,
        row.downlineAccount,
        row.payer,
      ],
    );
    return rows[0]?.id ?? null;
  },

  updateContract: async (
    db: Executor,
    id: string,
    change: Partial<Pick<ContractRow, 'status' | 'decidedAt' | 'startsAt' | 'endsAt' | 'replacesId' | 'payer'>>,
  ): Promise<void> => {
    const columns: Record<string, string> = {
      status: 'status',
      decidedAt: 'decided_at',
      startsAt: 'starts_at',
      endsAt: 'ends_at',
      replacesId: 'replaces_id',
      payer: 'payer',
    };
    const entries = Object.entries(change);
    if (entries.length === 0) return;
    await db.query(
      `UPDATE agent_contracts SET ${entries.map(([key], i) => `${columns[key]} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...entries.map(([, value]) => value)],
    );
  },

  record: async (db: Executor, contractId: string, action: string, actor: string, details: object = {}) => {
    await db.query('INSERT INTO agent_contract_events (contract_id, action, actor, details) VALUES ($1, $2, $3, $4)', [
      contractId,
      action,
      actor,
      JSON.stringify(details),
    ]);
  },

  historyOf: async (ids: readonly string[]): Promise<Map<string, ContractEventRow[]>> => {
    const map = new Map<string, ContractEventRow[]>();
    if (ids.length === 0) return map;
    const { rows } = await pool.query<ContractEventRow>(
      `SELECT contract_id AS "contractId", action, actor, at, details FROM agent_contract_events
        WHERE contract_id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    );
    for (const row of rows) map.set(row.contractId, [...(map.get(row.contractId) ?? []), row]);
    return map;
  },

  /** The member's contract of `kind` running at `at` as the downline (the newest when two overlap). */
  runningAsDownline: async (
    memberId: string,
    kind: ContractKind,
    at: Date,
    db: Executor = pool,
  ): Promise<ContractRow | null> => {
    const { rows } = await db.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c
        WHERE c.downline_id = $1 AND c.kind = $3 AND c.status IN ('active', 'terminated')
          AND (c.ends_at IS NULL OR c.ends_at > $2)
        ORDER BY c.starts_at DESC LIMIT 1`,
      [memberId, at, kind],
    );
    return rows[0] ?? null;
  },

  /** Contracts the member gives its own downline of `kind` (offered or not yet ended) paying above `rateBp`. */
  higherGiven: async (memberId: string, kind: ContractKind, rateBp: number, at: Date, db: Executor = pool) => {
    const { rows } = await db.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c
        WHERE c.upline_id = $1 AND c.kind = $3 AND c.top_rate_bp > $4
          AND (c.status = 'offered' OR (c.status IN ('active', 'terminated') AND (c.ends_at IS NULL OR c.ends_at > $2)))
        ORDER BY c.offered_at`,
      [memberId, at, kind, rateBp],
    );
    return rows;
  },

  /** Contracts the member holds or gave, of a kind (every status), newest first. */
  contractsOf: async (memberId: string, kind: ContractKind): Promise<ContractRow[]> => {
    const { rows } = await pool.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c WHERE (c.downline_id = $1 OR c.upline_id = $1) AND c.kind = $2
        ORDER BY c.offered_at DESC LIMIT 100`,
      [memberId, kind],
    );
    return rows;
  },

  /** For the consolidated call: pending offers to the member, and kinds it holds or gives a running contract of. */
  flagsOf: async (memberId: string, at: Date) => {
    const { rows } = await pool.query<{ kind: ContractKind; offer: string | null; running: boolean }>(
      `SELECT c.kind, (array_agg(c.id::text) FILTER (WHERE c.status = 'offered' AND c.downline_id = $1))[1] AS offer,
              bool_or(c.status IN ('active', 'terminated') AND (c.ends_at IS NULL OR c.ends_at > $2)) AS running
         FROM agent_contracts c WHERE c.downline_id = $1 OR c.upline_id = $1 GROUP BY c.kind`,
      [memberId, at],
    );
    return rows;
  },

  listContracts: async (
    merchantCode: string,
    filter: { kind?: ContractKind; status?: string; account?: string },
    page: { pageNo: number; pageSize: number },
  ) => {
    const { rows } = await pool.query<ContractRow & { total: number }>(
      `SELECT ${CONTRACT}, count(*) OVER ()::int AS total FROM agent_contracts c
        WHERE c.merchant_code = $1 AND ($2::text IS NULL OR c.kind = $2) AND ($3::text IS NULL OR c.status = $3)
          AND ($4::text IS NULL OR c.downline_account ILIKE '%' || $4 || '%' OR c.upline_account ILIKE '%' || $4 || '%')
        ORDER BY c.offered_at DESC LIMIT $5 OFFSET $6`,
      [merchantCode, filter.kind ?? null, filter.status ?? null, filter.account || null, ...paged(page)],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  },

  // --- Settlement -------------------------------------------------------------------------------------------

  /** Contracts that may have a period to settle at `at`: accepted and started before it, ended not long ago. */
  settleable: async (at: Date): Promise<ContractRow[]> => {
    const { rows } = await pool.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c
        WHERE c.status IN ('active', 'terminated') AND c.starts_at IS NOT NULL AND c.starts_at < $1
          AND (c.ends_at IS NULL OR NOT EXISTS (
            SELECT 1 FROM agent_contract_runs r WHERE r.contract_id = c.id AND r.period_end >= c.ends_at))
        ORDER BY c.starts_at`,
      [at],
    );
    return rows;
  },

  /** The end of the contract's last run (settled or failed), and whether a failed one is waiting. */
  progress: async (contractId: string, db: Executor = pool) => {
    const { rows } = await db.query<{ lastEnd: Date | null; failed: number }>(
      `SELECT max(period_end) AS "lastEnd", count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM agent_contract_runs WHERE contract_id = $1`,
      [contractId],
    );
    return rows[0] ?? { lastEnd: null, failed: 0 };
  },

  /**
   * The windows (5-minute starts) of the real-time rounds no statement has taken yet (those above the last statement's
   * mark, or at or after its end; decision 0152) settled before `before`, oldest first.
   */
  openAccrualTimes: async (contractId: string, before: Date): Promise<Date[]> => {
    const { rows } = await pool.query<{ at: Date }>(
      `WITH l AS (SELECT coalesce((SELECT taken_through FROM (${LAST('$1')}) x), 0) AS mark,
                         (SELECT period_end FROM (${LAST('$1')}) x) AS last_end)
       SELECT DISTINCT to_timestamp(floor(extract(epoch FROM t.settled_at) / 300) * 300) AS at
         FROM l CROSS JOIN LATERAL (
           SELECT a.settled_at FROM agent_contract_accruals a
            WHERE a.contract_id = $1 AND a.seq > l.mark AND a.settled_at < $2
           UNION ALL
           SELECT a.settled_at FROM agent_contract_accruals a
            WHERE a.contract_id = $1 AND a.seq <= l.mark AND a.settled_at >= l.last_end AND a.settled_at < $2) t
        ORDER BY at`,
      [contractId, before],
    );
    return rows.map((row) => row.at);
  },

  /**
   * Claims the run of a (contract, period), or takes back a failed one; null when it was settled (by another
   * runner, or before). The caller holds the contract's lock.
   */
  claimRun: async (
    client: pg.PoolClient,
    contract: ContractRow,
    period: { start: Date; end: Date },
  ): Promise<string | null> => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO agent_contract_runs (contract_id, merchant_code, period_start, period_end, status)
       VALUES ($1, $2, $3, $4, 'settled')
       ON CONFLICT (contract_id, period_start) DO UPDATE SET status = 'settled', error = NULL,
         attempts = agent_contract_runs.attempts + 1
         WHERE agent_contract_runs.status = 'failed'
       RETURNING id`,
      [contract.id, contract.merchantCode, period.start, period.end],
    );
    return rows[0]?.id ?? null;
  },

  recordFailedRun: async (contract: ContractRow, period: { start: Date; end: Date }, error: string) => {
    await pool.query(
      `INSERT INTO agent_contract_runs (contract_id, merchant_code, period_start, period_end, status, error)
       VALUES ($1, $2, $3, $4, 'failed', $5)
       ON CONFLICT (contract_id, period_start) DO UPDATE SET attempts = agent_contract_runs.attempts + 1,
         error = EXCLUDED.error WHERE agent_contract_runs.status = 'failed'`,
      [contract.id, contract.merchantCode, period.start, period.end, error.slice(0, 500)],
    );
  },

  failedRuns: async (maxAttempts: number): Promise<(RunRow & { merchantCode: string })[]> => {
    const { rows } = await pool.query<RunRow & { merchantCode: string }>(
      `SELECT ${RUN}, r.merchant_code AS "merchantCode" FROM ${RUN_FROM}
        WHERE r.status = 'failed' AND r.attempts < $1 ORDER BY r.period_start`,
      [maxAttempts],
    );
    return rows;
  },

  run: async (id: string, db: Executor = pool): Promise<(RunRow & { merchantCode: string }) | null> => {
    const { rows } = await db.query<RunRow & { merchantCode: string }>(
      `SELECT ${RUN}, r.merchant_code AS "merchantCode" FROM ${RUN_FROM} WHERE r.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  listRuns: async (
    merchantCode: string,
    filter: { status?: string; contractId?: string },
    page: { pageNo: number; pageSize: number },
  ) => {
    const { rows } = await pool.query<RunRow & { total: number }>(
      `SELECT ${RUN}, count(*) OVER ()::int AS total FROM ${RUN_FROM}
        WHERE r.merchant_code = $1 AND ($2::text IS NULL OR r.status = $2) AND ($3::uuid IS NULL OR r.contract_id = $3)
        ORDER BY r.period_start DESC, r.created_at DESC LIMIT $4 OFFSET $5`,
      [merchantCode, filter.status ?? null, filter.contractId ?? null, ...paged(page)],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  },

  /**
   * Takes a period's accruals for its statement in one read (decision 0152): those the contract's last statement
   * (`last`) left, settled before the period's end, with their totals (the shares summed exactly) and the mark the
   * statement records: the contract's highest accrual number. The caller holds the contract's row lock, which every
   * accrual's writer takes (key share) before its row is numbered: no row below the mark can still appear.
   */
  takeAccruals: async (
    client: pg.PoolClient,
    contractId: string,
    period: { start: Date; end: Date },
    last: Pick<LastStatement, 'periodEnd' | 'takenThrough'> | null,
  ) => {
    const { rows } = await client.query<TotalsRow & { takenThrough: string }>(
      `WITH taken AS (
         SELECT t.*, ${LEFT_OUT('t.member_id', '$3', '$2')} AS left_out FROM (${TAKEN('$1', '$2', '$4', '$5')}) t)
       SELECT ${TOTALS({ active: true, leftOut: true })},
              greatest($4::bigint, (SELECT coalesce(max(a.seq), 0) FROM agent_contract_accruals a
                                     WHERE a.contract_id = $1))::text AS "takenThrough"
         FROM taken`,
      [contractId, period.end, period.start, (last?.takenThrough ?? 0n).toString(), last?.periodEnd ?? null],
    );
    return { ...totalsOf(rows[0]), takenThrough: BigInt(rows[0]?.takenThrough ?? '0') };
  },

  /**
   * The merchant's blocks (from the contracts' own record of `member.blocked`) that started before `end`: those
   * that may cover a period ending then (the rules' `blockedDuring` decides, decision 0110).
   */
  blocksBefore: async (merchantCode: string, end: Date): Promise<MemberBlock[]> => {
    const { rows } = await pool.query<MemberBlock>(
      `SELECT member_id AS "memberId", starts_at AS "startsAt", ends_at AS "endsAt" FROM agent_contract_member_blocks
        WHERE merchant_code = $1 AND starts_at < $2 ORDER BY member_id, starts_at`,
      [merchantCode, end],
    );
    return rows;
  },

  /** Records a block the `member.blocked` event told (a redelivery finds its row and does nothing). */
  recordBlock: async (
    client: pg.PoolClient,
    block: { merchantCode: string; memberId: string; kind: string; startsAt: Date; endsAt: Date | null },
  ): Promise<void> => {
    await client.query(
      `INSERT INTO agent_contract_member_blocks (member_id, kind, starts_at, ends_at, merchant_code)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [block.memberId, block.kind, block.startsAt, block.endsAt, block.merchantCode],
    );
  },

  /**
   * The real-time and hourly contracts the platform pays that may have a period due before `horizon`, in one read
   * (decision 0092): each with the end of its last run and, for a real-time salary, the starts of the windows its
   * untaken accruals fall in (one index probe per window, not per round; decision 0152). A contract with a failed run is left out: that run
   * holds back its later periods and is retried by the per-period path.
   */
  batchable: async (
    at: Date,
    horizon: Date,
  ): Promise<(ContractRow & { lastEnd: Date | null; openTimes: Date[] })[]> => {
    const { rows } = await pool.query<ContractRow & { lastEnd: Date | null; openTimes: Date[] | null }>(
      `SELECT ${CONTRACT}, p.last_end AS "lastEnd",
              CASE WHEN c.kind = 'realtime' THEN ARRAY(
                -- The first window: the oldest round no statement took (above the last mark, or at or after the last
                -- end); then one probe per window at or after the last end, where every round is still open.
                WITH RECURSIVE w(t) AS (
                  SELECT floor(extract(epoch FROM least(
                           (SELECT min(a.settled_at) FROM agent_contract_accruals a
                             WHERE a.contract_id = c.id AND a.settled_at >= l.last_end AND a.settled_at < $2),
                           (SELECT min(a.settled_at) FROM agent_contract_accruals a
                             WHERE a.contract_id = c.id AND a.seq > l.mark AND a.settled_at < least(l.last_end, $2))))
                         / 300) * 300
                  UNION ALL
                  SELECT (SELECT floor(extract(epoch FROM min(a.settled_at)) / 300) * 300 FROM agent_contract_accruals a
                           WHERE a.contract_id = c.id AND a.settled_at < $2
                             AND a.settled_at >= greatest(to_timestamp(w.t + 300), l.last_end))
                    FROM w WHERE w.t IS NOT NULL)
                SELECT to_timestamp(t) FROM w WHERE t IS NOT NULL ORDER BY t) END AS "openTimes"
         FROM agent_contracts c
         LEFT JOIN LATERAL (SELECT max(r.period_end) AS last_end, bool_or(r.status = 'failed') AS failed
                              FROM agent_contract_runs r WHERE r.contract_id = c.id) p ON true
         CROSS JOIN LATERAL (SELECT coalesce((SELECT x.taken_through FROM (${LAST('c.id')}) x), 0) AS mark,
                                    coalesce((SELECT x.period_end FROM (${LAST('c.id')}) x), '-infinity') AS last_end) l
        WHERE c.kind IN ('realtime', 'hourly') AND c.payer = 'platform' AND c.status IN ('active', 'terminated')
          AND c.starts_at IS NOT NULL AND c.starts_at < $1 AND NOT coalesce(p.failed, false)
          AND (c.ends_at IS NULL OR p.last_end IS NULL OR p.last_end < c.ends_at)
        ORDER BY c.id`,
      [at, horizon],
    );
    return rows.map((row) => ({ ...row, openTimes: row.openTimes ?? [] }));
  },

  /**
   * A batch's first steps in the caller's transaction (decision 0092): locks the contracts in id order (one runner
   * per contract at a time, no deadlock between runners), claims each (contract, period) run under its unique key
   * (a period another runner settled is left out), reads every claimed period's accruals in one statement (decision
   * 0152: those its last statement left, read by index ranges, none written) and answers, per claimed contract, its
   * run, its totals, the mark its statement records and its chain's last link.
   */
  claimBatch: async (
    client: pg.PoolClient,
    items: readonly { contractId: string; merchantCode: string; start: Date; end: Date }[],
  ) => {
    const ids = items.map((item) => item.contractId);
    await client.query('SELECT 1 FROM agent_contracts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    const { rows } = await client.query<
      TotalsRow & { contractId: string; runId: string; seq: number | null; hash: string | null; takenThrough: string }
    >(
      `WITH item AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[])
                       AS i(contract_id, merchant_code, period_start, period_end)),
       claimed AS (
         INSERT INTO agent_contract_runs (contract_id, merchant_code, period_start, period_end, status)
         SELECT contract_id, merchant_code, period_start, period_end, 'settled' FROM item
         ON CONFLICT (contract_id, period_start) DO NOTHING
         RETURNING id, contract_id),
       k AS (
         SELECT c.id AS run_id, i.contract_id, i.period_start, i.period_end, l.seq, l.hash,
                coalesce(l.taken_through, 0) AS mark, l.period_end AS last_end
           FROM claimed c JOIN item i ON i.contract_id = c.contract_id
           LEFT JOIN LATERAL (${LAST('c.contract_id')}) l ON true),
       -- Members blocked at some moment of a claimed period (decision 0110), joined once rather than probed per round.
       blocked AS (
         SELECT DISTINCT k.contract_id, b.member_id FROM k JOIN agent_contract_member_blocks b
             ON ${BLOCKED_DURING('b', 'k.period_start', 'k.period_end')}),
       taken AS (
         SELECT k.contract_id, t.*, (x.member_id IS NOT NULL) AS left_out
           FROM k CROSS JOIN LATERAL (${TAKEN('k.contract_id', 'k.period_end', 'k.mark', 'k.last_end')}) t
           LEFT JOIN blocked x ON x.contract_id = k.contract_id AND x.member_id = t.member_id),
       -- Summed by hash (no DISTINCT over the batch's rows, which would sort them all); the members left out apart.
       totals AS (
         SELECT contract_id, ${TOTALS({ active: false, leftOut: false })}
           FROM taken GROUP BY contract_id),
       left_out AS (SELECT contract_id, count(DISTINCT member_id)::int AS n FROM taken WHERE left_out GROUP BY contract_id)
       SELECT k.contract_id AS "contractId", k.run_id AS "runId", t.rounds, t.won, t."validBet", t.share, t.loss,
              coalesce(o.n, 0) AS "leftOut", k.seq, k.hash,
              greatest(k.mark, (SELECT coalesce(max(a.seq), 0) FROM agent_contract_accruals a
                                 WHERE a.contract_id = k.contract_id))::text AS "takenThrough"
         FROM k LEFT JOIN totals t ON t.contract_id = k.contract_id LEFT JOIN left_out o ON o.contract_id = k.contract_id`,
      [ids, items.map((item) => item.merchantCode), items.map((item) => item.start), items.map((item) => item.end)],
    );
    return rows.map((row) => ({
      contractId: row.contractId,
      runId: row.runId,
      taken: totalsOf(row),
      takenThrough: BigInt(row.takenThrough),
      last: row.seq === null || row.hash === null ? null : { seq: row.seq, hash: row.hash },
    }));
  },

  /**
   * A batch's statements in one statement, each linked to its run; those paid in the batch (`paid` = amount) with
   * their first payment row.
   */
  insertStatements: async (
    client: pg.PoolClient,
    rows: readonly (Omit<
      StatementRow,
      'createdAt' | 'paid' | 'status' | 'downlineAccount' | 'uplineAccount' | 'currency' | 'merchantCode'
    > & { merchantCode: string; runId: string; paid: bigint })[],
  ): Promise<void> => {
    const status = (row: { amount: bigint; paid: bigint }) =>
      row.amount <= 0n ? 'nothing_due' : row.paid >= row.amount ? 'paid' : row.paid > 0n ? 'partial' : 'insufficient';
    await client.query(
      `WITH s AS (
         INSERT INTO agent_contract_statements (id, contract_id, merchant_code, seq, kind, period, period_start,
           period_end, inputs, tier, rate_bp, amount, paid, status, payer, upline_id, downline_id, prev_hash, hash,
           taken_through)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::timestamptz[],
           $8::timestamptz[], $9::jsonb[], $10::int[], $11::int[], $12::bigint[], $13::bigint[], $14::text[], $15::text[],
           $16::uuid[], $17::uuid[], $18::text[], $19::text[], $21::bigint[])
         RETURNING id, paid),
       r AS (
         UPDATE agent_contract_runs r SET statement_id = i.statement_id
           FROM unnest($20::uuid[], $1::uuid[]) AS i(run_id, statement_id) WHERE r.id = i.run_id)
       INSERT INTO agent_contract_payments (statement_id, seq, amount) SELECT id, 1, paid FROM s WHERE paid > 0`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.contractId),
        rows.map((row) => row.merchantCode),
        rows.map((row) => row.seq),
        rows.map((row) => row.kind),
        rows.map((row) => row.period),
        rows.map((row) => row.periodStart),
        rows.map((row) => row.periodEnd),
        rows.map((row) => JSON.stringify(row.inputs)),
        rows.map((row) => row.tier),
        rows.map((row) => row.rateBp),
        rows.map((row) => row.amount.toString()),
        rows.map((row) => row.paid.toString()),
        rows.map(status),
        rows.map((row) => row.payer),
        rows.map((row) => row.uplineId),
        rows.map((row) => row.downlineId),
        rows.map((row) => row.prevHash),
        rows.map((row) => row.hash),
        rows.map((row) => row.runId),
        rows.map((row) => row.takenThrough.toString()),
      ],
    );
  },

  /** The contract's last statement: the link the next one chains to and the mark and end it takes from. */
  lastStatement: async (client: pg.PoolClient, contractId: string): Promise<LastStatement | null> => {
    const { rows } = await client.query<{ seq: number; hash: string; period_end: Date; taken_through: string }>(
      LAST('$1'),
      [contractId],
    );
    const row = rows[0];
    return row
      ? { seq: row.seq, hash: row.hash, periodEnd: row.period_end, takenThrough: BigInt(row.taken_through) }
      : null;
  },

  insertStatement: async (
    client: pg.PoolClient,
    row: Omit<
      StatementRow,
      'createdAt' | 'paid' | 'status' | 'downlineAccount' | 'uplineAccount' | 'currency' | 'merchantCode'
    > & { merchantCode: string; runId: string },
  ): Promise<void> => {
    await client.query(
      `INSERT INTO agent_contract_statements (id, contract_id, merchant_code, seq, kind, period, period_start,
         period_end, inputs, tier, rate_bp, amount, paid, status, payer, upline_id, downline_id, prev_hash, hash,
         taken_through)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $14, $15, $16, $17, $18, $19)`,
      [
        row.id,
        row.contractId,
        row.merchantCode,
        row.seq,
        row.kind,
        row.period,
        row.periodStart,
        row.periodEnd,
        JSON.stringify(row.inputs),
        row.tier,
        row.rateBp,
        row.amount,
        row.amount > 0n ? 'insufficient' : 'nothing_due',
        row.payer,
        row.uplineId,
        row.downlineId,
        row.prevHash,
        row.hash,
        row.takenThrough.toString(),
      ],
    );
    await client.query('UPDATE agent_contract_runs SET statement_id = $2 WHERE id = $1', [row.runId, row.id]);
  },

  /** Statements still owed something, locked for one payer at a time (others skip them). */
  lockUnpaid: async (client: pg.PoolClient, limit: number): Promise<StatementRow[]> => {
    const { rows } = await client.query<StatementRow>(
      `SELECT ${STATEMENT} FROM agent_contract_statements s JOIN agent_contracts c ON c.id = s.contract_id
        WHERE s.status IN ('partial', 'insufficient') ORDER BY s.created_at LIMIT $1 FOR UPDATE OF s SKIP LOCKED`,
      [limit],
    );
    return rows;
  },

  addPayment: async (client: pg.PoolClient, statementId: string, amount: bigint, total: bigint, owed: bigint) => {
    const { rows } = await client.query<{ seq: number }>(
      `INSERT INTO agent_contract_payments (statement_id, seq, amount)
       SELECT $1, coalesce(max(seq), 0) + 1, $2 FROM agent_contract_payments WHERE statement_id = $1 RETURNING seq`,
      [statementId, amount],
    );
    await client.query('UPDATE agent_contract_statements SET paid = $2, status = $3 WHERE id = $1', [
      statementId,
      total,
      total >= owed ? 'paid' : total > 0n ? 'partial' : 'insufficient',
    ]);
    return rows[0]?.seq ?? 1;
  },

  /** One statement, locked: one payer of it at a time (the engine's unpaid sweep skips it meanwhile). */
  lockStatement: async (client: pg.PoolClient, id: string): Promise<StatementRow | null> => {
    const { rows } = await client.query<StatementRow>(
      `SELECT ${STATEMENT} FROM agent_contract_statements s JOIN agent_contracts c ON c.id = s.contract_id
        WHERE s.id = $1 FOR UPDATE OF s`,
      [id],
    );
    return rows[0] ?? null;
  },

  paymentCount: async (client: pg.PoolClient, statementId: string): Promise<number> => {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_contract_payments WHERE statement_id = $1',
      [statementId],
    );
    return rows[0]?.n ?? 0;
  },

  statements: async (
    filter:
      | { memberId: string; side: 'received' | 'paid'; kind: ContractKind }
      | { merchantCode: string; contractId?: string; status?: string },
    page: { pageNo: number; pageSize: number },
  ) => {
    const where =
      'memberId' in filter
        ? `s.${filter.side === 'received' ? 'downline_id' : 'upline_id'} = $1 AND s.kind = $2`
        : 's.merchant_code = $1 AND ($2::uuid IS NULL OR s.contract_id = $2) AND ($3::text IS NULL OR s.status = $3)';
    const params =
      'memberId' in filter
        ? [filter.memberId, filter.kind]
        : [filter.merchantCode, filter.contractId ?? null, filter.status ?? null];
    const { rows } = await pool.query<StatementRow & { total: number }>(
      `SELECT ${STATEMENT}, count(*) OVER ()::int AS total FROM agent_contract_statements s
         JOIN agent_contracts c ON c.id = s.contract_id
        WHERE ${where} ORDER BY s.period_start DESC, s.seq DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, ...paged(page)],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  },

  /** A contract's whole chain in order (to check it). */
  chain: async (contractId: string): Promise<StatementRow[]> => {
    const { rows } = await pool.query<StatementRow>(
      `SELECT ${STATEMENT} FROM agent_contract_statements s JOIN agent_contracts c ON c.id = s.contract_id
        WHERE s.contract_id = $1 ORDER BY s.seq`,
      [contractId],
    );
    return rows;
  },

  // --- Accruals (bet.settled) --------------------------------------------------------------------------------

  /**
   * Dividend, hourly and real-time contracts held by any of `holders`, running when the round settled, locked in key
   * share mode until the caller's transaction ends (decision 0152): an accrual is numbered only while its writer holds
   * this lock, so a settlement (which locks the contract for update) never sees a mark pass a row not yet committed.
   */
  accruingContracts: async (client: pg.PoolClient, holders: readonly string[], at: Date): Promise<ContractRow[]> => {
    const { rows } = await client.query<ContractRow>(
      `SELECT ${CONTRACT} FROM agent_contracts c
        WHERE c.downline_id = ANY($1::uuid[]) AND c.kind IN ('dividend', 'hourly', 'realtime') AND ${RUNNING}
        ORDER BY c.id FOR KEY SHARE OF c`,
      [holders, at],
    );
    return rows;
  },

  insertAccrual: async (
    client: pg.PoolClient,
    row: {
      contractId: string;
      roundId: string;
      memberId: string;
      settledAt: Date;
      validBet: bigint;
      won: boolean;
      share: bigint;
      loss: bigint;
      correction?: boolean;
    },
  ) => {
    await client.query(
      `INSERT INTO agent_contract_accruals
         (contract_id, round_id, member_id, settled_at, valid_bet, won, share, loss, correction)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [
        row.contractId,
        row.roundId,
        row.memberId,
        row.settledAt,
        row.validBet,
        row.won,
        row.share,
        row.loss,
        row.correction ?? false,
      ],
    );
  },
});

export type AgentContractsRepository = ReturnType<typeof createAgentContractsRepository>;
