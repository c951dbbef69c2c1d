import type { KycReviewStatus, KycTier } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import type { Executor } from './responsible-gaming.repository';
import { rgKycDocuments } from './responsible-gaming.schema';

export interface KycRow {
  tier: KycTier;
  fullName: string;
  birthDate: string;
  address: string;
}

export interface KycReviewRow {
  id: string;
  merchantCode: string;
  memberId: string;
  status: KycReviewStatus;
  reason: string | null;
  reviewedBy: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

export interface ThresholdsRow {
  unverifiedMax: bigint | null;
  basicMax: bigint | null;
}

const REVIEW_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", status, reason,
  reviewed_by AS "reviewedBy", created_at AS "createdAt", reviewed_at AS "reviewedAt"`;

const documents = createProofImagesRepository(rgKycDocuments);

/** Identity checks (decision 0102): the member's tier and details, documents submissions, thresholds. */
export const createKycRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  kyc: async (merchantCode: string, memberId: string, db: Executor = pool): Promise<KycRow | null> => {
    const { rows } = await db.query<KycRow>(
      `SELECT tier, full_name AS "fullName", to_char(birth_date, 'YYYY-MM-DD') AS "birthDate", address
         FROM rg_kyc WHERE merchant_code = $1 AND member_id = $2`,
      [merchantCode, memberId],
    );
    return rows[0] ?? null;
  },

  /** Tiers of many members of one merchant (absent: unverified). */
  tiers: async (merchantCode: string, memberIds: readonly string[]): Promise<Map<string, KycTier>> => {
    const { rows } = await pool.query<{ memberId: string; tier: KycTier }>(
      `SELECT member_id AS "memberId", tier FROM rg_kyc WHERE merchant_code = $1 AND member_id = ANY($2::text[])`,
      [merchantCode, [...memberIds]],
    );
    return new Map(rows.map((row) => [row.memberId, row.tier]));
  },

  /** Writes the basic details; the tier rises to basic, never falls from full. Locks the row for the caller. */
  saveBasic: async (
    db: Executor,
    key: { merchantCode: string; memberId: string },
    details: { fullName: string; birthDate: string; address: string },
  ): Promise<void> => {
    await db.query(
      `INSERT INTO rg_kyc (merchant_code, member_id, tier, full_name, birth_date, address)
       VALUES ($1, $2, 'basic', $3, $4::date, $5)
       ON CONFLICT (merchant_code, member_id) DO UPDATE
         SET full_name = EXCLUDED.full_name, birth_date = EXCLUDED.birth_date, address = EXCLUDED.address,
             basic_at = now()
       WHERE rg_kyc.tier <> 'full'`,
      [key.merchantCode, key.memberId, details.fullName, details.birthDate, details.address],
    );
  },

  lockKyc: async (db: Executor, merchantCode: string, memberId: string): Promise<KycRow | null> => {
    const { rows } = await db.query<KycRow>(
      `SELECT tier, full_name AS "fullName", to_char(birth_date, 'YYYY-MM-DD') AS "birthDate", address
         FROM rg_kyc WHERE merchant_code = $1 AND member_id = $2 FOR UPDATE`,
      [merchantCode, memberId],
    );
    return rows[0] ?? null;
  },

  setFull: async (db: Executor, merchantCode: string, memberId: string): Promise<void> => {
    await db.query(`UPDATE rg_kyc SET tier = 'full', full_at = now() WHERE merchant_code = $1 AND member_id = $2`, [
      merchantCode,
      memberId,
    ]);
  },

  latestReview: async (merchantCode: string, memberId: string): Promise<KycReviewRow | null> => {
    const { rows } = await pool.query<KycReviewRow>(
      `SELECT ${REVIEW_COLUMNS} FROM rg_kyc_reviews WHERE merchant_code = $1 AND member_id = $2
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [merchantCode, memberId],
    );
    return rows[0] ?? null;
  },

  /** A pending submission with its documents; the one-pending index answers null for a second one. */
  insertReview: async (
    db: Executor,
    key: { merchantCode: string; memberId: string },
    files: readonly RecodedProof[],
  ): Promise<KycReviewRow | null> => {
    const { rows } = await db.query<KycReviewRow>(
      `INSERT INTO rg_kyc_reviews (merchant_code, member_id) VALUES ($1, $2)
       ON CONFLICT (member_id) WHERE status = 'pending' DO NOTHING
       RETURNING ${REVIEW_COLUMNS}`,
      [key.merchantCode, key.memberId],
    );
    const row = rows[0];
    if (!row) return null;
    await documents.insert(db, row.id, files);
    return row;
  },

  /** Submissions of one status in the given merchants (null: every merchant), oldest first. */
  reviews: async (merchantCodes: readonly string[] | null, status: KycReviewStatus): Promise<KycReviewRow[]> => {
    const { rows } = await pool.query<KycReviewRow>(
      `SELECT ${REVIEW_COLUMNS} FROM rg_kyc_reviews
        WHERE status = $1 AND ($2::text[] IS NULL OR merchant_code = ANY($2::text[]))
        ORDER BY created_at ${status === 'pending' ? 'ASC' : 'DESC'}, id LIMIT 200`,
      [status, merchantCodes === null ? null : [...merchantCodes]],
    );
    return rows;
  },

  review: async (id: string): Promise<KycReviewRow | null> => {
    const { rows } = await pool.query<KycReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM rg_kyc_reviews WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  documents: async (reviewId: string) => {
    const ids = (await documents.idsByOwner(pool, [reviewId])).get(reviewId) ?? [];
    const found = await Promise.all(ids.map((id) => documents.find(pool, reviewId, id)));
    return found.filter((row) => row !== null);
  },

  /** Decides a pending submission once; null when it was not pending any more. */
  decide: async (
    db: Executor,
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: string },
  ): Promise<KycReviewRow | null> => {
    const { rows } = await db.query<KycReviewRow>(
      `UPDATE rg_kyc_reviews SET status = $2, reason = $3, reviewed_by = $4, reviewed_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING ${REVIEW_COLUMNS}`,
      [id, decision.status, decision.reason, decision.reviewedBy],
    );
    return rows[0] ?? null;
  },

  thresholds: async (merchantCode: string): Promise<ThresholdsRow> => {
    const { rows } = await pool.query<{ unverifiedMax: string | null; basicMax: string | null }>(
      `SELECT unverified_max AS "unverifiedMax", basic_max AS "basicMax" FROM rg_kyc_thresholds WHERE merchant_code = $1`,
      [merchantCode],
    );
    const row = rows[0];
    const big = (value: string | null | undefined) => (value == null ? null : BigInt(value));
    return { unverifiedMax: big(row?.unverifiedMax), basicMax: big(row?.basicMax) };
  },

  setThresholds: async (db: Executor, merchantCode: string, values: ThresholdsRow): Promise<void> => {
    await db.query(
      `INSERT INTO rg_kyc_thresholds (merchant_code, unverified_max, basic_max) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_code) DO UPDATE
         SET unverified_max = EXCLUDED.unverified_max, basic_max = EXCLUDED.basic_max, updated_at = now()`,
      [merchantCode, values.unverifiedMax?.toString() ?? null, values.basicMax?.toString() ?? null],
    );
  },
});

export type KycRepository = ReturnType<typeof createKycRepository>;
