import type { JackpotGame } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Client = pg.PoolClient;
type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface PoolRow {
  merchantCode: string;
  currency: string;
  enabled: boolean;
  seed: bigint;
  shareBp: number;
  probabilityPpb: number;
  eligibleGames: JackpotGame[];
  value: bigint;
  version: bigint;
  updatedAt: Date;
}

export type PoolSettings = Pick<PoolRow, 'enabled' | 'seed' | 'shareBp' | 'probabilityPpb' | 'eligibleGames'>;

export interface PoolTotals {
  contributions: number;
  contributed: bigint;
  wins: number;
  paid: bigint;
}

export interface WinRow {
  id: string;
  merchantCode: string;
  currency: string;
  memberId: string;
  username: string;
  roundId: string;
  game: string;
  amount: bigint;
  seedPairId: string;
  serverSeedHash: string;
  /** The pair's server seed once it is no longer active (rotated), else null. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  probabilityPpb: number;
  draw: string;
  createdAt: Date;
}

export type NewWin = Omit<WinRow, 'id' | 'username' | 'serverSeed' | 'createdAt'>;

const POOL_COLUMNS = `merchant_code AS "merchantCode", currency, enabled, seed, share_bp AS "shareBp",
  probability_ppb AS "probabilityPpb", eligible_games AS "eligibleGames", value, version, updated_at AS "updatedAt"`;

// The server seed leaves the database only for a rotated (inactive) pair.
const WIN_SELECT = `SELECT w.id, w.merchant_code AS "merchantCode", w.currency, w.member_id AS "memberId",
  m.username, w.round_id AS "roundId", w.game, w.amount, w.seed_pair_id AS "seedPairId",
  w.server_seed_hash AS "serverSeedHash", CASE WHEN p.active THEN NULL ELSE p.server_seed END AS "serverSeed",
  w.client_seed AS "clientSeed", w.nonce::float8 AS nonce, w.probability_ppb AS "probabilityPpb", w.draw,
  w.created_at AS "createdAt"
  FROM jackpot_wins w
  JOIN members m ON m.id = w.member_id
  LEFT JOIN inhouse_seed_pairs p ON p.id = w.seed_pair_id`;

export const createJackpotRepository = (pool: pg.Pool) => {
  const one = async <T>(executor: Executor, sql: string, values: unknown[]): Promise<T | null> =>
    ((await executor.query(sql, values)).rows[0] as T | undefined) ?? null;

  return {
    pool,
    inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

    findPool: (executor: Executor, merchantCode: string, currency: string) =>
      one<PoolRow>(executor, `SELECT ${POOL_COLUMNS} FROM jackpot_pools WHERE merchant_code = $1 AND currency = $2`, [
        merchantCode,
        currency,
      ]),

    /** Every contribution, win and settings change of a pool queues here. */
    lockPool: (client: Client, merchantCode: string, currency: string) =>
      one<PoolRow>(
        client,
        `SELECT ${POOL_COLUMNS} FROM jackpot_pools WHERE merchant_code = $1 AND currency = $2 FOR UPDATE`,
        [merchantCode, currency],
      ),

    enabledPools: async (merchantCode: string): Promise<PoolRow[]> =>
      (
        await pool.query(
          `SELECT ${POOL_COLUMNS} FROM jackpot_pools WHERE merchant_code = $1 AND enabled ORDER BY currency`,
          [merchantCode],
        )
      ).rows,

    /** Pools whose value changed after `since` (the live push's pass), oldest change first. */
    changedSince: async (since: Date): Promise<PoolRow[]> =>
      (
        await pool.query(
          `SELECT ${POOL_COLUMNS} FROM jackpot_pools WHERE updated_at > $1 ORDER BY updated_at LIMIT 1000`,
          [since],
        )
      ).rows,

