import { CHAT_LIMITS, type ChatStatus } from '@tessera/contracts';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isConstraintViolation } from '../../platform/db/pg-errors';
import { contactChatMessages, contactConversations } from './contact.schema';

export type ConversationRow = typeof contactConversations.$inferSelect;
export type ChatMessageRow = typeof contactChatMessages.$inferSelect;

type Owner = { memberId: string } | { merchantCode: string };
const ownedBy = (owner: Owner) =>
  'memberId' in owner
    ? eq(contactConversations.memberId, owner.memberId)
    : eq(contactConversations.merchantCode, owner.merchantCode);

/** The SQL of live-chat conversations and their numbered messages. */
export const createChatRepository = (db: Db) => {
  const openOf = async (memberId: string): Promise<ConversationRow | null> => {
    const rows = await db
      .select()
      .from(contactConversations)
      .where(and(eq(contactConversations.memberId, memberId), ne(contactConversations.status, 'resolved')))
      .limit(1);
    return rows[0] ?? null;
  };

  return {
    openOf,

    /** The member's open conversation, opened now when it has none (a racing open finds the other's). */
    openOrCreate: async (row: { merchantCode: string; memberId: string; username: string }) => {
      const existing = await openOf(row.memberId);
      if (existing) return existing;
      try {
        const [created] = await db.insert(contactConversations).values(row).returning();
        if (created) return created;
      } catch (error) {
        if (!isConstraintViolation(error, 'contact_conversations_open_idx')) throw error;
      }
      const raced = await openOf(row.memberId);
      if (!raced) throw new Error('conversation not opened');
      return raced;
    },

    find: async (owner: Owner, id: string): Promise<ConversationRow | null> => {
      const rows = await db
        .select()
        .from(contactConversations)
        .where(and(eq(contactConversations.id, id), ownedBy(owner)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The desk's list: waiting first, then by the longest since the last change. */
    list: (merchantCode: string, status: ChatStatus | undefined) =>
      db
        .select()
        .from(contactConversations)
        .where(
          and(
            eq(contactConversations.merchantCode, merchantCode),
            status ? eq(contactConversations.status, status) : undefined,
          ),
        )
        .orderBy(sql`${contactConversations.status} = 'resolved'`, asc(contactConversations.updatedAt))
        .limit(100),

    messagesAfter: (conversationId: string, afterSeq: number) =>
      db
        .select()
        .from(contactChatMessages)
        .where(and(eq(contactChatMessages.conversationId, conversationId), gt(contactChatMessages.seq, afterSeq)))
        .orderBy(asc(contactChatMessages.seq))
        .limit(CHAT_LIMITS.pageSize),

    /**
     * Appends a message with the conversation's next number, in one transaction: the conversation's row is updated
     * first (its lock orders concurrent senders), so numbers never repeat or skip. `allowed` narrows which
     * conversations take it (not resolved; for an operator, held by them or waiting). Null: not allowed now.
     */
    append: (
      conversationId: string,
      message: { author: 'member' | 'operator'; body: string; operatorId?: string; operatorUsername?: string },
    ): Promise<{ conversation: ConversationRow; message: ChatMessageRow } | null> =>
      db.transaction(async (tx) => {
        const isOperator = message.author === 'operator';
        const [conversation] = await tx
          .update(contactConversations)
          .set({
            lastSeq: sql`${contactConversations.lastSeq} + 1`,
            updatedAt: sql`now()`,
            ...(isOperator
              ? {
                  status: 'active' as const,
                  operatorId: message.operatorId,
                  operatorUsername: message.operatorUsername,
                  deskReadSeq: sql`${contactConversations.lastSeq} + 1`,
                }
              : {
                  memberReadSeq: sql`${contactConversations.lastSeq} + 1`,
                }),
          })
          .where(
            and(
              eq(contactConversations.id, conversationId),
              ne(contactConversations.status, 'resolved'),
              isOperator
                ? sql`(${contactConversations.operatorId} IS NULL OR ${contactConversations.operatorId} = ${message.operatorId})`
                : undefined,
            ),
          )
          .returning();
        if (!conversation) return null;
        const [stored] = await tx
          .insert(contactChatMessages)
          .values({
            conversationId,
            seq: conversation.lastSeq,
            author: message.author,
            operatorId: message.operatorId ?? null,
            body: message.body,
          })
          .returning();
        if (!stored) throw new Error('chat message not stored');
        return { conversation, message: stored };
      }),

    /** Moves a conversation's read mark forward (never back, never past its last message). */
    markRead: async (owner: Owner, id: string, side: 'member' | 'desk', seq: number) => {
      const column = side === 'member' ? contactConversations.memberReadSeq : contactConversations.deskReadSeq;
      const [row] = await db
        .update(contactConversations)
        .set(
          side === 'member'
            ? { memberReadSeq: sql`GREATEST(${column}, LEAST(${seq}, ${contactConversations.lastSeq}))` }
            : { deskReadSeq: sql`GREATEST(${column}, LEAST(${seq}, ${contactConversations.lastSeq}))` },
        )
        .where(and(eq(contactConversations.id, id), ownedBy(owner)))
        .returning();
      return row ?? null;
    },

    /** Claims (operator set, active) or resolves a conversation that is not resolved; null when it is. */
    update: async (
      tx: Db,
      merchantCode: string,
      id: string,
      change: { claimBy: { operatorId: string; username: string } } | { resolve: true },
    ) => {
      const [row] = await tx
        .update(contactConversations)
        .set(
          'resolve' in change
            ? { status: 'resolved', updatedAt: sql`now()` }
            : {
                status: 'active',
                operatorId: change.claimBy.operatorId,
                operatorUsername: change.claimBy.username,
                updatedAt: sql`now()`,
              },
        )
        .where(
          and(
            eq(contactConversations.id, id),
            eq(contactConversations.merchantCode, merchantCode),
            ne(contactConversations.status, 'resolved'),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
};

export type ChatRepository = ReturnType<typeof createChatRepository>;
