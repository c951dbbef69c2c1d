import type { BroadcastAudience, BroadcastStatus, LanguageCode, MemberMessageType } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * Internal messages to a member (spec section 3 message types). The text is rendered in the browser from the
 * type's i18n key and `params`; `dedupeKey` makes sending the same notice twice (a retried job) harmless.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').$type<MemberMessageType>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('member_messages_dedupe_key').on(table.memberId, table.dedupeKey),
    index('member_messages_unread_idx').on(table.memberId).where(sql`${table.readAt} IS NULL`),
  ],
);

/**
 * An operator's message to members (decision 0121): its audience, its texts per language, when it goes. Sending
 * writes one inbox message per member of the audience at that moment (`member_messages`, type `operator_message`,
 * dedupe key `broadcast:<id>`), in the member's language, and marks it sent in the same transaction.
 */
export const messageBroadcasts = pgTable(
  'message_broadcasts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
    texts: jsonb('texts').$type<Partial<Record<LanguageCode, { title: string; body: string }>>>().notNull(),
    /** The merchant's default language when it was written: the text of a member whose language has none. */
    fallbackLanguage: text('fallback_language').$type<LanguageCode>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status').$type<BroadcastStatus>().notNull().default('scheduled'),
    recipients: integer('recipients'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('message_broadcasts_merchant_idx').on(table.merchantCode, table.createdAt),
    index('message_broadcasts_due_idx').on(table.sendAt).where(sql`${table.status} = 'scheduled'`),
    check('message_broadcasts_status', sql`${table.status} IN ('scheduled', 'sent', 'cancelled')`),
  ],
);
