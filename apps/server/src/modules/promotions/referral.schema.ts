import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.schema';

/**
 * A merchant's referral programme (decision 0044): whether it is on, the reward per qualifying friend and the
 * friend's qualifying credited deposit total, in minor units of `currency` (the merchant's when set), and an
 * optional cap of rewarded friends per member. No row: the programme is off.
 */
export const referralSettings = pgTable(
  'referral_settings',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchants.code),
    enabled: boolean('enabled').notNull(),
    currency: text('currency').notNull(),
    rewardPerFriend: bigint('reward_per_friend', { mode: 'bigint' }).notNull(),
    qualifyingDeposits: bigint('qualifying_deposits', { mode: 'bigint' }).notNull(),
    maxRewardedFriends: integer('max_rewarded_friends'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The contract refuses these first; the table keeps them true for any other writer.
    check('referral_settings_amounts', sql`${table.rewardPerFriend} > 0 AND ${table.qualifyingDeposits} > 0`),
    check('referral_settings_cap', sql`${table.maxRewardedFriends} IS NULL OR ${table.maxRewardedFriends} > 0`),
  ],
);
