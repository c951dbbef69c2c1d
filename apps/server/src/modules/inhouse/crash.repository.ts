import type pg from 'pg';
import { type Client, ROUND_SELECT, type RoundRow } from './inhouse.repository';

export interface CrashChainRow {
  id: bigint;
  merchantCode: string;
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  createdAt: Date;
}

export interface CrashRoundRow {
  id: bigint;
  merchantCode: string;
  chainId: bigint;
  gameNumber: number;
  gameHash: string;
  /** Hundredths. */
  crashPoint: number;
  status: 'betting' | 'running' | 'crashed' | 'void';
  bettingEndsAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
}

/** A round with the database clock: every phase decision is taken on that one clock, whichever process asks. */
export interface TimedRound extends CrashRoundRow {
  now: Date;
  /** Milliseconds left in the betting window (negative once it closed). */
  untilBettingEndsMs: number;
  /** Milliseconds since the start (running or crashed rounds), else null. */
  elapsedMs: number | null;
  /** Milliseconds since the crash, else null. */
  sinceEndedMs: number | null;
}

/**
 * Proof that the caller still drives the rounds: its lock connection's backend holds the leader's advisory lock
 * (crash.loop.ts). Every phase change checks it in the same statement, so a process that lost leadership
 * without noticing changes nothing.
 */
export interface LeaderFence {
  pid: number;
  keys: readonly [number, number];
}

const CHAIN_COLUMNS = `id, merchant_code AS "merchantCode", seed, length, terminal_hash AS "terminalHash", salt,
  created_at AS "createdAt"`;
const roundColumns = (t: string) => `${t}.id, ${t}.merchant_code AS "merchantCode", ${t}.chain_id AS "chainId",
  ${t}.game_number AS "gameNumber", ${t}.game_hash AS "gameHash", ${t}.crash_point AS "crashPoint", ${t}.status,
  ${t}.betting_ends_at AS "bettingEndsAt", ${t}.started_at AS "startedAt", ${t}.ended_at AS "endedAt"`;
const ROUND_COLUMNS = roundColumns('crash_rounds');
const ms = (interval: string) => `(extract(epoch FROM ${interval}) * 1000)::float8`;

/** $1, $2, $3: the fence's pid and keys. */
const FENCED = `EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = $1
  AND classid = $2::int::oid AND objid = $3::int::oid AND objsubid = 2)`;
const fenceValues = (fence: LeaderFence) => [fence.pid, fence.keys[0], fence.keys[1]];

