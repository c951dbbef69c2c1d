import type { LanguageCode, RedEnvelopeText } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
export type Client = pg.PoolClient;

/** What the editor sets of an envelope (the split's total and shares only at creation). */
export interface RedEnvelopeValues {
  texts: Partial<Record<LanguageCode, RedEnvelopeText>>;
  totalAmount: bigint;
  shares: number;
  startsAt: Date;
  endsAt: Date;
  enabled: boolean;
  minVipLevel: number;
  newMembersOnly: boolean;
  /** ISO 3166 alpha-2 codes of the members' regions that may claim, sorted; empty: any region (decision 0142). */
  regions: string[];
  wageringMultiple: number;
  bonusExpiryDays: number;
}

export interface RedEnvelopeRow extends RedEnvelopeValues {
  id: string;
  merchantCode: string;
  currency: string;
  claimed: number;
  serverSeed: string;
  seedHash: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ShareRow {
  envelopeId: string;
  position: number;
  amount: bigint;
  memberId: string | null;
  bonusId: string | null;
  claimedAt: Date | null;
}

const COLUMNS = `id, merchant_code, currency, texts, total_amount, shares, claimed, starts_at, ends_at, enabled,
  min_vip_level, new_members_only, regions, wagering_multiple, bonus_expiry_days, server_seed, seed_hash, created_by,
  created_at, updated_at`;

const envelopeOf = (r: Record<string, unknown>): RedEnvelopeRow => ({
  id: r.id as string,
  merchantCode: r.merchant_code as string,
  currency: r.currency as string,
  texts: r.texts as Partial<Record<LanguageCode, RedEnvelopeText>>,
  totalAmount: BigInt(r.total_amount as string),
  shares: r.shares as number,
  claimed: r.claimed as number,
  startsAt: r.starts_at as Date,
  endsAt: r.ends_at as Date,
  enabled: r.enabled as boolean,
  minVipLevel: r.min_vip_level as number,
  newMembersOnly: r.new_members_only as boolean,
  regions: r.regions as string[],
  wageringMultiple: r.wagering_multiple as number,
  bonusExpiryDays: r.bonus_expiry_days as number,
  serverSeed: r.server_seed as string,
  seedHash: r.seed_hash as string,
  createdBy: (r.created_by as string | null) ?? null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

const shareOf = (r: Record<string, unknown>): ShareRow => ({
  envelopeId: r.envelope_id as string,
  position: r.position as number,
  amount: BigInt(r.amount as string),
  memberId: (r.member_id as string | null) ?? null,
  bonusId: (r.bonus_id as string | null) ?? null,
  claimedAt: (r.claimed_at as Date | null) ?? null,
});

/** Envelopes stay on the member's screen this long after their window. */
const SHOWN_AFTER_END = '7 days';

export const createRedEnvelopesRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>) => inTransaction(pool, work),

  /** Writes the envelope and its shares in split order (the caller's transaction). */
  insert: async (
    client: Client,
    row: RedEnvelopeValues & {
      merchantCode: string;
      currency: string;
      serverSeed: string;
      seedHash: string;
      createdBy: string | null;
    },
    amounts: readonly bigint[],
  ): Promise<RedEnvelopeRow> => {
    const inserted = await client.query(
      `INSERT INTO red_envelopes (merchant_code, currency, texts, total_amount, shares, starts_at, ends_at, enabled,
         min_vip_level, new_members_only, wagering_multiple, bonus_expiry_days, server_seed, seed_hash, created_by,
         regions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${COLUMNS}`,
      [
        row.merchantCode,
        row.currency,
        JSON.stringify(row.texts),
        row.totalAmount.toString(),
        row.shares,
        row.startsAt,
        row.endsAt,
        row.enabled,
        row.minVipLevel,
        row.newMembersOnly,
        row.wageringMultiple,
        row.bonusExpiryDays,
        row.serverSeed,
        row.seedHash,
        row.createdBy,
        row.regions,
      ],
    );
    const envelope = envelopeOf(inserted.rows[0]);
    await client.query(
      `INSERT INTO red_envelope_shares (envelope_id, position, amount)
       SELECT $1, s.position, s.amount::bigint FROM unnest($2::text[]) WITH ORDINALITY AS s(amount, position)`,
      [envelope.id, amounts.map((a) => a.toString())],
    );
    return envelope;
  },

  /** Changes what may change after creation (not the split). */
  update: async (
    client: Client,
    merchantCode: string,
    id: string,
    values: Omit<RedEnvelopeValues, 'totalAmount' | 'shares'>,
  ): Promise<RedEnvelopeRow | null> => {
    const updated = await client.query(
      `UPDATE red_envelopes SET texts = $3, starts_at = $4, ends_at = $5, enabled = $6, min_vip_level = $7,
         new_members_only = $8, wagering_multiple = $9, bonus_expiry_days = $10, regions = $11, updated_at = now()
       WHERE merchant_code = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [
        merchantCode,
        id,
        JSON.stringify(values.texts),
        values.startsAt,
        values.endsAt,
        values.enabled,
        values.minVipLevel,
        values.newMembersOnly,
        values.wageringMultiple,
        values.bonusExpiryDays,
        values.regions,
      ],
    );
    return updated.rows[0] ? envelopeOf(updated.rows[0]) : null;
  },

  find: async (
    merchantCode: string,
    id: string,
    options: { db?: Executor; lock?: boolean } = {},
  ): Promise<RedEnvelopeRow | null> => {
    const result = await (options.db ?? pool).query(
      `SELECT ${COLUMNS} FROM red_envelopes WHERE merchant_code = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
      [merchantCode, id],
    );
    return result.rows[0] ? envelopeOf(result.rows[0]) : null;
  },

  /** The editor's list, newest first, with the shares claimed and their sum. */
  listForMerchant: async (merchantCode: string): Promise<{ row: RedEnvelopeRow; paid: bigint }[]> => {
    const result = await pool.query(
      `SELECT ${COLUMNS.split(',')
        .map((c) => `e.${c.trim()}`)
        .join(', ')},
         COALESCE((SELECT sum(s.amount) FROM red_envelope_shares s
                   WHERE s.envelope_id = e.id AND s.member_id IS NOT NULL), 0)::text AS paid
       FROM red_envelopes e WHERE e.merchant_code = $1 ORDER BY e.created_at DESC, e.id LIMIT 200`,
      [merchantCode],
    );
    return result.rows.map((r) => ({ row: envelopeOf(r), paid: BigInt(r.paid as string) }));
  },

  /** Enabled envelopes still to come, open, or ended less than a week ago, the soonest ending first. */
  listShown: async (merchantCode: string, currency: string, now: Date): Promise<RedEnvelopeRow[]> => {
    const result = await pool.query(
      `SELECT ${COLUMNS} FROM red_envelopes
       WHERE merchant_code = $1 AND currency = $2 AND enabled AND ends_at > $3::timestamptz - interval '${SHOWN_AFTER_END}'
       ORDER BY (ends_at <= $3) ASC, ends_at ASC, id LIMIT 100`,
      [merchantCode, currency, now],
    );
    return result.rows.map(envelopeOf);
  },

  /** The member's shares of these envelopes. */
  sharesOf: async (memberId: string, envelopeIds: readonly string[]): Promise<ShareRow[]> => {
    if (envelopeIds.length === 0) return [];
    const result = await pool.query(
      `SELECT envelope_id, position, amount, member_id, bonus_id, claimed_at FROM red_envelope_shares
       WHERE member_id = $1 AND envelope_id = ANY($2::uuid[])`,
      [memberId, envelopeIds],
    );
    return result.rows.map(shareOf);
  },

  /** Every share of an envelope in split order. */
  allShares: async (envelopeId: string): Promise<ShareRow[]> => {
    const result = await pool.query(
      `SELECT envelope_id, position, amount, member_id, bonus_id, claimed_at FROM red_envelope_shares
       WHERE envelope_id = $1 ORDER BY position`,
      [envelopeId],
    );
    return result.rows.map(shareOf);
  },

  /**
   * Takes the next share for the member: the envelope row's counter moves under its lock (held to commit, so a
   * claim that fails gives its position back), then the share at that position gets the member; a second share
   * for the same member breaks the unique key. Null when every share is taken.
   */
  takeNext: async (client: Client, envelopeId: string, memberId: string): Promise<ShareRow | null> => {
    const counted = await client.query(
      `UPDATE red_envelopes SET claimed = claimed + 1 WHERE id = $1 AND claimed < shares RETURNING claimed`,
      [envelopeId],
    );
    const position = counted.rows[0]?.claimed as number | undefined;
    if (position === undefined) return null;
    const taken = await client.query(
      `UPDATE red_envelope_shares SET member_id = $3, claimed_at = now()
       WHERE envelope_id = $1 AND position = $2 AND member_id IS NULL
       RETURNING envelope_id, position, amount, member_id, bonus_id, claimed_at`,
      [envelopeId, position, memberId],
    );
    if (!taken.rows[0]) throw new Error(`red envelope ${envelopeId}: share ${position} already taken`);
    return shareOf(taken.rows[0]);
  },

  setBonus: async (client: Client, envelopeId: string, position: number, bonusId: string): Promise<void> => {
    await client.query('UPDATE red_envelope_shares SET bonus_id = $3 WHERE envelope_id = $1 AND position = $2', [
      envelopeId,
      position,
      bonusId,
    ]);
  },
});

export type RedEnvelopesRepository = ReturnType<typeof createRedEnvelopesRepository>;
