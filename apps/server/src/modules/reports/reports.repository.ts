import type { ReportRebuildCounts, ReportRebuildStatus } from '@tessera/contracts';
import type pg from 'pg';
import {
  ACTIVE_CHUNK_BITS,
  ACTIVE_CHUNK_MASK,
  ACTIVE_CHUNK_ZERO,
  liveWriterLock,
  memberOrdinal,
} from './reports.backfill';
import { compactParams } from './reports.specs';

/**
 * The reports' rollups (decision 0079). Writers take the delivery's transaction; each event's effect is one
 * statement (data-modifying CTEs) after the merchant's rollup lock taken shared (a backfill takes it exclusive,
 * decision 0123), so a busy merchant costs two round trips per event and subscriber.
 * An event's time is the outbox row's (`events.created_at`, the producer's transaction time) where the payload has
 * none: deposits, withdrawals, registrations and claims.
 */
const EVENT_TIME = (param: string) =>
  `date_trunc('hour', COALESCE((SELECT created_at FROM events WHERE id = ${param}), now()))`;

export interface BetFact {
  merchantCode: string;
  memberId: string;
  currency: string;
  category: string;
  source: string;
  provider: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  settledAt: string;
  /**
   * Rounds the fact adds: 1; for a correction of a settled round (its differences only, decision 0118) 0, or -1 when
   * the round was voided.
   */
  rounds?: number;
}

export interface CashFact {
  merchantCode: string;
  memberId: string;
  currency: string;
  amount: bigint;
}

/**
 * `reads` serves the reports' reads (dashboard, grids, the member's 360 view, exports' cursors): the read replica
 * when one is configured (decision 0161), else `pool`. Rollups are written on `pool` by their subscribers.
 */
