import { FEEDBACK_PAGE_SIZE, type FeedbackStatus, type FeedbackType } from '@tessera/contracts';
import type pg from 'pg';
import type { Queryable } from '../../platform/db/queryable';
import { inTransaction } from '../../platform/db/transaction';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { type contactFeedback, contactFeedbackImages, type contactFeedbackReplies } from './contact.schema';

export type FeedbackRow = typeof contactFeedback.$inferSelect;
export type FeedbackReplyRow = typeof contactFeedbackReplies.$inferSelect;

const images = createProofImagesRepository(contactFeedbackImages);

const FEEDBACK_COLUMNS = `id, seq, merchant_code AS "merchantCode", member_id AS "memberId", username, type, content,
  status, created_at AS "createdAt", updated_at AS "updatedAt"`;
const REPLY_COLUMNS = `id, feedback_id AS "feedbackId", operator_id AS "operatorId",
  operator_username AS "operatorUsername", body, created_at AS "createdAt"`;

/** `seq` is a bigserial the reference numbers with: a JS number (the schema's mode), not pg's bigint. */
const feedbackOf = (row: Record<string, unknown>): FeedbackRow => ({
  ...(row as unknown as FeedbackRow),
  seq: Number(row.seq),
});
const replyOf = (row: Record<string, unknown>): FeedbackReplyRow => ({
  ...(row as unknown as FeedbackReplyRow),
  id: BigInt(row.id as bigint | string),
});

type Owner = { memberId: string } | { merchantCode: string };

/** The SQL of feedback and its replies and images. */
export const createFeedbackRepository = (pool: pg.Pool) => ({
  /** The feedback and its images, in one transaction. */
  insert: (
    row: { merchantCode: string; memberId: string; username: string; type: FeedbackType; content: string },
    proofs: readonly RecodedProof[],
  ): Promise<FeedbackRow> =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO contact_feedback (merchant_code, member_id, username, type, content) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${FEEDBACK_COLUMNS}`,
        [row.merchantCode, row.memberId, row.username, row.type, row.content],
      );
      if (!rows[0]) throw new Error('feedback not stored');
      const stored = feedbackOf(rows[0]);
      await images.insert(client, stored.id, proofs);
      return stored;
    }),

  /** One feedback of a member (or of a merchant, for the desk); another's id answers null. */
  find: async (owner: Owner, id: string): Promise<FeedbackRow | null> => {
    const [column, value] = 'memberId' in owner ? ['member_id', owner.memberId] : ['merchant_code', owner.merchantCode];
    const { rows } = await pool.query(
      `SELECT ${FEEDBACK_COLUMNS} FROM contact_feedback WHERE id = $1 AND ${column} = $2 LIMIT 1`,
      [id, value],
    );
    return rows[0] ? feedbackOf(rows[0]) : null;
  },

  /** A member's feedback newest first, or a merchant's queue oldest first (optionally of one status). */
  page: async (
    owner: { memberId: string } | { merchantCode: string; status?: FeedbackStatus },
    pageNo: number,
  ): Promise<{ rows: FeedbackRow[]; totalPages: number }> => {
    const [where, values, order] =
      'memberId' in owner
        ? ['member_id = $1', [owner.memberId], 'created_at DESC, seq DESC']
        : [
            'merchant_code = $1 AND ($2::text IS NULL OR status = $2)',
            [owner.merchantCode, owner.status || null],
            'updated_at, seq',
          ];
    const paging = values.length + 1;
    const [page, total] = await Promise.all([
      pool.query(
        `SELECT ${FEEDBACK_COLUMNS} FROM contact_feedback WHERE ${where}
          ORDER BY ${order} LIMIT $${paging} OFFSET $${paging + 1}`,
        [...values, FEEDBACK_PAGE_SIZE, (pageNo - 1) * FEEDBACK_PAGE_SIZE],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_feedback WHERE ${where}`, values),
    ]);
    return {
      rows: page.rows.map(feedbackOf),
      totalPages: Math.max(1, Math.ceil((total.rows[0]?.n ?? 0) / FEEDBACK_PAGE_SIZE)),
    };
  },

  replies: async (feedbackIds: readonly string[]): Promise<Map<string, FeedbackReplyRow[]>> => {
    const map = new Map<string, FeedbackReplyRow[]>();
    if (feedbackIds.length === 0) return map;
    const { rows } = await pool.query(
      `SELECT ${REPLY_COLUMNS} FROM contact_feedback_replies WHERE feedback_id = ANY($1::uuid[]) ORDER BY id`,
      [[...feedbackIds]],
    );
    for (const row of rows.map(replyOf)) map.set(row.feedbackId, [...(map.get(row.feedbackId) ?? []), row]);
    return map;
  },

  imageIds: (feedbackIds: readonly string[]) => images.idsByOwner(pool, feedbackIds),
  image: (feedbackId: string, imageId: string) => images.find(pool, feedbackId, imageId),

  /**
   * Moves a feedback from one of `from` to `to` (and stores the reply, if any), in the caller's transaction;
   * null when it is not in one of `from` any more (a racing close).
   */
  transition: async (
    tx: Queryable,
    id: string,
    from: readonly FeedbackStatus[],
    to: FeedbackStatus,
    reply?: { operatorId: string; operatorUsername: string; body: string },
  ): Promise<{ row: FeedbackRow; replyId: string | null } | null> => {
    const { rows } = await tx.query(
      `UPDATE contact_feedback SET status = $3, updated_at = now() WHERE id = $1 AND status = ANY($2::text[])
       RETURNING ${FEEDBACK_COLUMNS}`,
      [id, [...from], to],
    );
    if (!rows[0]) return null;
    const row = feedbackOf(rows[0]);
    if (!reply) return { row, replyId: null };
    const stored = await tx.query<{ id: bigint | string }>(
      `INSERT INTO contact_feedback_replies (feedback_id, operator_id, operator_username, body)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [id, reply.operatorId, reply.operatorUsername, reply.body],
    );
    const replyId = stored.rows[0]?.id;
    return { row, replyId: replyId === undefined ? null : String(replyId) };
  },
});

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
