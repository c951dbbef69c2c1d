import { CHAT_LIMITS, type ChatStatus } from '@tessera/contracts';
import type pg from 'pg';
import { isConstraintViolation } from '../../platform/db/pg-errors';
import type { Queryable } from '../../platform/db/queryable';
import { inTransaction } from '../../platform/db/transaction';
import type { ImageMediaType } from '../../platform/images/image-recode';
import type { contactChatMessages, contactConversations } from './contact.schema';

export type ConversationRow = typeof contactConversations.$inferSelect;
/** A message's picture as the thread shows it (decision 0124). */
export interface ChatAttachmentMeta {
  id: string;
  contentType: ImageMediaType;
  width: number;
  height: number;
}
export type ChatMessageRow = typeof contactChatMessages.$inferSelect & { attachment: ChatAttachmentMeta | null };
/** A picture ready to store with its message: re-encoded, with the SHA-256 (hex) of its bytes. */
export interface NewChatAttachment {
  contentType: ImageMediaType;
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

const CONVERSATION_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId",
  visitor_key_hash AS "visitorKeyHash", username, status,
  operator_id AS "operatorId", operator_username AS "operatorUsername", last_seq AS "lastSeq",
  member_read_seq AS "memberReadSeq", desk_read_seq AS "deskReadSeq", created_at AS "createdAt",
  updated_at AS "updatedAt"`;
const MESSAGE_COLUMNS = `conversation_id AS "conversationId", seq, author, operator_id AS "operatorId", body,
  client_message_id AS "clientMessageId", attachment_id AS "attachmentId", created_at AS "createdAt",
  (SELECT json_build_object('id', a.id, 'contentType', a.content_type, 'width', a.width, 'height', a.height)
     FROM contact_chat_attachments a WHERE a.id = attachment_id) AS attachment`;
/** A sender's retry of a message already stored (decision 0111): the append stored nothing. */
const DUPLICATE = Symbol('duplicate client message id');

/** Who a conversation belongs to: a member, a visitor's key (by its hash), or (the desk) a merchant. */
type Owner = { memberId: string } | { visitorKeyHash: string } | { merchantCode: string };
/** The side that opens conversations: a member or a visitor. */
type Opener = { memberId: string } | { visitorKeyHash: string };
/** The column that names a conversation's owner, and its value. */
const ownedBy = (owner: Owner) => {
  if ('memberId' in owner) return { column: 'member_id', value: owner.memberId };
  if ('visitorKeyHash' in owner) return { column: 'visitor_key_hash', value: owner.visitorKeyHash };
  return { column: 'merchant_code', value: owner.merchantCode };
};
const openIndexOf = (opener: Opener) =>
  'memberId' in opener ? 'contact_conversations_open_idx' : 'contact_conversations_visitor_open_idx';

/** The SQL of live-chat conversations and their numbered messages. */
export const createChatRepository = (pool: pg.Pool) => {
  const openOf = async (opener: Opener): Promise<ConversationRow | null> => {
    const { column, value } = ownedBy(opener);
    const { rows } = await pool.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM contact_conversations WHERE ${column} = $1 AND status <> 'resolved' LIMIT 1`,
      [value],
    );
    return rows[0] ?? null;
  };

  return {
    openOf,

    /** The opener's open conversation, opened now when it has none (a racing open finds the other's). */
    openOrCreate: async (row: { merchantCode: string; opener: Opener; username: string }) => {
      const existing = await openOf(row.opener);
      if (existing) return existing;
      try {
        const { rows } = await pool.query<ConversationRow>(
          `INSERT INTO contact_conversations (merchant_code, member_id, visitor_key_hash, username)
           VALUES ($1, $2, $3, $4) RETURNING ${CONVERSATION_COLUMNS}`,
          [
            row.merchantCode,
            'memberId' in row.opener ? row.opener.memberId : null,
            'visitorKeyHash' in row.opener ? row.opener.visitorKeyHash : null,
            row.username,
          ],
        );
        const created = rows[0];
        if (created) return created;
      } catch (error) {
        if (!isConstraintViolation(error, openIndexOf(row.opener))) throw error;
      }
      const raced = await openOf(row.opener);
      if (!raced) throw new Error('conversation not opened');
      return raced;
    },

    /** Visitors' conversations waiting in a merchant's queue (the cap on how many visitors may wait). */
    waitingVisitors: async (merchantCode: string): Promise<number> => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM contact_conversations
          WHERE merchant_code = $1 AND status = 'waiting' AND member_id IS NULL`,
        [merchantCode],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Gives a visitor's open conversation to a member (decision 0104): the member's id and name are set and the key's
     * hash cleared, so the key opens it no more. When the member already has an open conversation (the unique index
     * refuses a second), the visitor's is given to the member resolved, as history. Null: the key has none open.
     */
    adopt: async (
      visitorKeyHash: string,
      merchantCode: string,
      member: { memberId: string; username: string },
    ): Promise<ConversationRow | null> => {
      const adoptOnce = () =>
        pool.query<ConversationRow>(
          `UPDATE contact_conversations
              SET member_id = $3, username = $4, visitor_key_hash = NULL, updated_at = now(),
                  status = CASE WHEN EXISTS (SELECT 1 FROM contact_conversations o
                                              WHERE o.member_id = $3 AND o.status <> 'resolved')
                                THEN 'resolved' ELSE status END
            WHERE visitor_key_hash = $1 AND merchant_code = $2 AND status <> 'resolved'
            RETURNING ${CONVERSATION_COLUMNS}`,
          [visitorKeyHash, merchantCode, member.memberId, member.username],
        );
      try {
        return (await adoptOnce()).rows[0] ?? null;
      } catch (error) {
        // The member opened one of its own between the check and the write: now the check sees it.
        if (!isConstraintViolation(error, 'contact_conversations_open_idx')) throw error;
        return (await adoptOnce()).rows[0] ?? null;
      }
    },

    find: async (owner: Owner, id: string): Promise<ConversationRow | null> => {
      const { column, value } = ownedBy(owner);
      const { rows } = await pool.query<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM contact_conversations WHERE id = $1 AND ${column} = $2 LIMIT 1`,
        [id, value],
      );
      return rows[0] ?? null;
    },

    /** The desk's list: waiting first, then by the longest since the last change. */
    list: async (merchantCode: string, status: ChatStatus | undefined): Promise<ConversationRow[]> =>
      (
        await pool.query<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM contact_conversations
            WHERE merchant_code = $1 AND ($2::text IS NULL OR status = $2)
            ORDER BY status = 'resolved', updated_at LIMIT 100`,
          [merchantCode, status || null],
        )
      ).rows,

    /**
     * The desk's response times of conversations: when the member first wrote, when the desk first answered, and
     * since when the member's messages after the desk's last one have waited (by the messages' key).
     */
    timings: async (
      conversationIds: readonly string[],
    ): Promise<Map<string, { firstMemberAt: Date | null; firstReplyAt: Date | null; waitingSince: Date | null }>> => {
      if (conversationIds.length === 0) return new Map();
      const { rows } = await pool.query<{
        id: string;
        firstMemberAt: Date | null;
        firstReplyAt: Date | null;
        waitingSince: Date | null;
      }>(
        `SELECT c.id,
                (SELECT min(m.created_at) FROM contact_chat_messages m
                  WHERE m.conversation_id = c.id AND m.author = 'member') AS "firstMemberAt",
                (SELECT min(m.created_at) FROM contact_chat_messages m
                  WHERE m.conversation_id = c.id AND m.author = 'operator') AS "firstReplyAt",
                (SELECT min(m.created_at) FROM contact_chat_messages m
                  WHERE m.conversation_id = c.id AND m.author = 'member'
                    AND m.seq > coalesce((SELECT max(o.seq) FROM contact_chat_messages o
                                           WHERE o.conversation_id = c.id AND o.author = 'operator'), 0))
                  AS "waitingSince"
           FROM unnest($1::uuid[]) AS c(id)`,
        [[...conversationIds]],
      );
      return new Map(rows.map(({ id, ...timing }) => [id, timing]));
    },

    messagesAfter: async (conversationId: string, afterSeq: number): Promise<ChatMessageRow[]> =>
      (
        await pool.query<ChatMessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM contact_chat_messages WHERE conversation_id = $1 AND seq > $2
            ORDER BY seq LIMIT $3`,
          [conversationId, afterSeq, CHAT_LIMITS.pageSize],
        )
      ).rows,

    /** Messages by `author` after `afterSeq`: what the other side has not read. */
    countAfter: async (conversationId: string, afterSeq: number, author: 'member' | 'operator'): Promise<number> => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM contact_chat_messages WHERE conversation_id = $1 AND seq > $2 AND author = $3`,
        [conversationId, afterSeq, author],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * The message stored under a sender's client id (decision 0111) in a conversation of `owner` (in `conversationId`
     * when given), with its conversation; null when none.
     */
    byClientId: async (
      owner: Owner,
      clientMessageId: string,
      conversationId: string | null,
    ): Promise<{ conversation: ConversationRow; message: ChatMessageRow } | null> => {
      const { column, value } = ownedBy(owner);
      const { rows } = await pool.query<ChatMessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM contact_chat_messages m
          WHERE client_message_id = $1 AND ($3::uuid IS NULL OR conversation_id = $3)
            AND EXISTS (SELECT 1 FROM contact_conversations c WHERE c.id = m.conversation_id AND c.${column} = $2)
          LIMIT 1`,
        [clientMessageId, value, conversationId],
      );
      const message = rows[0];
      if (!message) return null;
      const conversation = await pool.query<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM contact_conversations WHERE id = $1`,
        [message.conversationId],
      );
      const row = conversation.rows[0];
      return row ? { conversation: row, message } : null;
    },

    /**
     * Appends a message with the conversation's next number, in one transaction: the conversation's row is updated
     * first (its lock orders concurrent senders), so numbers never repeat or skip. `allowed` narrows which
     * conversations take it (not resolved; for an operator, held by them or waiting). Null: not allowed now.
     * 'duplicate': the conversation already holds a message with this client id (a retry that raced its first
     * attempt into the unique index); nothing is stored and the number is not taken.
     */
    append: (
      conversationId: string,
      message: {
        author: 'member' | 'operator';
        body: string;
        clientMessageId?: string | undefined;
        operatorId?: string;
        operatorUsername?: string;
        attachment?: NewChatAttachment | undefined;
      },
    ): Promise<{ conversation: ConversationRow; message: ChatMessageRow } | null | 'duplicate'> =>
      inTransaction(pool, async (client) => {
        // Every right-hand side reads the row before the update: last_seq + 1 is the new message's number.
        const { rows } =
          message.author === 'operator'
            ? await client.query<ConversationRow>(
                `UPDATE contact_conversations
                    SET last_seq = last_seq + 1, updated_at = now(), status = 'active',
                        operator_id = COALESCE($2, operator_id), operator_username = COALESCE($3, operator_username),
                        desk_read_seq = last_seq + 1
                  WHERE id = $1 AND status <> 'resolved' AND (operator_id IS NULL OR operator_id = $2)
                  RETURNING ${CONVERSATION_COLUMNS}`,
                [conversationId, message.operatorId ?? null, message.operatorUsername ?? null],
              )
            : await client.query<ConversationRow>(
                `UPDATE contact_conversations
                    SET last_seq = last_seq + 1, updated_at = now(), member_read_seq = last_seq + 1
                  WHERE id = $1 AND status <> 'resolved'
                  RETURNING ${CONVERSATION_COLUMNS}`,
                [conversationId],
              );
        const conversation = rows[0];
        if (!conversation) return null;
        // A retry racing its first attempt waited on the conversation's row lock above, so the first is committed
        // and conflicts here: the retry stores nothing, and the rollback gives its number back.
        // The picture first, in the same transaction: a duplicate below rolls it back with the message.
        const picture = message.attachment;
        const attachmentId = picture
          ? (
              await client.query<{ id: string }>(
                `INSERT INTO contact_chat_attachments (conversation_id, content_type, width, height, sha256, bytes)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
                [conversationId, picture.contentType, picture.width, picture.height, picture.sha256, picture.bytes],
              )
            ).rows[0]?.id
          : null;
        const inserted = await client.query<ChatMessageRow>(
          `INSERT INTO contact_chat_messages (conversation_id, seq, author, operator_id, body, client_message_id,
                                              attachment_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (client_message_id, conversation_id) WHERE client_message_id IS NOT NULL DO NOTHING
           RETURNING ${MESSAGE_COLUMNS}`,
          [
            conversationId,
            conversation.lastSeq,
            message.author,
            message.operatorId ?? null,
            message.body,
            message.clientMessageId ?? null,
            attachmentId ?? null,
          ],
        );
        const stored = inserted.rows[0];
        if (!stored) throw DUPLICATE;
        return { conversation, message: stored };
      }).catch((error: unknown) => {
        if (error === DUPLICATE) return 'duplicate' as const;
        throw error;
      }),

    /** The SHA-256 (hex) of a message's picture; null for a text message (what a retry is compared by). */
    attachmentHash: async (attachmentId: string): Promise<string | null> => {
      const { rows } = await pool.query<{ sha256: string }>(
        'SELECT sha256 FROM contact_chat_attachments WHERE id = $1',
        [attachmentId],
      );
      return rows[0]?.sha256 ?? null;
    },

    /**
     * A picture's bytes, when its conversation belongs to `owner` (and is `conversationId`, when given); another's
     * answers null, as one that does not exist.
     */
    attachment: async (
      owner: Owner,
      attachmentId: string,
      conversationId: string | null,
    ): Promise<{ id: string; contentType: ImageMediaType; bytes: Buffer } | null> => {
      const { column, value } = ownedBy(owner);
      const { rows } = await pool.query<{ id: string; contentType: ImageMediaType; bytes: Buffer }>(
        `SELECT a.id, a.content_type AS "contentType", a.bytes
           FROM contact_chat_attachments a JOIN contact_conversations c ON c.id = a.conversation_id
          WHERE a.id = $1 AND c.${column} = $2 AND ($3::uuid IS NULL OR c.id = $3)`,
        [attachmentId, value, conversationId],
      );
      return rows[0] ?? null;
    },

    /** Moves a conversation's read mark forward (never back, never past its last message). */
    markRead: async (owner: Owner, id: string, side: 'member' | 'desk', seq: number) => {
      const mark = side === 'member' ? 'member_read_seq' : 'desk_read_seq';
      const { column, value } = ownedBy(owner);
      const { rows } = await pool.query<ConversationRow>(
        `UPDATE contact_conversations SET ${mark} = GREATEST(${mark}, LEAST($3, last_seq))
          WHERE id = $1 AND ${column} = $2 RETURNING ${CONVERSATION_COLUMNS}`,
        [id, value, seq],
      );
      return rows[0] ?? null;
    },

    /** Claims (operator set, active) or resolves a conversation that is not resolved; null when it is. */
    update: async (
      tx: Queryable,
      merchantCode: string,
      id: string,
      change: { claimBy: { operatorId: string; username: string } } | { resolve: true },
    ): Promise<ConversationRow | null> => {
      const where = `WHERE id = $1 AND merchant_code = $2 AND status <> 'resolved' RETURNING ${CONVERSATION_COLUMNS}`;
      const { rows } =
        'resolve' in change
          ? await tx.query<ConversationRow>(
              `UPDATE contact_conversations SET status = 'resolved', updated_at = now() ${where}`,
              [id, merchantCode],
            )
          : await tx.query<ConversationRow>(
              `UPDATE contact_conversations
                  SET status = 'active', operator_id = $3, operator_username = $4, updated_at = now() ${where}`,
              [id, merchantCode, change.claimBy.operatorId, change.claimBy.username],
            );
      return rows[0] ?? null;
    },
  };
};

export type ChatRepository = ReturnType<typeof createChatRepository>;