export const createReportsRepository = (pool: pg.Pool, reads: pg.Pool = pool) => ({
  pool,
  reads,

  addBet: async (tx: pg.PoolClient, fact: BetFact) => {
    await liveWriterLock(tx, fact.merchantCode);
    const ordinal = await memberOrdinal(tx, fact.merchantCode, fact.memberId);
    await tx.query(
      `WITH h AS (SELECT date_trunc('hour', $10::timestamptz) AS hour),
       totals AS (
         INSERT INTO reports_hourly (merchant_code, currency, hour, rounds, stakes, valid_bets, payouts)
         SELECT $1, $3, h.hour, $11::int, $7, $8, $9 FROM h
         ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
           rounds = reports_hourly.rounds + EXCLUDED.rounds, stakes = reports_hourly.stakes + EXCLUDED.stakes,
           valid_bets = reports_hourly.valid_bets + EXCLUDED.valid_bets,
           payouts = reports_hourly.payouts + EXCLUDED.payouts),
       games AS (
         INSERT INTO reports_game_hourly
           (merchant_code, currency, hour, category, source, provider, rounds, stakes, valid_bets, payouts)
         SELECT $1, $3, h.hour, $4, $5, $6, $11::int, $7, $8, $9 FROM h
         ON CONFLICT (merchant_code, currency, hour, category, source, provider) DO UPDATE SET
           rounds = reports_game_hourly.rounds + EXCLUDED.rounds, stakes = reports_game_hourly.stakes + EXCLUDED.stakes,
           valid_bets = reports_game_hourly.valid_bets + EXCLUDED.valid_bets,
           payouts = reports_game_hourly.payouts + EXCLUDED.payouts),
       active AS (
         INSERT INTO reports_active_hours (merchant_code, hour, chunk, members)
         SELECT $1, h.hour, $12::int >> ${ACTIVE_CHUNK_BITS}, set_bit(${ACTIVE_CHUNK_ZERO}, $12::int & ${ACTIVE_CHUNK_MASK}, 1)
           FROM h WHERE $11::int > 0
         ON CONFLICT (merchant_code, hour, chunk) DO UPDATE SET members = reports_active_hours.members | EXCLUDED.members
         WHERE get_bit(reports_active_hours.members, $12::int & ${ACTIVE_CHUNK_MASK}) = 0),
       active_days AS (
         INSERT INTO reports_active_days (merchant_code, time_zone, day, chunk, members)
         SELECT $1, z.time_zone, (h.hour AT TIME ZONE z.time_zone)::date, $12::int >> ${ACTIVE_CHUNK_BITS},
                set_bit(${ACTIVE_CHUNK_ZERO}, $12::int & ${ACTIVE_CHUNK_MASK}, 1)
           FROM h, reports_active_zones z WHERE z.merchant_code = $1 AND $11::int > 0
         ON CONFLICT (merchant_code, time_zone, day, chunk) DO UPDATE
           SET members = reports_active_days.members | EXCLUDED.members
         WHERE get_bit(reports_active_days.members, $12::int & ${ACTIVE_CHUNK_MASK}) = 0),
       game_days AS (
         INSERT INTO reports_game_days (merchant_code, day, category, source, provider, chunk, members)
         SELECT $1, (h.hour AT TIME ZONE 'UTC')::date, $4, $5, $6, $12::int >> ${ACTIVE_CHUNK_BITS},
                set_bit(${ACTIVE_CHUNK_ZERO}, $12::int & ${ACTIVE_CHUNK_MASK}, 1)
           FROM h WHERE $11::int > 0
         ON CONFLICT (merchant_code, day, category, source, provider, chunk) DO UPDATE
           SET members = reports_game_days.members | EXCLUDED.members
         WHERE get_bit(reports_game_days.members, $12::int & ${ACTIVE_CHUNK_MASK}) = 0),
       players AS (
         INSERT INTO reports_game_players (merchant_code, hour, category, source, provider, members)
         SELECT $1, h.hour, $4, $5, $6, ARRAY[$12::int] FROM h WHERE $11::int > 0
         ON CONFLICT (merchant_code, hour, category, source, provider) DO UPDATE
           SET members = reports_game_players.members || EXCLUDED.members
         WHERE NOT ($12::int = ANY (reports_game_players.members))),
       member_games AS (
         INSERT INTO reports_member_games
           (merchant_code, member_id, currency, category, source, provider, rounds, stakes, valid_bets, payouts, last_at)
         VALUES ($1, $2, $3, $4, $5, $6, $11::int, $7, $8, $9, $10)
         ON CONFLICT (member_id, currency, category, source, provider) DO UPDATE SET
           rounds = reports_member_games.rounds + EXCLUDED.rounds, stakes = reports_member_games.stakes + EXCLUDED.stakes,
           valid_bets = reports_member_games.valid_bets + EXCLUDED.valid_bets,
           payouts = reports_member_games.payouts + EXCLUDED.payouts,
           last_at = greatest(reports_member_games.last_at, EXCLUDED.last_at))
       INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rounds, stakes, valid_bets, payouts)
       SELECT $1, $2, h.hour, $3, $11::int, $7, $8, $9 FROM h
       ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET
         rounds = reports_player_hours.rounds + EXCLUDED.rounds, stakes = reports_player_hours.stakes + EXCLUDED.stakes,
         valid_bets = reports_player_hours.valid_bets + EXCLUDED.valid_bets,
         payouts = reports_player_hours.payouts + EXCLUDED.payouts`,
      [
        fact.merchantCode,
        fact.memberId,
        fact.currency,
        fact.category,
        fact.source,
        fact.provider,
        fact.stake,
        fact.validBet,
        fact.payout,
        fact.settledAt,
        fact.rounds ?? 1,
        ordinal,
      ],
    );
  },

  addDeposit: async (tx: pg.PoolClient, eventId: bigint, fact: CashFact) => {
    await liveWriterLock(tx, fact.merchantCode);
    await tx.query(
      `WITH at AS (SELECT COALESCE((SELECT created_at FROM events WHERE id = $5), now()) AS at),
       first AS (
         INSERT INTO reports_members (member_id, merchant_code, first_deposit_at, first_deposit_currency, first_deposit)
         SELECT $2, $1, at.at, $3, $4 FROM at
         ON CONFLICT (member_id) DO UPDATE SET first_deposit_at = EXCLUDED.first_deposit_at,
           first_deposit_currency = EXCLUDED.first_deposit_currency, first_deposit = EXCLUDED.first_deposit
         WHERE reports_members.first_deposit_at IS NULL
         RETURNING 1),
       player AS (
         INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, deposits, deposit_count)
         SELECT $1, $2, date_trunc('hour', at.at), $3, $4, 1 FROM at
         ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET
           deposits = reports_player_hours.deposits + EXCLUDED.deposits,
           deposit_count = reports_player_hours.deposit_count + 1)
       INSERT INTO reports_hourly (merchant_code, currency, hour, deposit_count, deposits, first_depositors)
       SELECT $1, $3, date_trunc('hour', at.at), 1, $4, (SELECT count(*) FROM first)::int FROM at
       ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
         deposit_count = reports_hourly.deposit_count + 1, deposits = reports_hourly.deposits + EXCLUDED.deposits,
         first_depositors = reports_hourly.first_depositors + EXCLUDED.first_depositors`,
      [fact.merchantCode, fact.memberId, fact.currency, fact.amount, eventId],
    );
  },

  addWithdrawal: async (tx: pg.PoolClient, eventId: bigint, fact: CashFact) => {
    await liveWriterLock(tx, fact.merchantCode);
    await tx.query(
      `WITH h AS (SELECT ${EVENT_TIME('$5')} AS hour),
       totals AS (
         INSERT INTO reports_hourly (merchant_code, currency, hour, withdrawal_count, withdrawals)
         SELECT $1, $3, h.hour, 1, $4 FROM h
         ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
           withdrawal_count = reports_hourly.withdrawal_count + 1,
           withdrawals = reports_hourly.withdrawals + EXCLUDED.withdrawals)
       INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, withdrawals, withdrawal_count)
       SELECT $1, $2, h.hour, $3, $4, 1 FROM h
       ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET
         withdrawals = reports_player_hours.withdrawals + EXCLUDED.withdrawals,
         withdrawal_count = reports_player_hours.withdrawal_count + 1`,
      [fact.merchantCode, fact.memberId, fact.currency, fact.amount, eventId],
    );
  },

  addReward: async (tx: pg.PoolClient, eventId: bigint, fact: CashFact & { kind: string }) => {
    await liveWriterLock(tx, fact.merchantCode);
    await tx.query(
      `WITH h AS (SELECT ${EVENT_TIME('$5')} AS hour),
       totals AS (
         INSERT INTO reports_hourly (merchant_code, currency, hour, reward_count, rewards)
         SELECT $1, $2, h.hour, 1, $4 FROM h
         ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
           reward_count = reports_hourly.reward_count + 1, rewards = reports_hourly.rewards + EXCLUDED.rewards),
       player AS (
         INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rewards)
         SELECT $1, $6, h.hour, $2, $4 FROM h
         ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET
           rewards = reports_player_hours.rewards + EXCLUDED.rewards)
       INSERT INTO reports_reward_hourly (merchant_code, currency, hour, kind, claims, amount)
       SELECT $1, $2, h.hour, $3, 1, $4 FROM h
       ON CONFLICT (merchant_code, currency, hour, kind) DO UPDATE SET
         claims = reports_reward_hourly.claims + 1, amount = reports_reward_hourly.amount + EXCLUDED.amount`,
      [fact.merchantCode, fact.currency, fact.kind, fact.amount, eventId, fact.memberId],
    );
  },

  addRegistration: async (
    tx: pg.PoolClient,
    eventId: bigint,
    fact: { merchantCode: string; memberId: string; source: string },
  ) => {
    await liveWriterLock(tx, fact.merchantCode);
    // A member's registration is written once (a rebuild may have written it while the event was pending, from the
    // same event time); the hour's counter counts it when it is (decision 0147).
    await tx.query(
      `WITH registered AS (
         INSERT INTO reports_members (member_id, merchant_code, registered_at, source)
         VALUES ($1, $2, COALESCE((SELECT created_at FROM events WHERE id = $4), now()), $3)
         ON CONFLICT (member_id) DO UPDATE SET registered_at = EXCLUDED.registered_at, source = EXCLUDED.source
         WHERE reports_members.registered_at IS NULL
         RETURNING registered_at)
       INSERT INTO reports_registration_hourly (merchant_code, hour, source, registrations)
       SELECT $2, date_trunc('hour', registered_at), $3, 1 FROM registered
       ON CONFLICT (merchant_code, hour, source) DO UPDATE SET
         registrations = reports_registration_hourly.registrations + 1`,
      [fact.memberId, fact.merchantCode, fact.source, eventId],
    );
  },

  // --- A member's 360 view (decision 0094) -------------------------------------------------------------------

  /** The member's lifetime cash from its hours, with how it registered and its first deposit. */
  memberCash: async (merchantCode: string, memberId: string, currency: string) => {
    const { rows } = await reads.query<{
      deposits: string;
      depositCount: number;
      withdrawals: string;
      withdrawalCount: number;
      source: string | null;
      firstDepositAt: Date | null;
      firstDeposit: string | null;
    }>(
      `SELECT COALESCE(sum(h.deposits), 0)::text AS deposits, COALESCE(sum(h.deposit_count), 0)::int AS "depositCount",
              COALESCE(sum(h.withdrawals), 0)::text AS withdrawals,
              COALESCE(sum(h.withdrawal_count), 0)::int AS "withdrawalCount",
              m.source, m.first_deposit_at AS "firstDepositAt", m.first_deposit::text AS "firstDeposit"
         FROM (SELECT 1) one
         LEFT JOIN reports_player_hours h ON h.member_id = $2 AND h.merchant_code = $1 AND h.currency = $3
         LEFT JOIN reports_members m ON m.member_id = $2 AND m.merchant_code = $1
        GROUP BY m.source, m.first_deposit_at, m.first_deposit`,
      [merchantCode, memberId, currency],
    );
    const row = rows[0];
    return {
      deposits: BigInt(row?.deposits ?? '0'),
      depositCount: row?.depositCount ?? 0,
      withdrawals: BigInt(row?.withdrawals ?? '0'),
      withdrawalCount: row?.withdrawalCount ?? 0,
      source: row?.source ?? null,
      firstDepositAt: row?.firstDepositAt ?? null,
      firstDeposit: row?.firstDeposit == null ? null : BigInt(row.firstDeposit),
    };
  },

  /** The member's lifetime play per game, largest stakes first. */
  memberGames: async (memberId: string, currency: string) =>
    (
      await reads.query<{
        category: string;
        source: string;
        provider: string;
        rounds: number;
        stakes: bigint;
        validBets: bigint;
        payouts: bigint;
        lastAt: Date;
      }>(
        `SELECT category, source, provider, rounds, stakes, valid_bets AS "validBets", payouts, last_at AS "lastAt"
           FROM reports_member_games WHERE member_id = $1 AND currency = $2 ORDER BY stakes DESC, category, provider`,
        [memberId, currency],
      )
    ).rows.map((row) => ({
      ...row,
      stakes: BigInt(row.stakes),
      validBets: BigInt(row.validBets),
      payouts: BigInt(row.payouts),
    })),

  /** Reads on a `reads` connection, or on `on` (a transaction's client for a cursor, or the primary's pool). */
  query: <R extends pg.QueryResultRow>(text: string, values: readonly unknown[], on?: pg.Pool | pg.PoolClient) => {
    const compact = compactParams(text, values);
    return (on ?? reads).query<R>(compact.sql, compact.params);
  },

  // --- Exports ----------------------------------------------------------------------------------------------

  insertExport: async (row: {
    merchantCode: string;
    operatorId: string;
    operatorUsername: string;
    report: string;
    format: string;
    query: Record<string, unknown>;
  }) => {
    const { rows } = await pool.query<ExportRow>(
      `INSERT INTO reports_exports (merchant_code, operator_id, operator_username, report, format, query)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${EXPORT_COLUMNS}`,
      [row.merchantCode, row.operatorId, row.operatorUsername, row.report, row.format, row.query],
    );
    return rows[0] as ExportRow;
  },

  listExports: async (merchantCode: string, operatorId: string) =>
    (
      await pool.query<ExportRow>(
        `SELECT ${EXPORT_COLUMNS} FROM reports_exports WHERE merchant_code = $1 AND operator_id = $2
          ORDER BY created_at DESC LIMIT 20`,
        [merchantCode, operatorId],
      )
    ).rows,

  findExport: async (merchantCode: string, operatorId: string, id: string) =>
    (
      await pool.query<ExportRow & { file: Buffer | null }>(
        `SELECT ${EXPORT_COLUMNS}, file FROM reports_exports WHERE id = $1 AND merchant_code = $2 AND operator_id = $3`,
        [id, merchantCode, operatorId],
      )
    ).rows[0] ?? null,

  /** Takes the oldest queued export (another worker skips it), marked running in its own statement. */
  claimExport: async (client: pg.PoolClient) =>
    (
      await client.query<ExportRow>(
        `UPDATE reports_exports SET status = 'running', started_at = now()
          WHERE id = (SELECT id FROM reports_exports WHERE status = 'queued' ORDER BY created_at
                       FOR UPDATE SKIP LOCKED LIMIT 1)
          RETURNING ${EXPORT_COLUMNS}`,
      )
    ).rows[0] ?? null,

  finishExport: async (id: string, outcome: { file: Buffer; rowCount: number } | { error: string }) => {
    if ('file' in outcome)
      await pool.query(
        `UPDATE reports_exports SET status = 'ready', file = $2, row_count = $3, finished_at = now() WHERE id = $1`,
        [id, outcome.file, outcome.rowCount],
      );
    else
      await pool.query(`UPDATE reports_exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [
        id,
        outcome.error,
      ]);
  },

  /** Exports left running by a process that died are queued again; files older than a week are dropped. */
  tidyExports: async (client: pg.PoolClient) => {
    await client.query(
      `UPDATE reports_exports SET status = 'queued'
        WHERE status = 'running' AND started_at < now() - interval '15 minutes'`,
    );
    await client.query(`DELETE FROM reports_exports WHERE created_at < now() - interval '7 days'`);
  },

  // --- Rollup rebuilds (decision 0129) ----------------------------------------------------------------------

  /** Queues a rebuild; null when the merchant already has one queued or running (the partial unique index). */
  insertRebuild: async (row: {
    merchantCode: string;
    operatorId: string;
    operatorUsername: string;
    from: string;
    to: string;
    daysTotal: number;
  }) =>
    (
      await pool.query<RebuildRow>(
        `INSERT INTO reports_rebuilds (merchant_code, operator_id, operator_username, from_day, to_day, days_total)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (merchant_code) WHERE status IN ('queued', 'running') DO NOTHING
         RETURNING ${REBUILD_COLUMNS}`,
        [row.merchantCode, row.operatorId, row.operatorUsername, row.from, row.to, row.daysTotal],
      )
    ).rows[0] ?? null,

  listRebuilds: async (merchantCode: string) =>
    (
      await pool.query<RebuildRow>(
        `SELECT ${REBUILD_COLUMNS} FROM reports_rebuilds WHERE merchant_code = $1 ORDER BY created_at DESC LIMIT 10`,
        [merchantCode],
      )
    ).rows,

  /**
   * The rebuild job's claim, on its transaction: a running rebuild whose beat stopped (its process died) is queued
   * again (a rebuild is idempotent), then the oldest queued one is taken, marked running.
   */
  claimRebuild: async (client: pg.PoolClient) => {
    await client.query(
      `UPDATE reports_rebuilds SET status = 'queued'
        WHERE status = 'running' AND beat_at < now() - interval '10 minutes'`,
    );
    return (
      (
        await client.query<RebuildRow>(
          `UPDATE reports_rebuilds SET status = 'running', started_at = now(), beat_at = now(), days_done = 0
            WHERE id = (SELECT id FROM reports_rebuilds WHERE status = 'queued' ORDER BY created_at
                         FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING ${REBUILD_COLUMNS}`,
        )
      ).rows[0] ?? null
    );
  },

  rebuildProgress: async (id: string, daysDone: number) => {
    await pool.query(`UPDATE reports_rebuilds SET days_done = $2, beat_at = now() WHERE id = $1`, [id, daysDone]);
  },

  /** What the rollups now hold over the rebuilt UTC range [from, to): the finished rebuild's counts. */
  rebuiltCounts: async (merchantCode: string, fromIso: string, toIso: string) => {
    const { rows } = await pool.query<Record<string, number>>(
      `SELECT COALESCE(sum(rounds), 0)::int AS rounds, COALESCE(sum(deposit_count), 0)::int AS deposits,
              COALESCE(sum(withdrawal_count), 0)::int AS withdrawals, COALESCE(sum(reward_count), 0)::int AS rewards,
              (SELECT COALESCE(sum(registrations), 0) FROM reports_registration_hourly WHERE merchant_code = $1
                 AND hour >= $2 AND hour < $3)::int AS registrations
         FROM reports_hourly WHERE merchant_code = $1 AND hour >= $2 AND hour < $3`,
      [merchantCode, fromIso, toIso],
    );
    const row = rows[0] ?? {};
    return {
      rounds: row.rounds ?? 0,
      deposits: row.deposits ?? 0,
      withdrawals: row.withdrawals ?? 0,
      rewards: row.rewards ?? 0,
      registrations: row.registrations ?? 0,
    };
  },

  finishRebuild: async (id: string, outcome: { counts: ReportRebuildCounts } | { error: string }) => {
    if ('counts' in outcome)
      await pool.query(
        `UPDATE reports_rebuilds SET status = 'done', counts = $2, finished_at = now(), beat_at = now() WHERE id = $1`,
        [id, outcome.counts],
      );
    else
      await pool.query(
        `UPDATE reports_rebuilds SET status = 'failed', error = $2, finished_at = now(), beat_at = now() WHERE id = $1`,
        [id, outcome.error],
      );
  },
});

const REBUILD_COLUMNS = `id, merchant_code AS "merchantCode", operator_username AS "operatorUsername",
  from_day AS "from", to_day AS "to", status, days_total AS "daysTotal", days_done AS "daysDone", counts,
  created_at AS "createdAt", finished_at AS "finishedAt"`;

export interface RebuildRow {
  id: string;
  merchantCode: string;
  operatorUsername: string;
  from: string;
  to: string;
  status: ReportRebuildStatus;
  daysTotal: number;
  daysDone: number;
  counts: ReportRebuildCounts | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const EXPORT_COLUMNS = `id, merchant_code AS "merchantCode", operator_id AS "operatorId",
  operator_username AS "operatorUsername", report, format, query, status, row_count AS "rowCount",
  created_at AS "createdAt", finished_at AS "finishedAt", error`;

export interface ExportRow {
  id: string;
  merchantCode: string;
  operatorId: string;
  operatorUsername: string;
  report: string;
  format: string;
  query: Record<string, unknown>;
  status: 'queued' | 'running' | 'ready' | 'failed';
  rowCount: number | null;
  createdAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
