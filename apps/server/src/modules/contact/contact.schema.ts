import type { FeedbackStatus, FeedbackType } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { proofImagesTable } from '../../platform/images/proof-images';
import { members } from '../members';

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
