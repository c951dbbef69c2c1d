import type { ContentData, ContentKind } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../platform/db/columns';

/**
 * Every piece of site content an operator edits (decision 0014): banners, ticker notices, popups, promotion
 * notices, help sections and the footer text, one row per item and language. `data` holds the kind's fields,
 * validated by the contracts' schema on the way in.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<ContentKind>().notNull(),
    language: text('language').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    data: jsonb('data').$type<ContentData['data']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('content_items_lookup_idx').on(table.merchantCode, table.language, table.kind, table.sortOrder)],
);

/** Uploaded (and re-encoded) images, served from /wps/content/images/:id. */
export const contentImages = pgTable(
  'content_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    mediaType: text('media_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('content_images_merchant_idx').on(table.merchantCode)],
);

/**
 * How far an agent has read the agent centre's announcements (decision 0113): every agent notice that appeared
 * at or before `readThrough` is read. Opening the announcement page moves it to now; the menu's unread badge counts
 * the notices on now that appeared after it.
 */
export const contentNoticeReads = pgTable(
  'content_notice_reads',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    readThrough: timestamp('read_through', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.memberId] })],
);
