import type { BonusSource, BonusStatus, BonusWithdrawalPolicy } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
export type Client = pg.PoolClient;

export interface BonusRow {
  id: string;
  merchantCode: string;
  memberId: string;
  sourceKey: string;
  source: BonusSource;
  promotionId: string | null;
  title: string;
  currency: string;
  amount: bigint;
  requirement: bigint;
  wagered: bigint;
  categories: string[];
  status: BonusStatus;
  grantedBy: string | null;
  grantTransactionId: bigint;
  finishTransactionId: bigint | null;
  createdAt: Date;
  expiresAt: Date;
  finishedAt: Date | null;
}

export type NewBonus = Omit<
  BonusRow,
  'wagered' | 'status' | 'finishTransactionId' | 'createdAt' | 'finishedAt' | 'id'
> & { id: string };

const COLUMNS = `id, merchant_code, member_id, source_key, source, promotion_id, title, currency, amount, requirement,
  wagered, categories, status, granted_by, grant_transaction_id, finish_transaction_id, created_at, expires_at,
  finished_at`;

const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

const rowOf = (r: Record<string, unknown>): BonusRow => ({
  id: r.id as string,
  merchantCode: r.merchant_code as string,
  memberId: r.member_id as string,
  sourceKey: r.source_key as string,
  source: r.source as BonusSource,
  promotionId: (r.promotion_id as string | null) ?? null,
  title: r.title as string,
  currency: r.currency as string,
  amount: BigInt(r.amount as string),
  requirement: BigInt(r.requirement as string),
  wagered: BigInt(r.wagered as string),
  categories: r.categories as string[],
  status: r.status as BonusStatus,
  grantedBy: (r.granted_by as string | null) ?? null,
  grantTransactionId: BigInt(r.grant_transaction_id as string),
  finishTransactionId: big(r.finish_transaction_id as string | null),
  createdAt: r.created_at as Date,
  expiresAt: r.expires_at as Date,
  finishedAt: (r.finished_at as Date | null) ?? null,
});

