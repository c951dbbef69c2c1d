import { FEEDBACK_PAGE_SIZE, type FeedbackStatus, type FeedbackType } from '@tessera/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { contactFeedback, contactFeedbackImages, contactFeedbackReplies } from './contact.schema';

export type FeedbackRow = typeof contactFeedback.$inferSelect;
export type FeedbackReplyRow = typeof contactFeedbackReplies.$inferSelect;

const images = createProofImagesRepository(contactFeedbackImages);

/** The SQL of feedback and its replies and images; `db` may be a transaction's. */
export const createFeedbackRepository = (db: Db) => ({
  /** The feedback and its images, in one transaction. */
  insert: (
    row: { merchantCode: string; memberId: string; username: string; type: FeedbackType; content: string },
    proofs: readonly RecodedProof[],
  ): Promise<FeedbackRow> =>
    db.transaction(async (tx) => {
      const [stored] = await tx.insert(contactFeedback).values(row).returning();
      if (!stored) throw new Error('feedback not stored');
      await images.insert(tx, stored.id, proofs);
      return stored;
    }),

  /** One feedback of a member (or of a merchant, for the desk); another's id answers null. */
  find: async (owner: { memberId: string } | { merchantCode: string }, id: string): Promise<FeedbackRow | null> => {
    const rows = await db
      .select()
      .from(contactFeedback)
      .where(
        and(
          eq(contactFeedback.id, id),
          'memberId' in owner
            ? eq(contactFeedback.memberId, owner.memberId)
            : eq(contactFeedback.merchantCode, owner.merchantCode),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  },

  /** A member's feedback newest first, or a merchant's queue oldest first (optionally of one status). */
  page: async (
    owner: { memberId: string } | { merchantCode: string; status?: FeedbackStatus },
    pageNo: number,
  ): Promise<{ rows: FeedbackRow[]; totalPages: number }> => {
    const where =
      'memberId' in owner
        ? eq(contactFeedback.memberId, owner.memberId)
        : and(
            eq(contactFeedback.merchantCode, owner.merchantCode),
            owner.status ? eq(contactFeedback.status, owner.status) : undefined,
          );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(contactFeedback)
        .where(where)
        .orderBy(
          'memberId' in owner ? desc(contactFeedback.createdAt) : asc(contactFeedback.updatedAt),
          'memberId' in owner ? desc(contactFeedback.seq) : asc(contactFeedback.seq),
        )
        .limit(FEEDBACK_PAGE_SIZE)
        .offset((pageNo - 1) * FEEDBACK_PAGE_SIZE),
      db.select({ n: count() }).from(contactFeedback).where(where),
    ]);
    return { rows, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / FEEDBACK_PAGE_SIZE)) };
  },

  replies: async (feedbackIds: readonly string[]): Promise<Map<string, FeedbackReplyRow[]>> => {
    const map = new Map<string, FeedbackReplyRow[]>();
    if (feedbackIds.length === 0) return map;
    const rows = await db
      .select()
      .from(contactFeedbackReplies)
      .where(inArray(contactFeedbackReplies.feedbackId, [...feedbackIds]))
      .orderBy(asc(contactFeedbackReplies.id));
    for (const row of rows) map.set(row.feedbackId, [...(map.get(row.feedbackId) ?? []), row]);
    return map;
  },

  imageIds: (feedbackIds: readonly string[]) => images.idsByOwner(db, feedbackIds),
  image: (feedbackId: string, imageId: string) => images.find(db, feedbackId, imageId),

  /**
   * Moves a feedback from one of `from` to `to` (and stores the reply, if any), in the caller's transaction;
   * null when it is not in one of `from` any more (a racing close).
   */
  transition: async (
    tx: Db,
    id: string,
    from: readonly FeedbackStatus[],
    to: FeedbackStatus,
    reply?: { operatorId: string; operatorUsername: string; body: string },
  ): Promise<{ row: FeedbackRow; replyId: string | null } | null> => {
    const [row] = await tx
      .update(contactFeedback)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(contactFeedback.id, id), inArray(contactFeedback.status, [...from])))
      .returning();
    if (!row) return null;
    if (!reply) return { row, replyId: null };
    const [stored] = await tx
      .insert(contactFeedbackReplies)
      .values({ feedbackId: id, ...reply })
      .returning({ id: contactFeedbackReplies.id });
    return { row, replyId: stored ? String(stored.id) : null };
  },
});

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
