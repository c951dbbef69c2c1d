import type {
  BonusWageringBase,
  ChatApp,
  LanguageCode,
  PromotionCategory,
  PromotionEntryStatus,
  PromotionFrequency,
  PromotionKind,
  PromotionText,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { RecodedProof } from '../../platform/images/proof-images';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
export type Client = pg.PoolClient;

export interface PromotionValues {
  kind: PromotionKind;
  category: PromotionCategory;
  texts: Partial<Record<LanguageCode, PromotionText>>;
  startsAt: Date;
  endsAt: Date;
  enabled: boolean;
  sort: number;
  currency: string;
  percent: number;
  fixedAmount: bigint;
  maxAmount: bigint;
  minDeposit: bigint;
  turnoverTarget: bigint;
  wageringMultiple: number;
  wageringBase: BonusWageringBase;
  wageringCategories: string[];
  bonusExpiryDays: number;
  frequency: PromotionFrequency;
  minVipLevel: number;
  newMembersOnly: boolean;
  paymentChannelKinds: string[];
  /** ISO 3166 alpha-2 codes of the members' regions it is open to; empty: any (decision 0140). */
  regions: string[];
}

export interface PromotionRow extends PromotionValues {
  id: string;
  merchantCode: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface EntryRow {
  id: string;
  promotionId: string;
  merchantCode: string;
  memberId: string;
  periodKey: string;
  status: PromotionEntryStatus;
  progress: bigint;
  remark: string;
  reviewNote: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  bonusId: string | null;
  /** A chat-app link (decision 0151); null on other entries. */
  chatApp: ChatApp | null;
  chatHandle: string | null;
  createdAt: Date;
}

const PROMOTION_COLUMNS = `id, merchant_code, kind, category, texts, starts_at, ends_at, enabled, sort, currency,
  percent, fixed_amount, max_amount, min_deposit, turnover_target, wagering_multiple, wagering_base,
  wagering_categories, bonus_expiry_days, frequency, min_vip_level, new_members_only, payment_channel_kinds,
  regions, created_at, updated_at`;

const ENTRY_COLUMNS = `id, promotion_id, merchant_code, member_id, period_key, status, progress, remark, review_note,
  reviewed_by, reviewed_at, bonus_id, chat_app, chat_handle, created_at`;

/** The entry's columns under a table alias (queries that join another relation with same-named columns). */
const qualified = (alias: string) =>
  ENTRY_COLUMNS.split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

const promotionOf = (r: Record<string, unknown>): PromotionRow => ({
  id: r.id as string,
  merchantCode: r.merchant_code as string,
  kind: r.kind as PromotionKind,
  category: r.category as PromotionCategory,
  texts: r.texts as Partial<Record<LanguageCode, PromotionText>>,
  startsAt: r.starts_at as Date,
  endsAt: r.ends_at as Date,
  enabled: r.enabled as boolean,
  sort: r.sort as number,
  currency: r.currency as string,
  percent: r.percent as number,
  fixedAmount: BigInt(r.fixed_amount as string),
  maxAmount: BigInt(r.max_amount as string),
  minDeposit: BigInt(r.min_deposit as string),
  turnoverTarget: BigInt(r.turnover_target as string),
  wageringMultiple: r.wagering_multiple as number,
  wageringBase: r.wagering_base as BonusWageringBase,
  wageringCategories: r.wagering_categories as string[],
  bonusExpiryDays: r.bonus_expiry_days as number,
  frequency: r.frequency as PromotionFrequency,
  minVipLevel: r.min_vip_level as number,
  newMembersOnly: r.new_members_only as boolean,
  paymentChannelKinds: r.payment_channel_kinds as string[],
  regions: r.regions as string[],
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

const entryOf = (r: Record<string, unknown>): EntryRow => ({
  id: r.id as string,
  promotionId: r.promotion_id as string,
  merchantCode: r.merchant_code as string,
  memberId: r.member_id as string,
  periodKey: r.period_key as string,
  status: r.status as PromotionEntryStatus,
  progress: BigInt(r.progress as string),
  remark: r.remark as string,
  reviewNote: (r.review_note as string | null) ?? null,
  reviewedBy: (r.reviewed_by as string | null) ?? null,
  reviewedAt: (r.reviewed_at as Date | null) ?? null,
  bonusId: (r.bonus_id as string | null) ?? null,
  chatApp: (r.chat_app as ChatApp | null) ?? null,
  chatHandle: (r.chat_handle as string | null) ?? null,
  createdAt: r.created_at as Date,
});

/** Which of the chat-link unique indexes a violation names, if one (decision 0151). */
export const chatLinkConflictOf = (error: unknown): 'handle' | 'member' | null => {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== '23505') return null;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (constraint === 'promotion_entries_chat_handle') return 'handle';
  if (constraint === 'promotion_entries_chat_member') return 'member';
  return null;
};

const valuesOf = (v: PromotionValues) => [
  v.kind,
  v.category,
  JSON.stringify(v.texts),
  v.startsAt,
  v.endsAt,
  v.enabled,
  v.sort,
  v.currency,
  v.percent,
  v.fixedAmount.toString(),
  v.maxAmount.toString(),
  v.minDeposit.toString(),
  v.turnoverTarget.toString(),
  v.wageringMultiple,
  v.wageringBase,
  v.wageringCategories,
  v.bonusExpiryDays,
  v.frequency,
  v.minVipLevel,
  v.newMembersOnly,
  v.paymentChannelKinds,
  v.regions,
];

export const createPromotionsRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>) => inTransaction(pool, work),

  insertPromotion: async (client: Client, merchantCode: string, values: PromotionValues): Promise<PromotionRow> => {
    const { rows } = await client.query(
      `INSERT INTO promotions (merchant_code, kind, category, texts, starts_at, ends_at, enabled, sort, currency,
         percent, fixed_amount, max_amount, min_deposit, turnover_target, wagering_multiple, wagering_base,
         wagering_categories, bonus_expiry_days, frequency, min_vip_level, new_members_only, payment_channel_kinds,
         regions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
         $23)
       RETURNING ${PROMOTION_COLUMNS}`,
      [merchantCode, ...valuesOf(values)],
    );
    return promotionOf(rows[0]);
  },

  updatePromotion: async (client: Client, id: string, values: PromotionValues): Promise<PromotionRow> => {
    const { rows } = await client.query(
      `UPDATE promotions SET kind = $2, category = $3, texts = $4, starts_at = $5, ends_at = $6, enabled = $7,
         sort = $8, currency = $9, percent = $10, fixed_amount = $11, max_amount = $12, min_deposit = $13,
         turnover_target = $14, wagering_multiple = $15, wagering_base = $16, wagering_categories = $17,
         bonus_expiry_days = $18, frequency = $19, min_vip_level = $20, new_members_only = $21,
         payment_channel_kinds = $22, regions = $23, updated_at = now()
       WHERE id = $1 RETURNING ${PROMOTION_COLUMNS}`,
      [id, ...valuesOf(values)],
    );
    return promotionOf(rows[0]);
  },

  lockPromotion: async (client: Client, merchantCode: string, id: string): Promise<PromotionRow | null> => {
    const { rows } = await client.query(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE merchant_code = $1 AND id = $2 FOR UPDATE`,
      [merchantCode, id],
    );
    return rows[0] ? promotionOf(rows[0]) : null;
  },

  /** Reads a promotion; FOR SHARE inside a transaction keeps an edit from changing it under a grant. */
  findPromotion: async (
    merchantCode: string,
    id: string,
    options: { db?: Executor; share?: boolean } = {},
  ): Promise<PromotionRow | null> => {
    const { db = pool, share = false } = options;
    const { rows } = await db.query(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE merchant_code = $1 AND id = $2${share ? ' FOR SHARE' : ''}`,
      [merchantCode, id],
    );
    return rows[0] ? promotionOf(rows[0]) : null;
  },

  /** The texts of the merchant's promotions among `ids` (another merchant's ids find nothing). */
  textsOf: async (
    merchantCode: string,
    ids: readonly string[],
  ): Promise<Map<string, Partial<Record<LanguageCode, PromotionText>>>> => {
    const { rows } = await pool.query(
      'SELECT id, texts FROM promotions WHERE merchant_code = $1 AND id = ANY($2::uuid[])',
      [merchantCode, ids],
    );
    return new Map(rows.map((r) => [r.id as string, r.texts as Partial<Record<LanguageCode, PromotionText>>]));
  },

  listPromotions: async (merchantCode: string, enabledOnly: boolean): Promise<PromotionRow[]> => {
    const { rows } = await pool.query(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE merchant_code = $1 ${enabledOnly ? 'AND enabled' : ''}
       ORDER BY sort, starts_at DESC, id`,
      [merchantCode],
    );
    return rows.map(promotionOf);
  },

  /** Inserts an entry unless the member has one for the period; null when it had. */
  insertEntry: async (
    client: Client,
    entry: Pick<EntryRow, 'promotionId' | 'merchantCode' | 'memberId' | 'periodKey' | 'status' | 'remark'>,
  ): Promise<EntryRow | null> => {
    const { rows } = await client.query(
      `INSERT INTO promotion_entries (promotion_id, merchant_code, member_id, period_key, status, remark)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (promotion_id, member_id, period_key) DO NOTHING
       RETURNING ${ENTRY_COLUMNS}`,
      [entry.promotionId, entry.merchantCode, entry.memberId, entry.periodKey, entry.status, entry.remark],
    );
    return rows[0] ? entryOf(rows[0]) : null;
  },

  /**
   * Links a chat-app handle for the period: a new entry waiting for review, or the member's rejected one of the
   * period taken up again with the new handle (the review cleared). Null when the member's entry of the period is
   * live (waiting or paid). A handle or member already linked elsewhere raises the unique violation
   * (`chatLinkConflictOf`).
   */
  linkChat: async (
    client: Client,
    entry: Pick<EntryRow, 'promotionId' | 'merchantCode' | 'memberId' | 'periodKey'> & {
      chatApp: ChatApp;
      chatHandle: string;
    },
  ): Promise<EntryRow | null> => {
    const { rows } = await client.query(
      `INSERT INTO promotion_entries (promotion_id, merchant_code, member_id, period_key, status, chat_app, chat_handle)
       VALUES ($1, $2, $3, $4, 'applying', $5, $6)
       ON CONFLICT (promotion_id, member_id, period_key) DO UPDATE
         SET status = 'applying', chat_app = EXCLUDED.chat_app, chat_handle = EXCLUDED.chat_handle,
             review_note = NULL, reviewed_by = NULL, reviewed_at = NULL, created_at = now(), updated_at = now()
         WHERE promotion_entries.status = 'rejected'
       RETURNING ${ENTRY_COLUMNS}`,
      [entry.promotionId, entry.merchantCode, entry.memberId, entry.periodKey, entry.chatApp, entry.chatHandle],
    );
    return rows[0] ? entryOf(rows[0]) : null;
  },

  findEntry: async (db: Executor, promotionId: string, memberId: string, period: string): Promise<EntryRow | null> => {
    const { rows } = await db.query(
      `SELECT ${ENTRY_COLUMNS} FROM promotion_entries WHERE promotion_id = $1 AND member_id = $2 AND period_key = $3`,
      [promotionId, memberId, period],
    );
    return rows[0] ? entryOf(rows[0]) : null;
  },

  entryById: async (merchantCode: string, id: string): Promise<EntryRow | null> => {
    const { rows } = await pool.query(
      `SELECT ${ENTRY_COLUMNS} FROM promotion_entries WHERE merchant_code = $1 AND id = $2`,
      [merchantCode, id],
    );
    return rows[0] ? entryOf(rows[0]) : null;
  },

  lockEntry: async (client: Client, merchantCode: string, id: string): Promise<EntryRow | null> => {
    const { rows } = await client.query(
      `SELECT ${ENTRY_COLUMNS} FROM promotion_entries WHERE merchant_code = $1 AND id = $2 FOR UPDATE`,
      [merchantCode, id],
    );
    return rows[0] ? entryOf(rows[0]) : null;
  },

  /** The member's entries in the given periods of the given promotions. */
  memberEntries: async (memberId: string, keys: readonly { promotionId: string; periodKey: string }[]) => {
    if (keys.length === 0) return [];
    const { rows } = await pool.query(
      `SELECT ${qualified('e')} FROM promotion_entries e
       JOIN unnest($2::uuid[], $3::text[]) AS k(promotion_id, period_key)
         ON k.promotion_id = e.promotion_id AND k.period_key = e.period_key
       WHERE e.member_id = $1`,
      [memberId, keys.map((k) => k.promotionId), keys.map((k) => k.periodKey)],
    );
    return rows.map(entryOf);
  },

  /** The member's entries waiting for an event (`joined` deposits, `in_process` challenges), locked. */
  lockWaiting: async (client: Client, memberId: string, status: 'joined' | 'in_process'): Promise<EntryRow[]> => {
    const { rows } = await client.query(
      `SELECT ${ENTRY_COLUMNS} FROM promotion_entries WHERE member_id = $1 AND status = $2
       ORDER BY created_at, id FOR UPDATE`,
      [memberId, status],
    );
    return rows.map(entryOf);
  },

  setEntry: async (
    client: Client,
    id: string,
    change: Partial<Pick<EntryRow, 'status' | 'progress' | 'bonusId' | 'reviewNote' | 'reviewedBy'>> & {
      reviewed?: boolean;
    },
  ): Promise<EntryRow> => {
    const { rows } = await client.query(
      `UPDATE promotion_entries SET status = coalesce($2, status), progress = coalesce($3, progress),
         bonus_id = coalesce($4, bonus_id), review_note = coalesce($5, review_note),
         reviewed_by = coalesce($6, reviewed_by), reviewed_at = CASE WHEN $7 THEN now() ELSE reviewed_at END,
         updated_at = now()
       WHERE id = $1 RETURNING ${ENTRY_COLUMNS}`,
      [
        id,
        change.status ?? null,
        change.progress?.toString() ?? null,
        change.bonusId ?? null,
        change.reviewNote ?? null,
        change.reviewedBy ?? null,
        change.reviewed === true,
      ],
    );
    return entryOf(rows[0]);
  },

  /** Removes a withdrawn application (an `applying` entry, locked by the caller) with its images. */
  deleteApplication: async (client: Client, entryId: string): Promise<void> => {
    await client.query('DELETE FROM promotion_entry_images WHERE entry_id = $1', [entryId]);
    await client.query(`DELETE FROM promotion_entries WHERE id = $1 AND status = 'applying'`, [entryId]);
  },

  insertImages: async (client: Client, entryId: string, images: readonly RecodedProof[]): Promise<void> => {
    for (const [position, image] of images.entries()) {
      await client.query(
        `INSERT INTO promotion_entry_images (entry_id, position, content_type, bytes) VALUES ($1, $2, $3, $4)`,
        [entryId, position, image.contentType, image.bytes],
      );
    }
  },

  imagesOf: async (entryIds: readonly string[]) => {
    if (entryIds.length === 0) return [];
    const { rows } = await pool.query(
      `SELECT id, entry_id, content_type, bytes FROM promotion_entry_images WHERE entry_id = ANY($1::uuid[])
       ORDER BY entry_id, position`,
      [entryIds],
    );
    return rows.map((r) => ({
      id: r.id as string,
      entryId: r.entry_id as string,
      contentType: r.content_type,
      bytes: r.bytes as Buffer,
    }));
  },

  /** Entries of a merchant in a status (the review queue: applications and chat-app links), oldest first. */
  applications: async (merchantCode: string, status: PromotionEntryStatus, page: { offset: number; limit: number }) => {
    const where = `e.merchant_code = $1 AND e.status = $2 AND p.kind IN ('application', 'chat_app')`;
    const [list, total] = await Promise.all([
      pool.query(
        `SELECT ${qualified('e')} FROM promotion_entries e JOIN promotions p ON p.id = e.promotion_id
         WHERE ${where} ORDER BY e.created_at, e.id OFFSET $3 LIMIT $4`,
        [merchantCode, status, page.offset, page.limit],
      ),
      pool.query(
        `SELECT count(*)::int AS n FROM promotion_entries e JOIN promotions p ON p.id = e.promotion_id WHERE ${where}`,
        [merchantCode, status],
      ),
    ]);
    return { rows: list.rows.map(entryOf), total: total.rows[0].n as number };
  },

  /** Members who took part per promotion (entries of any status). */
  joinedCounts: async (merchantCode: string): Promise<Map<string, number>> => {
    const { rows } = await pool.query(
      `SELECT promotion_id, count(*)::int AS n FROM promotion_entries WHERE merchant_code = $1 GROUP BY promotion_id`,
      [merchantCode],
    );
    return new Map(rows.map((r) => [r.promotion_id as string, r.n as number]));
  },

  hasEntries: async (client: Client, promotionId: string): Promise<boolean> => {
    const { rows } = await client.query(`SELECT 1 FROM promotion_entries WHERE promotion_id = $1 LIMIT 1`, [
      promotionId,
    ]);
    return rows.length > 0;
  },
});

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
