import type { InhouseGame } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
 * A member's seed pairs. The active one's server seed is secret (only its SHA-256 leaves the server); rotation
 * reveals it and opens the next pair at nonce 0. Every seeded bet locks the active row, which serialises a
 * member's bets and makes the nonce sequence exact.
 */
export const inhouseSeedPairs = pgTable(
  'inhouse_seed_pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next bet uses. */
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inhouse_seed_pairs_active_key').on(table.memberId).where(sql`${table.active}`),
    index('inhouse_seed_pairs_member_idx').on(table.memberId, table.createdAt),
    check('inhouse_seed_pairs_nonce_not_negative', sql`${table.nextNonce} >= 0`),
  ],
);

/**
 * One bet of an in-house game: what was staked and chosen, what the seeds drew, what was paid, and the wallet
 * balance before and after. Written in the same database transaction as the ledger movements.
 */
export const inhouseRounds = pgTable(
  'inhouse_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    game: text('game').$type<InhouseGame>().notNull(),
    /** The client's idempotency key, unique per member. */
    clientKey: text('client_key').notNull(),
    /** SHA-256 of the bet's request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'open' | 'settled' | 'refunded'>().notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    multiplierNumerator: bigint('multiplier_numerator', { mode: 'number' }).notNull().default(0),
    multiplierDenominator: bigint('multiplier_denominator', { mode: 'number' }).notNull().default(1),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Null while a mines round is open (the mines stay on the server). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    seedPairId: uuid('seed_pair_id').references(() => inhouseSeedPairs.id),
    crashRoundId: bigint('crash_round_id', { mode: 'bigint' }),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inhouse_rounds_client_key').on(table.memberId, table.clientKey),
    index('inhouse_rounds_recall_idx').on(table.memberId, table.game, table.createdAt),
    uniqueIndex('inhouse_rounds_open_mines_key')
      .on(table.memberId)
      .where(sql`${table.game} = 'mines' AND ${table.status} = 'open'`),
    uniqueIndex('inhouse_rounds_crash_bet_key')
      .on(table.crashRoundId, table.memberId)
      .where(sql`${table.crashRoundId} IS NOT NULL`),
    check('inhouse_rounds_stake_positive', sql`${table.stake} > 0`),
    check('inhouse_rounds_payout_not_negative', sql`${table.payout} >= 0`),
  ],
);

/** A merchant's stake limits and maximum payout per bet, per game, in minor units; absent rows use defaults. */
export const inhouseLimits = pgTable(
  'inhouse_limits',
  {
    merchantCode: text('merchant_code').notNull(),
    game: text('game').$type<InhouseGame>().notNull(),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    maxPayout: bigint('max_payout', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.game] }),
    check('inhouse_limits_order', sql`0 < ${table.minStake} AND ${table.minStake} <= ${table.maxStake}`),
    // The contract refuses it first (decision 0027); the table keeps it true for any other writer.
    check('inhouse_limits_payout', sql`${table.maxStake} <= ${table.maxPayout}`),
  ],
);

/**
 * Crash: a merchant's pre-generated SHA-256 chain, its terminal hash and salt published before game 1. The seed
 * that generated it is the secret; game n's hash is revealed when game n ends. A merchant plays its chains in
 * order of id; a new one is made when the last runs out.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    seed: text('seed').notNull(),
    length: integer('length').notNull(),
    terminalHash: text('terminal_hash').notNull(),
    salt: text('salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('crash_chains_merchant_idx').on(table.merchantCode, table.id),
    check('crash_chains_length_positive', sql`${table.length} > 0`),
  ],
);

/**
 * A merchant's crash rounds in play order; a round's hash and point are shown only after it crashed. At most
 * one round of a merchant is live (betting or running), whatever the number of processes driving rounds.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => crashChains.id),
    gameNumber: integer('game_number').notNull(),
    gameHash: text('game_hash').notNull(),
    /** Hundredths. */
    crashPoint: integer('crash_point').notNull(),
    status: text('status').$type<'betting' | 'running' | 'crashed' | 'void'>().notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('crash_rounds_game_key').on(table.chainId, table.gameNumber),
    index('crash_rounds_status_idx').on(table.status),
    index('crash_rounds_merchant_idx').on(table.merchantCode, table.id),
    uniqueIndex('crash_rounds_live_key').on(table.merchantCode).where(sql`${table.status} IN ('betting', 'running')`),
  ],
);