export const createCrashRepository = (pool: pg.Pool) => {
  const one = async <T>(executor: pg.Pool | Client, sql: string, values: unknown[]): Promise<T | null> =>
    ((await executor.query(sql, values)).rows[0] as T | undefined) ?? null;

  return {
    /** The merchant's newest chain with the number of its last game played so far (0: none yet). */
    latestChain: (merchantCode: string) =>
      one<CrashChainRow & { lastGame: number }>(
        pool,
        `SELECT ${CHAIN_COLUMNS},
           COALESCE((SELECT max(game_number) FROM crash_rounds r WHERE r.chain_id = crash_chains.id), 0) AS "lastGame"
         FROM crash_chains WHERE merchant_code = $1 ORDER BY id DESC LIMIT 1`,
        [merchantCode],
      ),

    chainById: (id: bigint) =>
      one<CrashChainRow>(pool, `SELECT ${CHAIN_COLUMNS} FROM crash_chains WHERE id = $1`, [id]),

    insertChain: (
      fence: LeaderFence,
      chain: { merchantCode: string; seed: string; length: number; terminalHash: string; salt: string },
    ) =>
      one<CrashChainRow>(
        pool,
        `INSERT INTO crash_chains (merchant_code, seed, length, terminal_hash, salt)
         SELECT $4, $5, $6, $7, $8 WHERE ${FENCED} RETURNING ${CHAIN_COLUMNS}`,
        [...fenceValues(fence), chain.merchantCode, chain.seed, chain.length, chain.terminalHash, chain.salt],
      ),

    /** The merchant's newest round, timed on the database clock. */
    latestRound: (merchantCode: string) =>
      one<TimedRound>(
        pool,
        `SELECT ${ROUND_COLUMNS}, now_ AS now,
           ${ms('betting_ends_at - now_')} AS "untilBettingEndsMs",
           ${ms('now_ - started_at')} AS "elapsedMs",
           ${ms('now_ - ended_at')} AS "sinceEndedMs"
         FROM crash_rounds, (SELECT clock_timestamp() AS now_) clock
         WHERE merchant_code = $1 ORDER BY id DESC LIMIT 1`,
        [merchantCode],
      ),

    /** Opens a betting window of `bettingMs`; the live-round index refuses a second live round of the merchant. */
    insertRound: (
      fence: LeaderFence,
      round: { merchantCode: string; chainId: bigint; gameNumber: number; gameHash: string; crashPoint: number },
      bettingMs: number,
    ) =>
      one<CrashRoundRow>(
        pool,
        `INSERT INTO crash_rounds (merchant_code, chain_id, game_number, game_hash, crash_point, status, betting_ends_at)
         SELECT $4, $5, $6, $7, $8, 'betting', clock_timestamp() + make_interval(secs => $9::float8 / 1000)
         WHERE ${FENCED} RETURNING ${ROUND_COLUMNS}`,
        [
          ...fenceValues(fence),
          round.merchantCode,
          round.chainId,
          round.gameNumber,
          round.gameHash,
          round.crashPoint,
          bettingMs,
        ],
      ),

    /**
     * Closes the betting window and starts the curve. The row lock waits for bets still holding the round
     * (lockBettingRound), so every accepted bet has committed before the round runs.
     */
    startRound: (fence: LeaderFence, id: bigint) =>
      one<CrashRoundRow>(
        pool,
        `UPDATE crash_rounds SET status = 'running', started_at = clock_timestamp()
         WHERE id = $4 AND status = 'betting' AND clock_timestamp() >= betting_ends_at AND ${FENCED}
         RETURNING ${ROUND_COLUMNS}`,
        [...fenceValues(fence), id],
      ),

    /** Ends the round at the moment its curve reached the crash point (not when the loop got round to it). */
    crashRound: (fence: LeaderFence, id: bigint, crashAfterMs: number) =>
      one<CrashRoundRow>(
        pool,
        `UPDATE crash_rounds SET status = 'crashed', ended_at = started_at + make_interval(secs => $5::float8 / 1000)
         WHERE id = $4 AND status = 'running' AND ${FENCED}
         RETURNING ${ROUND_COLUMNS}`,
        [...fenceValues(fence), id, crashAfterMs],
      ),

    /**
     * The merchant's round taking bets, share-locked for the bet's transaction, and whether its window is still
     * open on the database clock.
     */
    lockBettingRound: (client: Client, merchantCode: string) =>
      one<CrashRoundRow & { isOpen: boolean; terminalHash: string; salt: string }>(
        client,
        `SELECT ${roundColumns('r')}, clock_timestamp() < r.betting_ends_at AS "isOpen",
           ch.terminal_hash AS "terminalHash", ch.salt
         FROM crash_rounds r JOIN crash_chains ch ON ch.id = r.chain_id
         WHERE r.merchant_code = $1 AND r.status = 'betting' FOR SHARE OF r`,
        [merchantCode],
      ),

    /** A bet's round for a cash-out: its phase, point and how long it has run on the database clock. */
    roundClock: (client: Client, id: bigint) =>
      one<{ status: CrashRoundRow['status']; crashPoint: number; elapsedMs: number | null }>(
        client,
        `SELECT status, crash_point AS "crashPoint", ${ms('clock_timestamp() - started_at')} AS "elapsedMs"
         FROM crash_rounds WHERE id = $1`,
        [id],
      ),

    /** The round's bets in the order they were placed (the players' list). */
    roundBets: async (roundId: bigint, limit: number): Promise<RoundRow[]> =>
      (
        await pool.query(`${ROUND_SELECT} WHERE r.crash_round_id = $1 ORDER BY r.created_at, r.id LIMIT $2`, [
          roundId,
          limit,
        ])
      ).rows,

    openBets: async (roundId: bigint): Promise<RoundRow[]> =>
      (await pool.query(`${ROUND_SELECT} WHERE r.crash_round_id = $1 AND r.status = 'open' ORDER BY r.id`, [roundId]))
        .rows,

    /** The lowest automatic cash-out still open at or under the crash point: the loop's next wake-up. */
    nextAutoTarget: async (roundId: bigint, crashPoint: number): Promise<number | null> =>
      (
        await one<{ target: number | null }>(
          pool,
          `SELECT min(target) AS target FROM (
             SELECT least((params->>'autoCashOut')::int, (params->>'maxCashOut')::int) AS target FROM inhouse_rounds
             WHERE crash_round_id = $1 AND status = 'open') bets
           WHERE target <= $2`,
          [roundId, crashPoint],
        )
      )?.target ?? null,

    memberBet: (memberId: string, roundId: bigint) =>
      one<RoundRow>(pool, `${ROUND_SELECT} WHERE r.member_id = $1 AND r.crash_round_id = $2`, [memberId, roundId]),

    /** The merchant's last crashed rounds, newest first: their points and revealed hashes. */
    history: async (merchantCode: string, limit: number): Promise<CrashRoundRow[]> =>
      (
        await pool.query(
          `SELECT ${ROUND_COLUMNS} FROM crash_rounds WHERE merchant_code = $1 AND status = 'crashed'
           ORDER BY id DESC LIMIT $2`,
          [merchantCode, limit],
        )
      ).rows,

    now: async (): Promise<Date> =>
      ((await pool.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0] as { now: Date }).now,
  };
};

export type CrashRepository = ReturnType<typeof createCrashRepository>;