export const createBonusesRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>) => inTransaction(pool, work),

  /** Inserts a bonus unless its source key exists; null when it did. */
  insertIfAbsent: async (client: Executor, bonus: NewBonus): Promise<BonusRow | null> => {
    const { rows } = await client.query(
      `INSERT INTO bonuses (id, merchant_code, member_id, source_key, source, promotion_id, title, currency, amount,
         requirement, categories, granted_by, grant_transaction_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (merchant_code, source_key) DO NOTHING RETURNING ${COLUMNS}`,
      [
        bonus.id,
        bonus.merchantCode,
        bonus.memberId,
        bonus.sourceKey,
        bonus.source,
        bonus.promotionId,
        bonus.title,
        bonus.currency,
        bonus.amount.toString(),
        bonus.requirement.toString(),
        bonus.categories,
        bonus.grantedBy,
        bonus.grantTransactionId.toString(),
        bonus.expiresAt,
      ],
    );
    return rows[0] ? rowOf(rows[0]) : null;
  },

  findBySourceKey: async (db: Executor, merchantCode: string, sourceKey: string): Promise<BonusRow | null> => {
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM bonuses WHERE merchant_code = $1 AND source_key = $2`, [
      merchantCode,
      sourceKey,
    ]);
    return rows[0] ? rowOf(rows[0]) : null;
  },

  /** The member's open bonuses in a currency, oldest first, locked until the caller's transaction ends. */
  lockOpen: async (client: Client, memberId: string, currency: string): Promise<BonusRow[]> => {
    const { rows } = await client.query(
      `SELECT ${COLUMNS} FROM bonuses WHERE member_id = $1 AND currency = $2 AND status = 'active'
       ORDER BY created_at, id FOR UPDATE`,
      [memberId, currency],
    );
    return rows.map(rowOf);
  },

  lockOne: async (client: Client, id: string): Promise<BonusRow | null> => {
    const { rows } = await client.query(`SELECT ${COLUMNS} FROM bonuses WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? rowOf(rows[0]) : null;
  },

  addWagered: async (client: Client, id: string, add: bigint): Promise<void> => {
    await client.query(`UPDATE bonuses SET wagered = wagered + $2 WHERE id = $1 AND status = 'active'`, [
      id,
      add.toString(),
    ]);
  },

  finish: async (client: Client, id: string, status: Exclude<BonusStatus, 'active'>, transactionId: bigint) => {
    const { rows } = await client.query(
      `UPDATE bonuses SET status = $2, finish_transaction_id = $3, finished_at = now()
       WHERE id = $1 AND status = 'active' RETURNING ${COLUMNS}`,
      [id, status, transactionId.toString()],
    );
    return rows[0] ? rowOf(rows[0]) : null;
  },

  countOpen: async (memberId: string, currency: string): Promise<number> => {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM bonuses WHERE member_id = $1 AND currency = $2 AND status = 'active'`,
      [memberId, currency],
    );
    return rows[0].n as number;
  },

  page: async (merchantCode: string, memberId: string, page: { offset: number; limit: number }) => {
    const [list, totals] = await Promise.all([
      pool.query(
        `SELECT ${COLUMNS} FROM bonuses WHERE merchant_code = $1 AND member_id = $2
         ORDER BY created_at DESC, id DESC OFFSET $3 LIMIT $4`,
        [merchantCode, memberId, page.offset, page.limit],
      ),
      pool.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active_count,
           coalesce(sum(amount) FILTER (WHERE status = 'active'), 0)::text AS active_amount
         FROM bonuses WHERE merchant_code = $1 AND member_id = $2`,
        [merchantCode, memberId],
      ),
    ]);
    const t = totals.rows[0];
    return {
      rows: list.rows.map(rowOf),
      total: t.total as number,
      activeCount: t.active_count as number,
      activeAmount: BigInt(t.active_amount as string),
    };
  },

  /** Active bonuses past their expiry, oldest first. */
  expired: async (now: Date, limit: number): Promise<BonusRow[]> => {
    const { rows } = await pool.query(
      `SELECT ${COLUMNS} FROM bonuses WHERE status = 'active' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
    return rows.map(rowOf);
  },

  /** Status of bonuses by id (the promotions' entries read whether theirs is still open). */
  statuses: async (ids: readonly string[]): Promise<Map<string, BonusStatus>> => {
    if (ids.length === 0) return new Map();
    const { rows } = await pool.query(`SELECT id, status FROM bonuses WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((r) => [r.id as string, r.status as BonusStatus]));
  },

  /** Bonuses granted per promotion: how many and their sum (the promotion's cost). */
  figures: async (merchantCode: string): Promise<Map<string, { issued: number; cost: bigint }>> => {
    const { rows } = await pool.query(
      `SELECT promotion_id, count(*)::int AS issued, sum(amount)::text AS cost FROM bonuses
       WHERE merchant_code = $1 AND promotion_id IS NOT NULL GROUP BY promotion_id`,
      [merchantCode],
    );
    return new Map(rows.map((r) => [r.promotion_id as string, { issued: r.issued, cost: BigInt(r.cost) }]));
  },

  settings: async (merchantCode: string): Promise<BonusWithdrawalPolicy> => {
    const { rows } = await pool.query(`SELECT withdrawal_policy FROM bonus_settings WHERE merchant_code = $1`, [
      merchantCode,
    ]);
    return (rows[0]?.withdrawal_policy as BonusWithdrawalPolicy | undefined) ?? 'refuse';
  },

  saveSettings: async (client: Client, merchantCode: string, policy: BonusWithdrawalPolicy): Promise<void> => {
    await client.query(
      `INSERT INTO bonus_settings (merchant_code, withdrawal_policy) VALUES ($1, $2)
       ON CONFLICT (merchant_code) DO UPDATE SET withdrawal_policy = $2, updated_at = now()`,
      [merchantCode, policy],
    );
  },
});

export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
