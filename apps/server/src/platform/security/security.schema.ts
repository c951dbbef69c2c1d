import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key pairs for sealed ("(enc)") payloads, shared by every instance; rotated by publishing a newer one. */
export const payloadKeys = pgTable('payload_keys', {
  kid: text('kid').primaryKey(),
  /** PKCS#8 DER, base64. Production deployments wrap it with their KMS; see decision 0009. */
  privateKey: text('private_key').notNull(),
  /** Uncompressed P-256 point, base64url. */
  publicKey: text('public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Published until this time; accepted for opening until a grace period after it. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Nonces of sealed payloads already opened, kept until their timestamp window has passed. */
export const usedNonces = pgTable(
  'used_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_nonces_expiry_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every instance (credential and code rate limits). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowStart)],
);

/** Named random secrets generated on first use and shared by every instance (bot-check signing, …). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
