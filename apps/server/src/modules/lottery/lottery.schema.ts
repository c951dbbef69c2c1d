import type { LotteryDrawStatus, LotteryGameKind, LotteryTicketStatus, LottoPrizeMode } from '@tessera/contracts';
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/**
 * A merchant's lottery game (decision 0084): its schedule, betting close, limits and odds are data the operator
 * edits. `odds` maps each prize mode (LOTT, ZY, ELOTT, SEA; decision 0159) to the multipliers in hundredths of
 * each bet type (`sum`: 46 of them, one per value; a 4D bet type five, one per prize tier; decision 0108).
 */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    code: text('code').notNull(),
    kind: text('kind').$type<LotteryGameKind>().notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    /** Seconds between draws; draws fall on multiples of it since the epoch (UTC). */
    intervalSeconds: integer('interval_seconds').notNull(),
    /**
     * A daily game's (interval 86,400) draw time: the minute of the day on the merchant's clock (decision 0159);
     * null for the games drawn on a minute grid.
     */
    drawMinute: smallint('draw_minute'),
    /** Bets close this many seconds before the draw. */
    closeSeconds: integer('close_seconds').notNull(),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    /** The most one ticket may pay (a ticket whose win would pay more is refused). */
    maxPayout: bigint('max_payout', { mode: 'bigint' }).notNull(),
    odds: jsonb('odds').$type<Record<LottoPrizeMode, Record<string, number[]>>>().notNull(),
    /** The game of the catalogue (vendor LOTT) the betting record names. */
    catalogueGameCode: text('catalogue_game_code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lottery_games_code').on(table.merchantCode, table.code),
    check('lottery_games_interval', sql`${table.intervalSeconds} >= 30`),
    check('lottery_games_close', sql`${table.closeSeconds} >= 0 AND ${table.closeSeconds} < ${table.intervalSeconds}`),
    check('lottery_games_stakes', sql`${table.minStake} > 0 AND ${table.maxStake} >= ${table.minStake}`),
    check('lottery_games_odds_modes', sql`${table.odds} ?& ARRAY['LOTT', 'ZY', 'ELOTT', 'SEA']`),
    check(
      'lottery_games_draw_minute',
      sql`(${table.intervalSeconds} = 86400) = (${table.drawMinute} IS NOT NULL) AND (${table.drawMinute} IS NULL OR ${table.drawMinute} BETWEEN 0 AND 1439)`,
    ),
  ],
);

/**
 * One draw. `seed_hash` is published when the row is created, before it opens; `server_seed` stays inside the
 * server until the draw (the API shows it only once `numbers` is set). open → drawn → settled, or cancelled
 * before it is drawn.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryGames.id),
    drawNo: text('draw_no').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    beacon: text('beacon'),
    /** The drawn numbers in draw order (a Vietnamese draw's reach 999,999: integers since decision 0134). */
    numbers: integer('numbers').array(),
    status: text('status').$type<LotteryDrawStatus>().notNull().default('open'),
    cancelReason: text('cancel_reason'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lottery_draws_game_no').on(table.gameId, table.drawNo),
    index('lottery_draws_due').on(table.drawAt).where(sql`${table.status} IN ('open', 'drawn')`),
    index('lottery_draws_game_time').on(table.gameId, table.drawAt),
    check('lottery_draws_status', sql`${table.status} IN ('open', 'drawn', 'settled', 'cancelled')`),
    check('lottery_draws_numbers', sql`(${table.numbers} IS NULL) = (${table.status} IN ('open', 'cancelled'))`),
  ],
);

/**
 * A ticket: one selection of one bet type on one draw, its stake held in the member's main wallet (`hold_id`)
 * until the draw settles it (captured, and the payout credited) or a cancellation refunds it (voided). Status
 * leaves `pending` exactly once.
 */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    drawId: bigint('draw_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryDraws.id),
    requestId: uuid('request_id').notNull(),
    line: smallint('line').notNull(),
    betType: text('bet_type').notNull(),
    position: smallint('position'),
    numbers: smallint('numbers').array(),
    side: text('side'),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The multiplier in hundredths, locked at purchase (4D: the first prize's). */
    odds: integer('odds').notNull(),
    /** 4D: the multipliers in hundredths per prize tier, locked at purchase (decision 0108); null otherwise. */
    tierOdds: integer('tier_odds').array(),
    currency: text('currency').notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<LotteryTicketStatus>().notNull().default('pending'),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lottery_tickets_request').on(table.memberId, table.requestId, table.line),
    // Settlement takes a draw's pending tickets in batches by member (decision 0100): one ledger movement per member.
    index('lottery_tickets_pending').on(table.drawId, table.memberId, table.id).where(sql`${table.status} = 'pending'`),
    index('lottery_tickets_draw').on(table.drawId),
    index('lottery_tickets_member').on(table.memberId, table.createdAt),
    check('lottery_tickets_status', sql`${table.status} IN ('pending', 'won', 'lost', 'refunded')`),
    check('lottery_tickets_stake', sql`${table.stake} > 0 AND ${table.payout} >= 0`),
  ],
);
