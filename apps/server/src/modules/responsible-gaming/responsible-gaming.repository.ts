import type { RgLimitKind, RgPeriod } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface LimitRow {
  kind: RgLimitKind;
  period: RgPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingSince: Date | null;
}

export interface BlockRow {
  id: string;
  merchantCode: string;
  memberId: string;
  kind: 'break' | 'self_exclusion';
  duration: string;
  allMerchants: boolean;
  identityKeys: string[];
  originId: string | null;
  startsAt: Date;
  endsAt: Date | null;
}

export interface Usage {
  deposited: bigint;
  wagered: bigint;
  lost: bigint;
}

const BLOCK_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", kind, duration,
  all_merchants AS "allMerchants", identity_keys AS "identityKeys", origin_id AS "originId",
  starts_at AS "startsAt", ends_at AS "endsAt"`;

/** The module's own tables (responsible-gaming.schema.ts); the ledger's guard writes `rg_usage`. */
export const createResponsibleGamingRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /** Serialises changes of one member's limits (rows that do not exist yet included). */
  lockMember: async (client: Executor, merchantCode: string, memberId: string): Promise<void> => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rg:${merchantCode}:${memberId}`]);
  },

  limits: async (merchantCode: string, memberId: string, db: Executor = pool): Promise<LimitRow[]> => {
    const { rows } = await db.query<LimitRow>(
      `SELECT kind, period, amount, pending_amount AS "pendingAmount", pending_since AS "pendingSince"
         FROM rg_limits WHERE merchant_code = $1 AND member_id = $2`,
      [merchantCode, memberId],
    );
    return rows;
  },

  upsertLimit: async (
    db: Executor,
    key: { merchantCode: string; memberId: string; kind: RgLimitKind; period: RgPeriod },
    values: { amount: bigint | null; pendingAmount: bigint | null; pendingSince: Date | null },
  ): Promise<void> => {
    await db.query(
      `INSERT INTO rg_limits (merchant_code, member_id, kind, period, amount, pending_amount, pending_since, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (merchant_code, member_id, kind, period) DO UPDATE
         SET amount = EXCLUDED.amount, pending_amount = EXCLUDED.pending_amount,
             pending_since = EXCLUDED.pending_since, updated_at = now()`,
      [key.merchantCode, key.memberId, key.kind, key.period, values.amount, values.pendingAmount, values.pendingSince],
    );
  },

  /** Usage summed from `since` (a UTC date) to today. */
  usageSince: async (merchantCode: string, memberId: string, since: string): Promise<Usage> => {
    const { rows } = await pool.query<{ deposited: string; wagered: string; lost: string }>(
      `SELECT coalesce(sum(deposited), 0)::text AS deposited, coalesce(sum(wagered), 0)::text AS wagered,
              coalesce(sum(lost), 0)::text AS lost
         FROM rg_usage WHERE merchant_code = $1 AND member_id = $2 AND day >= $3::date`,
      [merchantCode, memberId, since],
    );
    const row = rows[0];
    return {
      deposited: BigInt(row?.deposited ?? '0'),
      wagered: BigInt(row?.wagered ?? '0'),
      lost: BigInt(row?.lost ?? '0'),
    };
  },

  /** Every block of a member, newest first. */
  blocks: async (merchantCode: string, memberId: string): Promise<BlockRow[]> => {
    const { rows } = await pool.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM rg_blocks WHERE merchant_code = $1 AND member_id = $2 ORDER BY starts_at DESC`,
      [merchantCode, memberId],
    );
    return rows;
  },

  insertBlock: async (
    db: Executor,
    block: Omit<BlockRow, 'id' | 'startsAt'> & { startsAt: Date },
  ): Promise<BlockRow> => {
    const { rows } = await db.query<BlockRow>(
      `INSERT INTO rg_blocks (merchant_code, member_id, kind, duration, all_merchants, identity_keys, origin_id,
                              starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${BLOCK_COLUMNS}`,
      [
        block.merchantCode,
        block.memberId,
        block.kind,
        block.duration,
        block.allMerchants,
        block.identityKeys,
        block.originId,
        block.startsAt,
        block.endsAt,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('rg_blocks insert returned no row');
    return row;
  },

  /** Blocks in force chosen for every merchant whose person shares one of `keys`. */
  activeBlocksOfPerson: async (keys: string[]): Promise<BlockRow[]> => {
    if (keys.length === 0) return [];
    const { rows } = await pool.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM rg_blocks
        WHERE origin_id IS NULL AND all_merchants AND identity_keys && $1::text[]
          AND (ends_at IS NULL OR ends_at > now())`,
      [keys],
    );
    return rows;
  },

  /** Whether a block already covers this member as a copy of `originId`. */
  /**
   * Whether the member already carries a block or its copy. Given the transaction of `lockCopiesOf`, the answer
   * holds until it ends: a redelivered registration and a direct call never both copy one block.
   */
  hasCopy: async (merchantCode: string, memberId: string, originId: string, db: Executor = pool): Promise<boolean> => {
    const { rows } = await db.query(
      'SELECT 1 FROM rg_blocks WHERE merchant_code = $1 AND member_id = $2 AND (origin_id = $3 OR id = $3)',
      [merchantCode, memberId, originId],
    );
    return rows.length > 0;
  },

  /** Holds off, until the caller's transaction ends, every other copying of blocks onto this member. */
  lockCopiesOf: async (db: Executor, memberId: string): Promise<void> => {
    await db.query("SELECT pg_advisory_xact_lock(hashtextextended('rg-copies:' || $1, 0))", [memberId]);
  },

  addHistory: async (
    db: Executor,
    entry: { merchantCode: string; memberId: string; action: string; details: Record<string, unknown> },
  ): Promise<void> => {
    await db.query('INSERT INTO rg_history (merchant_code, member_id, action, details) VALUES ($1, $2, $3, $4)', [
      entry.merchantCode,
      entry.memberId,
      entry.action,
      JSON.stringify(entry.details),
    ]);
  },

  history: async (merchantCode: string, memberId: string, limit: number) => {
    const { rows } = await pool.query<{ action: string; details: Record<string, unknown>; at: Date }>(
      `SELECT action, details, at FROM rg_history WHERE merchant_code = $1 AND member_id = $2
        ORDER BY at DESC, id LIMIT $3`,
      [merchantCode, memberId, limit],
    );
    return rows;
  },
});

export type ResponsibleGamingRepository = ReturnType<typeof createResponsibleGamingRepository>;
