import type { InhouseGame } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Client = pg.PoolClient;

export interface SeedPairRow {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  active: boolean;
  revealedAt: Date | null;
}

export interface RoundRow {
  id: string;
  merchantCode: string;
  memberId: string;
  game: InhouseGame;
  clientKey: string;
  requestHash: string;
  status: 'open' | 'settled' | 'refunded';
  currency: string;
  stake: bigint;
  payout: bigint;
  multiplierNumerator: number;
  multiplierDenominator: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  seedPairId: string | null;
  crashRoundId: bigint | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  balanceBefore: bigint;
  balanceAfter: bigint | null;
  createdAt: Date;
  settledAt: Date | null;
  /** The pair's server seed once it has been revealed (or a crash round's game hash once it ended); else null. */
  revealedSeed: string | null;
  /** Crash: the round's crash point in hundredths once it crashed; else null. */
  crashPoint: number | null;
}

export type NewRound = Omit<RoundRow, 'createdAt' | 'settledAt' | 'revealedSeed' | 'crashPoint'> & {
  settled: boolean;
};

export interface LimitsRow {
  game: InhouseGame;
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
  updatedAt: Date;
}

const LIMITS_COLUMNS = `game, min_stake AS "minStake", max_stake AS "maxStake", max_payout AS "maxPayout",
  updated_at AS "updatedAt"`;

const PAIR_COLUMNS = `id, server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash", client_seed AS "clientSeed",
  next_nonce AS "nextNonce", active, revealed_at AS "revealedAt"`;

/** Never the active pair's seed, nor a running crash round's hash or point: the reveal is decided in SQL. */
export const ROUND_SELECT = `SELECT r.id, r.merchant_code AS "merchantCode", r.member_id AS "memberId", r.game,
  r.client_key AS "clientKey", r.request_hash AS "requestHash", r.status, r.currency, r.stake, r.payout,
  r.multiplier_numerator::float8 AS "multiplierNumerator", r.multiplier_denominator::float8 AS "multiplierDenominator",
  r.params, r.outcome, r.seed_pair_id AS "seedPairId", r.crash_round_id AS "crashRoundId",
  r.server_seed_hash AS "serverSeedHash", r.client_seed AS "clientSeed", r.nonce::float8 AS nonce,
  r.balance_before AS "balanceBefore", r.balance_after AS "balanceAfter", r.created_at AS "createdAt",
  r.settled_at AS "settledAt",
  CASE WHEN r.seed_pair_id IS NOT NULL THEN (CASE WHEN p.active THEN NULL ELSE p.server_seed END)
       ELSE (CASE WHEN c.status IN ('crashed', 'void') THEN c.game_hash ELSE NULL END) END AS "revealedSeed",
  CASE WHEN c.status = 'crashed' THEN c.crash_point END AS "crashPoint"
  FROM inhouse_rounds r
  LEFT JOIN inhouse_seed_pairs p ON p.id = r.seed_pair_id
  LEFT JOIN crash_rounds c ON c.id = r.crash_round_id`;

/** See `seededRound`. */
export interface SeededRoundRow {
  id: string;
  merchantCode: string;
  memberId: string;
  game: InhouseGame;
  status: 'open' | 'settled' | 'refunded';
  currency: string;
  stake: bigint;
  seedPairId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The pair was rotated: its server seed is public. */
  revealed: boolean;
}

