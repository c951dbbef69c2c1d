import type { ChatStatus, FeedbackStatus, FeedbackType, LanguageCode } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../platform/db/columns';
import type { ImageMediaType } from '../../platform/images/image-recode';
import { proofImagesTable } from '../../platform/images/proof-images';
import { members } from '../members/members.schema';

/** A member's feedback or complaint (spec sections 3, 5): one question type, its text, up to 3 images. */
export const contactFeedback = pgTable(
  'contact_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Numbers the reference the member quotes (FB000123). */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The member's username when it wrote (usernames do not change); shown on the desk's queue. */
    username: text('username').notNull(),
    type: text('type').$type<FeedbackType>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<FeedbackStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('contact_feedback_member_idx').on(table.memberId, table.createdAt),
    index('contact_feedback_queue_idx').on(table.merchantCode, table.status, table.createdAt),
  ],
);

export const contactFeedbackImages = proofImagesTable('contact_feedback_images', {
  column: 'feedback_id',
  references: () => contactFeedback.id,
  indexName: 'contact_feedback_images_feedback_idx',
});

/** The desk's answers to a feedback, in order. */
export const contactFeedbackReplies = pgTable(
  'contact_feedback_replies',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => contactFeedback.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id'),
    operatorUsername: text('operator_username').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('contact_feedback_replies_feedback_idx').on(table.feedbackId, table.id)],
);

/**
 * A live-chat conversation between a member, or a visitor without an account, and the desk. `lastSeq` numbers its
 * messages without gaps; each side's read mark is the last number it has read, so an unread count is one subtraction.
 * A visitor's conversation is owned by the SHA-256 of its browser key (decision 0104) until the visitor signs in and
 * the member adopts it: then `memberId` is set and the key's hash cleared, so the key no longer opens it.
 */
export const contactConversations = pgTable(
  'contact_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of a visitor's browser key; null for a member's conversation (and once adopted). */
    visitorKeyHash: text('visitor_key_hash'),
    /** The member's username, or `visitor-xxxxxx` for a visitor until adopted. */
    username: text('username').notNull(),
    status: text('status').$type<ChatStatus>().notNull().default('waiting'),
    operatorId: uuid('operator_id'),
    operatorUsername: text('operator_username'),
    lastSeq: integer('last_seq').notNull().default(0),
    memberReadSeq: integer('member_read_seq').notNull().default(0),
    deskReadSeq: integer('desk_read_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    // One open conversation per member at a time: a second open races into this index.
    uniqueIndex('contact_conversations_open_idx').on(table.memberId).where(sql`${table.status} <> 'resolved'`),
    // One open conversation per visitor key at a time, likewise.
    uniqueIndex('contact_conversations_visitor_open_idx')
      .on(table.visitorKeyHash)
      .where(sql`${table.status} <> 'resolved'`),
    check('contact_conversations_owner', sql`${table.memberId} IS NOT NULL OR ${table.visitorKeyHash} IS NOT NULL`),
    index('contact_conversations_desk_idx').on(table.merchantCode, table.status, table.updatedAt),
  ],
);

/**
 * The pictures of chat messages (decision 0124): re-encoded bytes in PostgreSQL, as proof images are, one a message.
 * Each belongs to its conversation, which decides who may read it; `sha256` (hex, of the stored bytes) is what a
 * retry under the same client id is compared by.
 */
export const contactChatAttachments = pgTable(
  'contact_chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => contactConversations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<ImageMediaType>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('contact_chat_attachments_conversation_idx').on(table.conversationId)],
);

/** The messages of a conversation, numbered 1, 2, 3... per conversation. */
export const contactChatMessages = pgTable(
  'contact_chat_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => contactConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    author: text('author').$type<'member' | 'operator'>().notNull(),
    operatorId: uuid('operator_id'),
    body: text('body').notNull(),
    /** The sender's own id of the message (decision 0111): a retry with it finds this row instead of adding one. */
    clientMessageId: uuid('client_message_id'),
    /** The message's picture (decision 0124); null for a text message. */
    attachmentId: uuid('attachment_id').references(() => contactChatAttachments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.seq] }),
    // One message per client id in a conversation: concurrent retries race into this index, one row stays. The id
    // leads, so a member's retry finds its message by the id alone, whichever of its conversations holds it.
    uniqueIndex('contact_chat_messages_client_idx')
      .on(table.clientMessageId, table.conversationId)
      .where(sql`${table.clientMessageId} IS NOT NULL`),
  ],
);

/** A merchant's canned replies: prepared answers the console inserts by `/shortcut` (issue 30, decision 0111). */
export const contactCannedReplies = pgTable(
  'contact_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    /** Lower case; what the operator types after "/". */
    shortcut: text('shortcut').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The language it is written in; null: any. */
    language: text('language').$type<LanguageCode>(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('contact_canned_replies_shortcut_idx').on(table.merchantCode, table.shortcut)],
);