    /** Inserts the pool at its seed; null when another transaction created it first. */
    insertPool: (client: Client, merchantCode: string, currency: string, settings: PoolSettings) =>
      one<PoolRow>(
        client,
        `INSERT INTO jackpot_pools (merchant_code, currency, enabled, seed, share_bp, probability_ppb, eligible_games, value)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $4)
         ON CONFLICT (merchant_code, currency) DO NOTHING RETURNING ${POOL_COLUMNS}`,
        [
          merchantCode,
          currency,
          settings.enabled,
          settings.seed,
          settings.shareBp,
          settings.probabilityPpb,
          JSON.stringify(settings.eligibleGames),
        ],
      ),

    updateSettings: (client: Client, merchantCode: string, currency: string, settings: PoolSettings) =>
      one<PoolRow>(
        client,
        `UPDATE jackpot_pools SET enabled = $3, seed = $4, share_bp = $5, probability_ppb = $6,
                eligible_games = $7::jsonb, updated_at = clock_timestamp()
          WHERE merchant_code = $1 AND currency = $2 RETURNING ${POOL_COLUMNS}`,
        [
          merchantCode,
          currency,
          settings.enabled,
          settings.seed,
          settings.shareBp,
          settings.probabilityPpb,
          JSON.stringify(settings.eligibleGames),
        ],
      ),

    setValue: async (client: Client, merchantCode: string, currency: string, value: bigint): Promise<void> => {
      await client.query(
        `UPDATE jackpot_pools SET value = $3, version = version + 1, updated_at = clock_timestamp()
          WHERE merchant_code = $1 AND currency = $2`,
        [merchantCode, currency, value],
      );
    },

    /** The round's contribution; false when the round already contributed (a replayed or duplicate event). */
    insertContribution: async (
      client: Client,
      row: { roundId: string; merchantCode: string; currency: string; memberId: string; stake: bigint; amount: bigint },
    ): Promise<boolean> =>
      ((
        await client.query(
          `INSERT INTO jackpot_contributions (round_id, merchant_code, currency, member_id, stake, amount)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (round_id) DO NOTHING`,
          [row.roundId, row.merchantCode, row.currency, row.memberId, row.stake, row.amount],
        )
      ).rowCount ?? 0) > 0,

    insertWin: async (client: Client, win: NewWin): Promise<string> => {
      const row = await one<{ id: string }>(
        client,
        `INSERT INTO jackpot_wins (merchant_code, currency, member_id, round_id, game, amount, seed_pair_id,
                                   server_seed_hash, client_seed, nonce, probability_ppb, draw)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          win.merchantCode,
          win.currency,
          win.memberId,
          win.roundId,
          win.game,
          win.amount,
          win.seedPairId,
          win.serverSeedHash,
          win.clientSeed,
          win.nonce,
          win.probabilityPpb,
          win.draw,
        ],
      );
      if (!row) throw new Error('jackpot win insert returned nothing');
      return row.id;
    },

    totals: async (merchantCode: string, currency: string): Promise<PoolTotals> => {
      const row = await one<PoolTotals>(
        pool,
        `SELECT (SELECT count(*)::int FROM jackpot_contributions WHERE merchant_code = $1 AND currency = $2) AS contributions,
                (SELECT coalesce(sum(amount), 0)::bigint FROM jackpot_contributions WHERE merchant_code = $1 AND currency = $2) AS contributed,
                (SELECT count(*)::int FROM jackpot_wins WHERE merchant_code = $1 AND currency = $2) AS wins,
                (SELECT coalesce(sum(amount), 0)::bigint FROM jackpot_wins WHERE merchant_code = $1 AND currency = $2) AS paid`,
        [merchantCode, currency],
      );
      return row ?? { contributions: 0, contributed: 0n, wins: 0, paid: 0n };
    },

    merchantWins: async (merchantCode: string, limit: number): Promise<WinRow[]> =>
      (
        await pool.query(`${WIN_SELECT} WHERE w.merchant_code = $1 ORDER BY w.created_at DESC LIMIT $2`, [
          merchantCode,
          limit,
        ])
      ).rows,

    memberWins: async (memberId: string, limit: number): Promise<WinRow[]> =>
      (await pool.query(`${WIN_SELECT} WHERE w.member_id = $1 ORDER BY w.created_at DESC LIMIT $2`, [memberId, limit]))
        .rows,
  };
};

export type JackpotRepository = ReturnType<typeof createJackpotRepository>;
