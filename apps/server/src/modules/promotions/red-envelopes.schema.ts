import type { LanguageCode, RedEnvelopeText } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * Red envelopes created by operators (decision 0098). `claimed` counts the shares taken: claims take the next
 * share under this row's lock, so shares go out in split order and never more than `shares`. `server_seed` stays
 * secret until `ends_at`; `seed_hash` (SHA-256 of it) is published from creation.
 */
export const redEnvelopes = pgTable(
  'red_envelopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    texts: jsonb('texts').$type<Partial<Record<LanguageCode, RedEnvelopeText>>>().notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull(),
    claimed: integer('claimed').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull(),
    minVipLevel: integer('min_vip_level').notNull(),
    newMembersOnly: boolean('new_members_only').notNull(),
    /** ISO 3166 alpha-2 codes of the members' regions that may claim (decision 0142); empty: any region. */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    wageringMultiple: integer('wagering_multiple').notNull(),
    bonusExpiryDays: integer('bonus_expiry_days').notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('red_envelopes_merchant_idx').on(table.merchantCode, table.endsAt),
    check('red_envelopes_window', sql`${table.endsAt} > ${table.startsAt}`),
    check('red_envelopes_split', sql`${table.shares} >= 1 AND ${table.totalAmount} >= ${table.shares}`),
    check('red_envelopes_claimed', sql`${table.claimed} >= 0 AND ${table.claimed} <= ${table.shares}`),
  ],
);

/**
 * An envelope's shares in split order (`position` from 1), written at creation; a claim writes the member and the
 * bonus that paid it. One share per member and envelope (unique), whatever the concurrency.
 */
export const redEnvelopeShares = pgTable(
  'red_envelope_shares',
  {
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => redEnvelopes.id),
    position: integer('position').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    memberId: uuid('member_id').references(() => members.id),
    bonusId: uuid('bonus_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.envelopeId, table.position] }),
    uniqueIndex('red_envelope_shares_member').on(table.envelopeId, table.memberId),
    index('red_envelope_shares_member_idx').on(table.memberId),
    check('red_envelope_shares_amount', sql`${table.amount} >= 1`),
    check(
      'red_envelope_shares_claim',
      sql`(${table.memberId} IS NULL) = (${table.claimedAt} IS NULL) AND (${table.bonusId} IS NULL OR ${table.memberId} IS NOT NULL)`,
    ),
  ],
);