export const createInhouseRepository = (pool: pg.Pool) => {
  const one = async <T>(executor: pg.Pool | Client, sql: string, values: unknown[]): Promise<T | null> =>
    ((await executor.query(sql, values)).rows[0] as T | undefined) ?? null;

  return {
    pool,

    /** Runs `work` in one database transaction on one client; any throw rolls everything back. */
    inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

    /** Creates the member's first pair when there is none; a concurrent twin is absorbed by the unique index. */
    ensureActivePair: async (pair: {
      merchantCode: string;
      memberId: string;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
    }): Promise<void> => {
      await pool.query(
        `INSERT INTO inhouse_seed_pairs (merchant_code, member_id, server_seed, server_seed_hash, client_seed)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (member_id) WHERE active DO NOTHING`,
        [pair.merchantCode, pair.memberId, pair.serverSeed, pair.serverSeedHash, pair.clientSeed],
      );
    },

    activePair: (memberId: string, executor: pg.Pool | Client = pool) =>
      one<SeedPairRow>(executor, `SELECT ${PAIR_COLUMNS} FROM inhouse_seed_pairs WHERE member_id = $1 AND active`, [
        memberId,
      ]),

    /** Locks the member's active pair: every bet, reveal and rotation of the member queues here. */
    lockActivePair: (client: Client, memberId: string) =>
      one<SeedPairRow>(
        client,
        `SELECT ${PAIR_COLUMNS} FROM inhouse_seed_pairs WHERE member_id = $1 AND active FOR UPDATE`,
        [memberId],
      ),

    pairById: (client: Client, id: string) =>
      one<SeedPairRow>(client, `SELECT ${PAIR_COLUMNS} FROM inhouse_seed_pairs WHERE id = $1`, [id]),

    advanceNonce: async (client: Client, pairId: string): Promise<void> => {
      await client.query('UPDATE inhouse_seed_pairs SET next_nonce = next_nonce + 1 WHERE id = $1', [pairId]);
    },

    rotatePair: async (
      client: Client,
      previousId: string,
      next: { merchantCode: string; memberId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
    ): Promise<SeedPairRow> => {
      await client.query('UPDATE inhouse_seed_pairs SET active = false, revealed_at = now() WHERE id = $1', [
        previousId,
      ]);
      const row = await one<SeedPairRow>(
        client,
        `INSERT INTO inhouse_seed_pairs (merchant_code, member_id, server_seed, server_seed_hash, client_seed)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${PAIR_COLUMNS}`,
        [next.merchantCode, next.memberId, next.serverSeed, next.serverSeedHash, next.clientSeed],
      );
      if (!row) throw new Error('seed pair insert returned nothing');
      return row;
    },

    revealedPairs: async (memberId: string, limit: number): Promise<SeedPairRow[]> =>
      (
        await pool.query(
          `SELECT ${PAIR_COLUMNS} FROM inhouse_seed_pairs WHERE member_id = $1 AND NOT active
           ORDER BY revealed_at DESC LIMIT $2`,
          [memberId, limit],
        )
      ).rows,

    /**
     * A seeded round's fairness material, the pair's server seed included (secret while the pair is active: only
     * the server may use it; the jackpot draws from it, decision 0115). Null for crash rounds and unknown ids.
     */
    seededRound: (executor: pg.Pool | Client, id: string) =>
      one<SeededRoundRow>(
        executor,
        `SELECT r.id, r.merchant_code AS "merchantCode", r.member_id AS "memberId", r.game, r.status, r.currency,
                r.stake, r.seed_pair_id AS "seedPairId", p.server_seed AS "serverSeed",
                r.server_seed_hash AS "serverSeedHash", r.client_seed AS "clientSeed", r.nonce::float8 AS nonce,
                NOT p.active AS revealed
           FROM inhouse_rounds r JOIN inhouse_seed_pairs p ON p.id = r.seed_pair_id
          WHERE r.id = $1`,
        [id],
      ),

    roundByKey: (executor: pg.Pool | Client, memberId: string, clientKey: string) =>
      one<RoundRow>(executor, `${ROUND_SELECT} WHERE r.member_id = $1 AND r.client_key = $2`, [memberId, clientKey]),

    roundById: (executor: pg.Pool | Client, memberId: string, id: string) =>
      one<RoundRow>(executor, `${ROUND_SELECT} WHERE r.member_id = $1 AND r.id = $2`, [memberId, id]),

    /** Locks one of the member's rounds for a mines step or a crash cash-out. */
    lockRound: async (client: Client, memberId: string, id: string): Promise<RoundRow | null> => {
      const locked = await one<{ id: string }>(
        client,
        'SELECT id FROM inhouse_rounds WHERE member_id = $1 AND id = $2 FOR UPDATE',
        [memberId, id],
      );
      return locked ? one<RoundRow>(client, `${ROUND_SELECT} WHERE r.id = $1`, [id]) : null;
    },

    openMinesRound: (executor: pg.Pool | Client, memberId: string) =>
      one<RoundRow>(executor, `${ROUND_SELECT} WHERE r.member_id = $1 AND r.game = 'mines' AND r.status = 'open'`, [
        memberId,
      ]),

    recall: async (memberId: string, game: InhouseGame, limit: number): Promise<RoundRow[]> =>
      (
        await pool.query(
          `${ROUND_SELECT} WHERE r.member_id = $1 AND r.game = $2 ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
          [memberId, game, limit],
        )
      ).rows,

    insertRound: async (client: Client, round: NewRound): Promise<void> => {
      await client.query(
        `INSERT INTO inhouse_rounds (id, merchant_code, member_id, game, client_key, request_hash, status, currency,
           stake, payout, multiplier_numerator, multiplier_denominator, params, outcome, seed_pair_id, crash_round_id,
           server_seed_hash, client_seed, nonce, balance_before, balance_after, settled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
           CASE WHEN $22::boolean THEN now() END)`,
        [
          round.id,
          round.merchantCode,
          round.memberId,
          round.game,
          round.clientKey,
          round.requestHash,
          round.status,
          round.currency,
          round.stake,
          round.payout,
          round.multiplierNumerator,
          round.multiplierDenominator,
          JSON.stringify(round.params),
          round.outcome === null ? null : JSON.stringify(round.outcome),
          round.seedPairId,
          round.crashRoundId,
          round.serverSeedHash,
          round.clientSeed,
          round.nonce,
          round.balanceBefore,
          round.balanceAfter,
          round.settled,
        ],
      );
    },

    /** Records a step of an open round (mines picks), or its end. */
    updateRound: async (
      client: Client,
      id: string,
      change: {
        params: Record<string, unknown>;
        status: 'open' | 'settled' | 'refunded';
        outcome: Record<string, unknown> | null;
        payout: bigint;
        multiplierNumerator: number;
        multiplierDenominator: number;
        balanceAfter: bigint | null;
      },
    ): Promise<void> => {
      await client.query(
        `UPDATE inhouse_rounds SET params = $2, status = $3, outcome = $4, payout = $5, multiplier_numerator = $6,
           multiplier_denominator = $7, balance_after = $8, settled_at = CASE WHEN $3 = 'open' THEN NULL ELSE now() END
         WHERE id = $1`,
        [
          id,
          JSON.stringify(change.params),
          change.status,
          change.outcome === null ? null : JSON.stringify(change.outcome),
          change.payout,
          change.multiplierNumerator,
          change.multiplierDenominator,
          change.balanceAfter,
        ],
      );
    },

    /** Every limit the merchant set (games without a row use the platform's defaults). */
    limits: async (merchantCode: string, executor: pg.Pool | Client = pool): Promise<LimitsRow[]> =>
      (
        await executor.query<LimitsRow>(
          `SELECT ${LIMITS_COLUMNS} FROM inhouse_limits WHERE merchant_code = $1 ORDER BY game`,
          [merchantCode],
        )
      ).rows,

    /** One game's limits as a bet reads them: no cache, so a change applies to the next bet. */
    limitOf: (merchantCode: string, game: InhouseGame) =>
      one<LimitsRow>(pool, `SELECT ${LIMITS_COLUMNS} FROM inhouse_limits WHERE merchant_code = $1 AND game = $2`, [
        merchantCode,
        game,
      ]),

    /**
     * Serialises limit changes of one merchant (games without a row have nothing to lock) and reads them as
     * they stand, for the audit's "before".
     */
    lockLimits: async (client: Client, merchantCode: string): Promise<LimitsRow[]> => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('inhouse_limits:' || $1))", [merchantCode]);
      return (
        await client.query<LimitsRow>(
          `SELECT ${LIMITS_COLUMNS} FROM inhouse_limits WHERE merchant_code = $1 ORDER BY game FOR UPDATE`,
          [merchantCode],
        )
      ).rows;
    },

    setLimits: async (
      client: Client,
      merchantCode: string,
      game: InhouseGame,
      limits: { minStake: bigint; maxStake: bigint; maxPayout: bigint },
    ): Promise<void> => {
      await client.query(
        `INSERT INTO inhouse_limits (merchant_code, game, min_stake, max_stake, max_payout) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (merchant_code, game) DO UPDATE SET min_stake = $3, max_stake = $4, max_payout = $5, updated_at = now()`,
        [merchantCode, game, limits.minStake, limits.maxStake, limits.maxPayout],
      );
    },
  };
};

export type InhouseRepository = ReturnType<typeof createInhouseRepository>;
