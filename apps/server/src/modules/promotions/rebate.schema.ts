import type { GameCategory } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * A merchant's manual-rebate settings (decision 0042): the least one collection may pay and, optionally, the most,
 * in minor units of the merchant's currency. No row: nothing is rebated (every rate 0) and the platform's minimum
 * applies.
 */
export const rebateSettings = pgTable(
  'rebate_settings',
  {
    merchantCode: text('merchant_code').primaryKey(),
    minimumAmount: bigint('minimum_amount', { mode: 'bigint' }).notNull(),
    maximumAmount: bigint('maximum_amount', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rebate_settings_minimum_positive', sql`${table.minimumAmount} > 0`),
    check(
      'rebate_settings_maximum_order',
      sql`${table.maximumAmount} IS NULL OR ${table.maximumAmount} >= ${table.minimumAmount}`,
    ),
  ],
);

/** The rate of each game category in parts per million of the valid bet (0 to 100 000, i.e. 0 to 10 %). */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => rebateSettings.merchantCode, { onDelete: 'cascade' }),
    gameType: text('game_type').$type<GameCategory>().notNull(),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.gameType] }),
    check('rebate_rates_range', sql`${table.ratePpm} BETWEEN 0 AND 100000`),
  ],
);

/** One category of a collection, as recorded: amounts in minor units as decimal text (jsonb has no bigint). */
export interface RebateClaimPart {
  gameType: GameCategory;
  ratePpm: number;
  validBet: string;
  rebate: string;
  roundCount: number;
}

/**
 * A member's collection: what it paid (`amount`, after the merchant's maximum), what its rounds came to
 * (`total`), their valid bets per category, and the ledger transaction that paid it. Its id marks the rounds it
 * took (`bet_rounds.rebate_claim_id`) and keys its ledger movement.
 */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: uuid('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    roundCount: integer('round_count').notNull(),
    breakdown: jsonb('breakdown').$type<RebateClaimPart[]>().notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rebate_claims_member_idx').on(table.memberId, table.createdAt),
    index('rebate_claims_merchant_idx').on(table.merchantCode, table.createdAt),
    check('rebate_claims_amount', sql`${table.amount} > 0 AND ${table.amount} <= ${table.totalAmount}`),
  ],
);
