import type { JackpotGame } from '@tessera/contracts';
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
 * A merchant's progressive pool in one currency (decision 0115): its settings and its value. The value always
 * equals what the ledger's `jackpot` house account holds for the merchant and currency: every change of it is one
 * ledger movement in the same transaction (seed funded, contribution, win paid, reseeded).
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    enabled: boolean('enabled').notNull(),
    /** Minor units the pool starts from and is reset to after a win. */
    seed: bigint('seed', { mode: 'bigint' }).notNull(),
    /** Basis points of each eligible stake added to the pool. */
    shareBp: integer('share_bp').notNull(),
    /** Parts per billion: the chance each eligible bet wins the pool. */
    probabilityPpb: integer('probability_ppb').notNull(),
    eligibleGames: jsonb('eligible_games').$type<JackpotGame[]>().notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    /** Bumped at every change of the value: the live push reads pools changed since its last pass. */
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.currency] }),
    index('jackpot_pools_updated_idx').on(table.updatedAt),
    check('jackpot_pools_seed_not_negative', sql`${table.seed} >= 0`),
    check('jackpot_pools_value_not_negative', sql`${table.value} >= 0`),
    check('jackpot_pools_share_range', sql`${table.shareBp} BETWEEN 0 AND 1000`),
    check('jackpot_pools_probability_range', sql`${table.probabilityPpb} BETWEEN 0 AND 1000000000`),
  ],
);

/** One eligible in-house round's contribution, once per round (the primary key is the round). */
export const jackpotContributions = pgTable(
  'jackpot_contributions',
  {
    /** The in-house round (inhouse_rounds.id, the betting record's round_ref). */
    roundId: uuid('round_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jackpot_contributions_merchant_idx').on(table.merchantCode, table.currency),
    check('jackpot_contributions_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

/** A win: the member, the round, the amount paid and what proves the draw. One per round. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    roundId: uuid('round_id').notNull(),
    game: text('game').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    seedPairId: uuid('seed_pair_id').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    probabilityPpb: integer('probability_ppb').notNull(),
    draw: text('draw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_wins_round_key').on(table.roundId),
    index('jackpot_wins_merchant_idx').on(table.merchantCode, table.createdAt),
    index('jackpot_wins_member_idx').on(table.memberId, table.createdAt),
    check('jackpot_wins_amount_positive', sql`${table.amount} > 0`),
  ],
);
