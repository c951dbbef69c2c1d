import type { LanguageCode, PointEarnCategory, PointItemKind, PointRedeemStatus, PointType } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
export type Client = pg.PoolClient;

export interface PointEntryRow {
  id: bigint;
  memberId: string;
  type: PointType;
  delta: bigint;
  balanceAfter: bigint;
  remark: string | null;
  createdAt: Date;
}

export interface PointRulesRow {
  merchantCode: string;
  rates: Partial<Record<PointEarnCategory, string>>;
  convertRatio: bigint;
  buyRatio: bigint;
  rulesText: Partial<Record<LanguageCode, string>>;
  updatedAt: Date;
}

export interface PointImageRow {
  id: string;
  merchantCode: string;
  mediaType: string;
  bytes: Buffer;
  width: number;
  height: number;
  byteSize: number;
}

export interface PointItemRow {
  id: string;
  merchantCode: string;
  kind: PointItemKind;
  names: Partial<Record<LanguageCode, string>>;
  /** Picture ids per language. */
  images: Partial<Record<LanguageCode, string>>;
  pointsRequired: bigint;
  amountRequired: bigint;
  cashValue: bigint;
  quantity: number;
  available: number;
  perMemberLimit: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type PointItemValues = Omit<PointItemRow, 'id' | 'merchantCode' | 'available' | 'createdAt' | 'updatedAt'>;

export interface PointRedemptionRow {
  id: string;
  merchantCode: string;
  memberId: string;
  itemId: string;
  requestId: string;
  reference: string;
  kind: PointItemKind;
  itemName: string;
  quantity: number;
  points: bigint;
  amountPaid: bigint;
  cashCredited: bigint;
  status: PointRedeemStatus;
  address: string | null;
  mobileNum: string | null;
  remark: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** What one entry did: applied (with the balance after it), already applied under its key, or refused. */
export type EntryOutcome =
  | { outcome: 'applied'; balance: bigint }
  | { outcome: 'replayed'; balance: bigint }
  | { outcome: 'insufficient'; balance: bigint };

const ENTRY_COLUMNS = `id, member_id AS "memberId", type, delta, balance_after AS "balanceAfter", remark,
  created_at AS "createdAt"`;
const RULES_COLUMNS = `merchant_code AS "merchantCode", rates, convert_ratio AS "convertRatio",
  buy_ratio AS "buyRatio", rules_text AS "rulesText", updated_at AS "updatedAt"`;
const ITEM_COLUMNS = `id, merchant_code AS "merchantCode", kind, names, images,
  points_required AS "pointsRequired", amount_required AS "amountRequired", cash_value AS "cashValue", quantity,
  available, per_member_limit AS "perMemberLimit", starts_at AS "startsAt", ends_at AS "endsAt", enabled,
  created_at AS "createdAt", updated_at AS "updatedAt"`;
const REDEMPTION_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", item_id AS "itemId",
  request_id AS "requestId", reference, kind, item_name AS "itemName", quantity, points, amount_paid AS "amountPaid",
  cash_credited AS "cashCredited", status, address, mobile_num AS "mobileNum", remark, created_at AS "createdAt",
  decided_at AS "decidedAt"`;

/** pg answers bigint columns as strings: these turn them into bigint. */
const entryOf = (row: Record<string, unknown>): PointEntryRow => ({
  ...(row as unknown as PointEntryRow),
  id: BigInt(row.id as string),
  delta: BigInt(row.delta as string),
  balanceAfter: BigInt(row.balanceAfter as string),
});
const rulesOf = (row: Record<string, unknown>): PointRulesRow => ({
  ...(row as unknown as PointRulesRow),
  convertRatio: BigInt(row.convertRatio as string),
  buyRatio: BigInt(row.buyRatio as string),
});
const itemOf = (row: Record<string, unknown>): PointItemRow => ({
  ...(row as unknown as PointItemRow),
  pointsRequired: BigInt(row.pointsRequired as string),
  amountRequired: BigInt(row.amountRequired as string),
  cashValue: BigInt(row.cashValue as string),
});
const redemptionOf = (row: Record<string, unknown>): PointRedemptionRow => ({
  ...(row as unknown as PointRedemptionRow),
  points: BigInt(row.points as string),
  amountPaid: BigInt(row.amountPaid as string),
  cashCredited: BigInt(row.cashCredited as string),
});

const itemValues = (values: PointItemValues) => [
  values.kind,
  JSON.stringify(values.names),
  JSON.stringify(values.images),
  values.pointsRequired,
  values.amountRequired,
  values.cashValue,
  values.quantity,
  values.perMemberLimit,
  values.startsAt,
  values.endsAt,
  values.enabled,
];

export const createPointsRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /**
   * Applies one entry on the caller's transaction: the member's balance row locked (created when absent), the
   * source key looked up under that lock (applied once), the balance kept at zero or more. Every change to a
   * member's points goes through here.
   */
  applyEntry: async (
    client: Client,
    entry: {
      merchantCode: string;
      memberId: string;
      type: PointType;
      delta: bigint;
      sourceKey: string;
      remark?: string | null;
    },
  ): Promise<EntryOutcome> => {
    await client.query(
      `INSERT INTO points_balances (member_id, merchant_code) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING`,
      [entry.memberId, entry.merchantCode],
    );
    const locked = await client.query<{ balance: string }>(
      'SELECT balance FROM points_balances WHERE member_id = $1 FOR UPDATE',
      [entry.memberId],
    );
    const balance = BigInt(locked.rows[0]?.balance ?? '0');
    const seen = await client.query('SELECT 1 FROM points_entries WHERE merchant_code = $1 AND source_key = $2', [
      entry.merchantCode,
      entry.sourceKey,
    ]);
    if ((seen.rowCount ?? 0) > 0) return { outcome: 'replayed', balance };
    const after = balance + entry.delta;
    if (after < 0n) return { outcome: 'insufficient', balance };
    await client.query(
      `INSERT INTO points_entries (merchant_code, member_id, type, delta, balance_after, source_key, remark)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.merchantCode, entry.memberId, entry.type, entry.delta, after, entry.sourceKey, entry.remark ?? null],
    );
    await client.query('UPDATE points_balances SET balance = $2, updated_at = now() WHERE member_id = $1', [
      entry.memberId,
      after,
    ]);
    return { outcome: 'applied', balance: after };
  },

  balance: async (memberId: string, db: Executor = pool): Promise<bigint> =>
    BigInt(
      (await db.query<{ balance: string }>('SELECT balance FROM points_balances WHERE member_id = $1', [memberId]))
        .rows[0]?.balance ?? '0',
    ),

  entries: async (memberId: string, page: { offset: number; limit: number }) => {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${ENTRY_COLUMNS} FROM points_entries WHERE member_id = $1 ORDER BY id DESC OFFSET $2 LIMIT $3`,
        [memberId, page.offset, page.limit],
      ),
      pool.query<{ total: string }>('SELECT count(*) AS total FROM points_entries WHERE member_id = $1', [memberId]),
    ]);
    return { rows: rows.rows.map(entryOf), total: Number(count.rows[0]?.total ?? 0) };
  },

  /** Members whose balance is not the sum of their entries, or whose last entry's balance differs (reconciliation). */
  unreconciled: async (merchantCode: string): Promise<string[]> =>
    (
      await pool.query<{ memberId: string }>(
        `SELECT b.member_id AS "memberId" FROM points_balances b
         LEFT JOIN LATERAL (SELECT coalesce(sum(delta), 0) AS total FROM points_entries e WHERE e.member_id = b.member_id) s ON true
         LEFT JOIN LATERAL (SELECT balance_after FROM points_entries e WHERE e.member_id = b.member_id ORDER BY id DESC LIMIT 1) l ON true
         WHERE b.merchant_code = $1 AND (s.total <> b.balance OR coalesce(l.balance_after, 0) <> b.balance)`,
        [merchantCode],
      )
    ).rows.map((row) => row.memberId),

  rules: async (merchantCode: string, db: Executor = pool): Promise<PointRulesRow | null> => {
    const row = (await db.query(`SELECT ${RULES_COLUMNS} FROM points_rules WHERE merchant_code = $1`, [merchantCode]))
      .rows[0];
    return row ? rulesOf(row) : null;
  },

  lockRules: async (client: Client, merchantCode: string): Promise<PointRulesRow | null> => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('points_rules:' || $1))", [merchantCode]);
    const row = (
      await client.query(`SELECT ${RULES_COLUMNS} FROM points_rules WHERE merchant_code = $1 FOR UPDATE`, [
        merchantCode,
      ])
    ).rows[0];
    return row ? rulesOf(row) : null;
  },

  saveRules: async (
    merchantCode: string,
    values: Pick<PointRulesRow, 'rates' | 'convertRatio' | 'buyRatio' | 'rulesText'>,
    options: { onlyIfAbsent?: boolean } = {},
    db: Executor = pool,
  ): Promise<void> => {
    await db.query(
      `INSERT INTO points_rules (merchant_code, rates, convert_ratio, buy_ratio, rules_text) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (merchant_code) DO ${
         options.onlyIfAbsent
           ? 'NOTHING'
           : `UPDATE SET rates = EXCLUDED.rates, convert_ratio = EXCLUDED.convert_ratio, buy_ratio = EXCLUDED.buy_ratio,
                rules_text = EXCLUDED.rules_text, updated_at = now()`
       }`,
      [
        merchantCode,
        JSON.stringify(values.rates),
        values.convertRatio,
        values.buyRatio,
        JSON.stringify(values.rulesText),
      ],
    );
  },

  insertImage: async (image: Omit<PointImageRow, 'id'>): Promise<PointImageRow> =>
    (
      await pool.query<PointImageRow>(
        `INSERT INTO points_images (merchant_code, media_type, bytes, width, height, byte_size)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, merchant_code AS "merchantCode", media_type AS "mediaType", bytes, width, height,
           byte_size AS "byteSize"`,
        [image.merchantCode, image.mediaType, image.bytes, image.width, image.height, image.byteSize],
      )
    ).rows[0] as PointImageRow,

  image: async (id: string): Promise<Pick<PointImageRow, 'mediaType' | 'bytes'> | null> =>
    (
      await pool.query<Pick<PointImageRow, 'mediaType' | 'bytes'>>(
        'SELECT media_type AS "mediaType", bytes FROM points_images WHERE id = $1',
        [id],
      )
    ).rows[0] ?? null,

  /** Which of `ids` are pictures of the merchant. */
  imagesOfMerchant: async (merchantCode: string, ids: readonly string[]): Promise<Set<string>> =>
    new Set(
      (
        await pool.query<{ id: string }>(
          'SELECT id FROM points_images WHERE merchant_code = $1 AND id = ANY($2::uuid[])',
          [merchantCode, [...ids]],
        )
      ).rows.map((row) => row.id),
    ),

  items: async (merchantCode: string): Promise<PointItemRow[]> =>
    (
      await pool.query(`SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 ORDER BY created_at DESC`, [
        merchantCode,
      ])
    ).rows.map(itemOf),

  /** Goods on offer at `now`: enabled and within their schedule. */
  itemsOnOffer: async (merchantCode: string, now: Date): Promise<PointItemRow[]> =>
    (
      await pool.query(
        `SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 AND enabled
           AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)
         ORDER BY points_required, created_at`,
        [merchantCode, now],
      )
    ).rows.map(itemOf),

  item: async (merchantCode: string, id: string, db: Executor = pool): Promise<PointItemRow | null> => {
    const row = (
      await db.query(`SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 AND id = $2`, [
        merchantCode,
        id,
      ])
    ).rows[0];
    return row ? itemOf(row) : null;
  },

  lockItem: async (client: Client, merchantCode: string, id: string): Promise<PointItemRow | null> => {
    const row = (
      await client.query(`SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 AND id = $2 FOR UPDATE`, [
        merchantCode,
        id,
      ])
    ).rows[0];
    return row ? itemOf(row) : null;
  },

  insertItem: async (merchantCode: string, values: PointItemValues, db: Executor = pool): Promise<PointItemRow> =>
    itemOf(
      (
        await db.query(
          `INSERT INTO points_items (merchant_code, kind, names, images, points_required, amount_required, cash_value,
             quantity, available, per_member_limit, starts_at, ends_at, enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12) RETURNING ${ITEM_COLUMNS}`,
          [merchantCode, ...itemValues(values)],
        )
      ).rows[0],
    ),

  /** Replaces goods; `available` moves with the quantity by what is already redeemed (`quantity - available`). */
  updateItem: async (client: Client, id: string, values: PointItemValues): Promise<PointItemRow> =>
    itemOf(
      (
        await client.query(
          `UPDATE points_items SET kind = $2, names = $3, images = $4, points_required = $5, amount_required = $6,
             cash_value = $7, available = available + ($8 - quantity), quantity = $8, per_member_limit = $9,
             starts_at = $10, ends_at = $11, enabled = $12, updated_at = now()
           WHERE id = $1 RETURNING ${ITEM_COLUMNS}`,
          [id, ...itemValues(values)],
        )
      ).rows[0],
    ),

  /** Moves an item's available stock by `delta` on the caller's transaction (the row is locked by the caller). */
  moveStock: async (client: Client, id: string, delta: number): Promise<void> => {
    await client.query('UPDATE points_items SET available = available + $2 WHERE id = $1', [id, delta]);
  },

  /** Units of an item a member holds in redemptions not rejected. */
  redeemedBy: async (client: Client, itemId: string, memberId: string): Promise<number> =>
    Number(
      (
        await client.query<{ total: string }>(
          `SELECT coalesce(sum(quantity), 0) AS total FROM points_redemptions
           WHERE item_id = $1 AND member_id = $2 AND status <> 'rejected'`,
          [itemId, memberId],
        )
      ).rows[0]?.total ?? 0,
    ),

  insertRedemption: async (
    client: Client,
    row: Omit<PointRedemptionRow, 'id' | 'createdAt' | 'decidedAt'>,
  ): Promise<PointRedemptionRow> =>
    redemptionOf(
      (
        await client.query(
          `INSERT INTO points_redemptions (merchant_code, member_id, item_id, request_id, reference, kind, item_name,
             quantity, points, amount_paid, cash_credited, status, address, mobile_num, remark, decided_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
             CASE WHEN $12 = 'in_process' THEN NULL ELSE now() END)
           RETURNING ${REDEMPTION_COLUMNS}`,
          [
            row.merchantCode,
            row.memberId,
            row.itemId,
            row.requestId,
            row.reference,
            row.kind,
            row.itemName,
            row.quantity,
            row.points,
            row.amountPaid,
            row.cashCredited,
            row.status,
            row.address,
            row.mobileNum,
            row.remark,
          ],
        )
      ).rows[0],
    ),

  findRedemptionByRequest: async (memberId: string, requestId: string): Promise<PointRedemptionRow | null> => {
    const row = (
      await pool.query(
        `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions WHERE member_id = $1 AND request_id = $2`,
        [memberId, requestId],
      )
    ).rows[0];
    return row ? redemptionOf(row) : null;
  },

  lockRedemption: async (client: Client, merchantCode: string, id: string): Promise<PointRedemptionRow | null> => {
    const row = (
      await client.query(
        `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions WHERE merchant_code = $1 AND id = $2 FOR UPDATE`,
        [merchantCode, id],
      )
    ).rows[0];
    return row ? redemptionOf(row) : null;
  },

  decideRedemption: async (
    client: Client,
    id: string,
    status: Exclude<PointRedeemStatus, 'in_process'>,
    remark: string,
  ): Promise<PointRedemptionRow> =>
    redemptionOf(
      (
        await client.query(
          `UPDATE points_redemptions SET status = $2, remark = $3, decided_at = now()
           WHERE id = $1 AND status = 'in_process' RETURNING ${REDEMPTION_COLUMNS}`,
          [id, status, remark],
        )
      ).rows[0],
    ),

  memberRedemptions: async (memberId: string, page: { offset: number; limit: number }) => {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions WHERE member_id = $1
         ORDER BY created_at DESC, id OFFSET $2 LIMIT $3`,
        [memberId, page.offset, page.limit],
      ),
      pool.query<{ total: string }>('SELECT count(*) AS total FROM points_redemptions WHERE member_id = $1', [
        memberId,
      ]),
    ]);
    return { rows: rows.rows.map(redemptionOf), total: Number(count.rows[0]?.total ?? 0) };
  },

  queue: async (
    merchantCode: string,
    status: PointRedeemStatus | undefined,
    page: { offset: number; limit: number },
  ) => {
    const where = status ? 'merchant_code = $1 AND status = $4' : 'merchant_code = $1';
    const args = status ? [merchantCode, page.offset, page.limit, status] : [merchantCode, page.offset, page.limit];
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions WHERE ${where}
         ORDER BY (status = 'in_process') DESC,
           CASE WHEN status = 'in_process' THEN created_at END ASC, created_at DESC, id
         OFFSET $2 LIMIT $3`,
        args,
      ),
      pool.query<{ total: string }>(
        `SELECT count(*) AS total FROM points_redemptions WHERE ${status ? 'merchant_code = $1 AND status = $2' : 'merchant_code = $1'}`,
        status ? [merchantCode, status] : [merchantCode],
      ),
    ]);
    return { rows: rows.rows.map(redemptionOf), total: Number(count.rows[0]?.total ?? 0) };
  },
});

export type PointsRepository = ReturnType<typeof createPointsRepository>;
