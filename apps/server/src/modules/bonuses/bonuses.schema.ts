import type { BonusSource, BonusStatus, BonusWithdrawalPolicy } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * The bonus wallet (decision 0081). Each row is one bonus: its money sits in the member's `bonus` ledger wallet
 * from the grant (`grant_transaction_id`) until it is released to the main wallet, forfeited or expired
 * (`finish_transaction_id`). The checks keep what the ledger relies on true whoever writes: a released bonus had
 * its whole requirement wagered, wagering never exceeds the requirement, and a finished bonus has its posting.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** What granted it, unique per merchant: `promotion:<entry>` or `manual:<request>`. */
    sourceKey: text('source_key').notNull(),
    source: text('source').$type<BonusSource>().notNull(),
    /** The promotion's id (promotions module) when it came from one; no foreign key: bonuses do not read it. */
    promotionId: uuid('promotion_id'),
    /**
     * The operator's reason of a manual grant, or the promotion's title in the merchant's language at grant time;
     * a member's list answers a promotion's bonus with its title in the reader's language (`provideTitles`).
     */
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    requirement: bigint('requirement', { mode: 'bigint' }).notNull(),
    wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Game categories whose valid bets count; empty: every category. */
    categories: text('categories').array().notNull(),
    status: text('status').$type<BonusStatus>().notNull().default('active'),
    /** The operator who granted it by hand. */
    grantedBy: uuid('granted_by'),
    grantTransactionId: bigint('grant_transaction_id', { mode: 'bigint' }).notNull(),
    finishTransactionId: bigint('finish_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bonuses_source_key').on(table.merchantCode, table.sourceKey),
    index('bonuses_member_idx').on(table.memberId, table.createdAt),
    index('bonuses_active_idx')
      .on(table.memberId, table.currency, table.createdAt)
      .where(sql`${table.status} = 'active'`),
    index('bonuses_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'active'`),
    index('bonuses_promotion_idx').on(table.promotionId),
    check('bonuses_amount_positive', sql`${table.amount} > 0`),
    check('bonuses_wagered_range', sql`${table.wagered} >= 0 AND ${table.wagered} <= ${table.requirement}`),
    check('bonuses_released_wagered', sql`${table.status} <> 'released' OR ${table.wagered} = ${table.requirement}`),
    check(
      'bonuses_finished',
      sql`(${table.status} = 'active') = (${table.finishedAt} IS NULL AND ${table.finishTransactionId} IS NULL)`,
    ),
  ],
);

/** Per merchant: what a withdrawal does while a bonus is open. No row: refused. */
export const bonusSettings = pgTable('bonus_settings', {
  merchantCode: text('merchant_code').primaryKey(),
  withdrawalPolicy: text('withdrawal_policy').$type<BonusWithdrawalPolicy>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
