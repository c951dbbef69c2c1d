import type { LanguageCode, RaffleText } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * Raffle promotions (decision 0122). `server_seed` stays secret until the draw; `seed_hash` (SHA-256 of it) is
 * published from creation. `entries` numbers the members who joined (entry order is the ticket list's order).
 * `status` goes open → drawn once, under this row's lock, in the transaction that pays the prizes.
 */
export const raffles = pgTable(
  'raffles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    texts: jsonb('texts').$type<Partial<Record<LanguageCode, RaffleText>>>().notNull(),
    ticketsFrom: timestamp('tickets_from', { withTimezone: true }).notNull(),
    ticketsTo: timestamp('tickets_to', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    ticketPerDeposit: bigint('ticket_per_deposit', { mode: 'bigint' }),
    ticketPerValidBet: bigint('ticket_per_valid_bet', { mode: 'bigint' }),
    /** Prizes in draw order, minor units. */
    prizes: bigint('prizes', { mode: 'bigint' }).array().notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    entries: integer('entries').notNull().default(0),
    status: text('status').notNull().default('open'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('raffles_merchant_idx').on(table.merchantCode, table.drawAt),
    index('raffles_due_idx').on(table.drawAt).where(sql`${table.status} = 'open'`),
    check('raffles_window', sql`${table.ticketsTo} > ${table.ticketsFrom} AND ${table.drawAt} >= ${table.ticketsTo}`),
    check(
      'raffles_rules',
      sql`(${table.ticketPerDeposit} IS NULL OR ${table.ticketPerDeposit} > 0) AND (${table.ticketPerValidBet} IS NULL OR ${table.ticketPerValidBet} > 0) AND (${table.ticketPerDeposit} IS NOT NULL OR ${table.ticketPerValidBet} IS NOT NULL)`,
    ),
    check('raffles_prizes', sql`cardinality(${table.prizes}) >= 1`),
    check(
      'raffles_status',
      sql`${table.status} IN ('open', 'drawn') AND (${table.status} = 'drawn') = (${table.drawnAt} IS NOT NULL)`,
    ),
  ],
);

/** A member's entry: joined once (primary key), numbered in join order, with what the window's events added. */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    entryNo: integer('entry_no').notNull(),
    depositTotal: bigint('deposit_total', { mode: 'bigint' }).notNull().default(sql`0`),
    validBetTotal: bigint('valid_bet_total', { mode: 'bigint' }).notNull().default(sql`0`),
    tickets: integer('tickets').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.memberId] }),
    uniqueIndex('raffle_entries_entry_no').on(table.raffleId, table.entryNo),
    index('raffle_entries_member_idx').on(table.memberId),
    check('raffle_entries_tickets', sql`${table.tickets} >= 0 AND ${table.entryNo} >= 1`),
  ],
);

/** Each event counted once per raffle: `deposit:<id>`, `bet:<roundId>` or `bet:<roundId>:<correction>`. */
export const raffleTicketSources = pgTable(
  'raffle_ticket_sources',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id),
    sourceKey: text('source_key').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.raffleId, table.sourceKey] })],
);

/** The draw's winners: one per prize, a member at most once. */
export const raffleWinners = pgTable(
  'raffle_winners',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id),
    prizeIndex: integer('prize_index').notNull(),
    entryNo: integer('entry_no').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.prizeIndex] }),
    uniqueIndex('raffle_winners_member').on(table.raffleId, table.memberId),
    check('raffle_winners_amount', sql`${table.amount} > 0`),
  ],
);
