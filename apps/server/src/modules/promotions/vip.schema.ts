import type { LanguageCode } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * A merchant's VIP levels, ranks 1..N (decision 0040). Amounts are minor units of the merchant's currency; the
 * label and the benefit lines are per language, falling back to the merchant's default language.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantCode: text('merchant_code').notNull(),
    rankLevel: integer('rank_level').notNull(),
    names: jsonb('names').$type<Partial<Record<LanguageCode, string>>>().notNull(),
    /** Cumulative credited deposits needed. */
    depositRequirement: bigint('deposit_requirement', { mode: 'bigint' }).notNull(),
    /** Cumulative valid bets needed. */
    validBetRequirement: bigint('valid_bet_requirement', { mode: 'bigint' }).notNull(),
    /** Granted as a VIP_UPGRADE reward when a member first reaches the level; 0 grants nothing. */
    upgradeBonus: bigint('upgrade_bonus', { mode: 'bigint' }).notNull(),
    benefits: jsonb('benefits').$type<Partial<Record<LanguageCode, string[]>>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.rankLevel] }),
    check('vip_levels_rank_positive', sql`${table.rankLevel} >= 1`),
    check(
      'vip_levels_amounts_not_negative',
      sql`${table.depositRequirement} >= 0 AND ${table.validBetRequirement} >= 0 AND ${table.upgradeBonus} >= 0`,
    ),
  ],
);

/** The highest rank a member has reached: it never goes down, whatever later happens to totals or levels. */
export const memberVip = pgTable(
  'member_vip',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    rankLevel: integer('rank_level').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('member_vip_rank_not_negative', sql`${table.rankLevel} >= 0`)],
);

/**
 * Each member's running totals as the VIP subscribers count them from events (credited deposits, settled bets'
 * valid bets), per currency. They only decide whether a settled bet or a deposit is worth an evaluation: the rank
 * itself is judged on the sources' own totals, so a total counted twice (an event delivered before this table was
 * filled from the sources) or once too few costs an extra or a later evaluation, never a wrong rank.
 */
export const vipTotals = pgTable(
  'vip_totals',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    merchantCode: text('merchant_code').notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
    validBets: bigint('valid_bets', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.currency] })],
);
