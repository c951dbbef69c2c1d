import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * A merchant's OpenID Connect provider (decision 0165). The client secret is sealed with the module's secret box
 * (AES-256-GCM under a server secret, bound to the provider's id); it never leaves the server.
 */
export const socialSignInProviders = pgTable(
  'social_sign_in_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    /**
     * 'oidc', or 'telegram' (decision 0173): the merchant's one Telegram login, whose issuer is Telegram's login
     * origin, client id the bot's username, sealed secret the bot token, and scopes empty.
     */
    kind: text('kind').$type<'oidc' | 'telegram'>().notNull().default('oidc'),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** The sealed client secret; null: a public client (no secret). */
    clientSecretSealed: text('client_secret_sealed'),
    scopes: text('scopes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('social_sign_in_providers_merchant_idx').on(table.merchantCode, table.name),
    uniqueIndex('social_sign_in_providers_telegram_idx').on(table.merchantCode).where(sql`${table.kind} = 'telegram'`),
  ],
);

/**
 * A sign-in (or link) under way: state, nonce and PKCE verifier stay here, bound to the browser that started it (the
 * hash of its cookie), single use (`usedAt`) and short-lived (`expiresAt`).
 */
export const socialSignInFlows = pgTable(
  'social_sign_in_flows',
  {
    state: text('state').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => socialSignInProviders.id, { onDelete: 'cascade' }),
    intent: text('intent').$type<'sign_in' | 'link'>().notNull(),
    /** The member linking (intent link). */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('social_sign_in_flows_expires_idx').on(table.expiresAt)],
);

/** A member's account linked to a provider's subject: (provider, issuer, subject) names one account, never an e-mail. */
export const socialSignInLinks = pgTable(
  'social_sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => socialSignInProviders.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('social_sign_in_links_subject_idx').on(table.providerId, table.issuer, table.subject),
    uniqueIndex('social_sign_in_links_member_idx').on(table.providerId, table.memberId),
    index('social_sign_in_links_member_only_idx').on(table.memberId),
  ],
);

/**
 * Telegram login data already used (decision 0173): its hash, kept until the data would be too old anyway, so the
 * same signed payload signs in once.
 */
export const socialSignInTelegramUses = pgTable(
  'social_sign_in_telegram_uses',
  {
    merchantCode: text('merchant_code').notNull(),
    hash: text('hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.hash] }),
    index('social_sign_in_telegram_uses_expires_idx').on(table.expiresAt),
  ],
);
