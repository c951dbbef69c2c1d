import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One-time codes sent by SMS or e-mail. Only an HMAC of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    /** login, reset, register, verify_ip, … */
    purpose: text('purpose').notNull(),
    /** +<dialing code><number> for SMS, the lower-cased address for e-mail. */
    recipient: text('recipient').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_codes_lookup_idx').on(table.merchantCode, table.purpose, table.recipient, table.createdAt),
  ],
);

/**
 * Every SMS and e-mail the platform sends. The default provider only writes here (operators read it in the
 * back office); a real provider delivers as well and records the outcome.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<'stored' | 'sent' | 'failed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_merchant_idx').on(table.merchantCode, table.id)],
);
