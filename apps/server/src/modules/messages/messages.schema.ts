import type { MemberMessageType } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
