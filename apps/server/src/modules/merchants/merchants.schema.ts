import type { MerchantSettings } from '@tessera/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Optimistic concurrency for operator edits. */
  version: integer('version').notNull().default(1),
  settings: jsonb('settings').$type<MerchantSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names a merchant's site answers on; one merchant per domain. */
export const merchantDomains = pgTable(
  'merchant_domains',
  {
    domain: text('domain').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
  },
  (table) => [index('merchant_domains_merchant_idx').on(table.merchantCode)],
);
