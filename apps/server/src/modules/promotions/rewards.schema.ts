import type { RewardKind, RewardParams, RewardStatus } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * Money a member may claim (decision 0039). A capability grants a reward under a source key unique per merchant
 * (`vip-upgrade:<member>:<level>`), so granting twice keeps one; the claim pays it through the ledger, keyed
 * `reward:<id>`, and records the ledger transaction here.
 */
export const memberRewards = pgTable(
  'member_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<RewardKind>().notNull(),
    sourceKey: text('source_key').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<RewardStatus>().notNull().default('available'),
    /** The description's i18n params. */
    params: jsonb('params').$type<RewardParams>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('member_rewards_source_key').on(table.merchantCode, table.sourceKey),
    index('member_rewards_member_idx').on(table.memberId, table.status, table.createdAt),
    check('member_rewards_amount_positive', sql`${table.amount} > 0`),
    check('member_rewards_status', sql`${table.status} IN ('available', 'claimed')`),
    // A claimed reward names when and by which ledger transaction it was paid; an available one neither.
    check(
      'member_rewards_claim_recorded',
      sql`(${table.status} = 'claimed') = (${table.claimedAt} IS NOT NULL AND ${table.ledgerTransactionId} IS NOT NULL)`,
    ),
  ],
);
