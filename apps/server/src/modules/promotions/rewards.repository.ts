import type { RewardKind, RewardParams, RewardStatus } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

/** The pool, or a client inside a caller's open transaction. */
export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
export type Client = pg.PoolClient;

/** A reward as granted: `sourceKey` names the earning event, unique per merchant; `amount` in minor units. */
export interface NewReward {
  merchantCode: string;
  memberId: string;
  kind: RewardKind;
  sourceKey: string;
  amount: bigint;
  currency: string;
  params: RewardParams;
}

export interface RewardRow extends NewReward {
  id: string;
  status: RewardStatus;
  createdAt: Date;
  claimedAt: Date | null;
  ledgerTransactionId: bigint | null;
}

const COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", kind, source_key AS "sourceKey",
  amount, currency, status, params, created_at AS "createdAt", claimed_at AS "claimedAt",
  ledger_transaction_id AS "ledgerTransactionId"`;

export const createRewardsRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /** Inserts the reward unless its source key is already granted; null then. */
  insertIfAbsent: async (reward: NewReward, db: Executor = pool): Promise<RewardRow | null> => {
    const { rows } = await db.query<RewardRow>(
      `INSERT INTO member_rewards (merchant_code, member_id, kind, source_key, amount, currency, params)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (merchant_code, source_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        reward.merchantCode,
        reward.memberId,
        reward.kind,
        reward.sourceKey,
        reward.amount,
        reward.currency,
        JSON.stringify(reward.params),
      ],
    );
    return rows[0] ?? null;
  },

  findBySourceKey: async (merchantCode: string, sourceKey: string, db: Executor = pool): Promise<RewardRow | null> => {
    const { rows } = await db.query<RewardRow>(
      `SELECT ${COLUMNS} FROM member_rewards WHERE merchant_code = $1 AND source_key = $2`,
      [merchantCode, sourceKey],
    );
    return rows[0] ?? null;
  },

  find: async (merchantCode: string, id: string): Promise<RewardRow | null> => {
    const { rows } = await pool.query<RewardRow>(
      `SELECT ${COLUMNS} FROM member_rewards WHERE id = $1 AND merchant_code = $2`,
      [id, merchantCode],
    );
    return rows[0] ?? null;
  },

  /** The reward of this merchant, locked until the caller's transaction ends. */
  lock: async (client: Client, merchantCode: string, id: string): Promise<RewardRow | null> => {
    const { rows } = await client.query<RewardRow>(
      `SELECT ${COLUMNS} FROM member_rewards WHERE id = $1 AND merchant_code = $2 FOR UPDATE`,
      [id, merchantCode],
    );
    return rows[0] ?? null;
  },

  markClaimed: async (client: Client, id: string, ledgerTransactionId: bigint): Promise<RewardRow> => {
    const { rows } = await client.query<RewardRow>(
      `UPDATE member_rewards SET status = 'claimed', claimed_at = now(), ledger_transaction_id = $2
       WHERE id = $1 AND status = 'available' RETURNING ${COLUMNS}`,
      [id, ledgerTransactionId],
    );
    const row = rows[0];
    if (!row) throw new Error(`reward ${id} was not available under its lock`);
    return row;
  },

  /** A member's available rewards, oldest first (at most `limit`), and how many there are. */
  available: async (
    merchantCode: string,
    memberId: string,
    limit: number,
  ): Promise<{ rows: RewardRow[]; total: number }> => {
    const [list, count] = await Promise.all([
      pool.query<RewardRow>(
        `SELECT ${COLUMNS} FROM member_rewards
         WHERE member_id = $1 AND merchant_code = $2 AND status = 'available'
         ORDER BY created_at, id LIMIT $3`,
        [memberId, merchantCode, limit],
      ),
      pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM member_rewards
         WHERE member_id = $1 AND merchant_code = $2 AND status = 'available'`,
        [memberId, merchantCode],
      ),
    ]);
    return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
  },

  /** A member's rewards of one status (or all), newest first: claimed ones by their claim. */
  page: async (
    merchantCode: string,
    memberId: string,
    status: RewardStatus | null,
    page: { offset: number; limit: number },
  ): Promise<{ rows: RewardRow[]; total: number }> => {
    const where = `member_id = $1 AND merchant_code = $2 AND ($3::text IS NULL OR status = $3)`;
    const [list, count] = await Promise.all([
      pool.query<RewardRow>(
        `SELECT ${COLUMNS} FROM member_rewards WHERE ${where}
         ORDER BY coalesce(claimed_at, created_at) DESC, id DESC LIMIT $4 OFFSET $5`,
        [memberId, merchantCode, status, page.limit, page.offset],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_rewards WHERE ${where}`, [
        memberId,
        merchantCode,
        status,
      ]),
    ]);
    return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
  },
});

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
