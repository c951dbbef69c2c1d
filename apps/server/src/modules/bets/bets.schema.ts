import type { GameCategory } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type BetRoundStatus = 'open' | 'settled' | 'cancelled';

/**
 * The betting record: one row per game round of a member, whatever ran it (an outside provider through the
 * seamless wallet, or an in-house game). Amounts are minor units of `currency`; money itself moves only in the
 * ledger, this is the member-facing account of it.
 */
export const betRounds = pgTable(
  'bet_rounds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    /** 'seamless' or 'inhouse'. */
    source: text('source').notNull(),
    /** The provider (seamless) or the in-house game family. */
    provider: text('provider').notNull(),
    /** The round's id at its source; unique per source and provider. */
    roundRef: text('round_ref').notNull(),
    gameId: integer('game_id').notNull(),
    gameType: text('game_type').$type<GameCategory>().notNull(),
    vendorCode: text('vendor_code').notNull(),
    currency: text('currency').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    /** The bet that counts for turnover: the bet of a settled round, 0 while open or once cancelled. */
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull().default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').$type<BetRoundStatus>().notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The manual-rebate collection that took this round's valid bet (promotions module, decision 0042); null while
     * not yet rebated. Set once, by the collection's conditional UPDATE, so a round is rebated at most once.
     */
    rebateClaimId: uuid('rebate_claim_id'),
  },
  (table) => [
    uniqueIndex('bet_rounds_source_key').on(table.source, table.provider, table.roundRef),
    index('bet_rounds_member_idx').on(table.memberId, table.placedAt),
    index('bet_rounds_wins_idx')
      .on(table.merchantCode, table.settledAt)
      .where(sql`${table.status} = 'settled' AND ${table.payout} > 0`),
    // What a member could still collect a rebate on: small, as collected rounds leave it.
    index('bet_rounds_rebate_pending_idx')
      .on(table.memberId, table.gameType)
      .where(sql`${table.status} = 'settled' AND ${table.rebateClaimId} IS NULL AND ${table.validBet} > 0`),
  ],
);
