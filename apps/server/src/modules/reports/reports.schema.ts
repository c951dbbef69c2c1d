import type { ExportFormat, ReportKind, ReportRebuildCounts, ReportRebuildStatus } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
import { bytea, varbit } from '../../platform/db/columns';

/**
 * The reports' read model (decision 0079): rollups kept by this module's event subscribers, never another module's
 * tables. Buckets are UTC hours, so any whole-hour time zone reads its local days exactly.
 */
const hour = () => timestamp('hour', { withTimezone: true }).notNull();
const minor = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const counter = (name: string) => integer(name).notNull().default(0);

/**
 * Money per merchant, currency and hour: deposits, withdrawals, play and claimed bonuses; and the members whose first
 * deposit (in this currency) fell in the hour (decision 0147: a counter kept with `reports_members`).
 */
export const reportsHourly = pgTable(
  'reports_hourly',
  {
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    hour: hour(),
    depositCount: counter('deposit_count'),
    deposits: minor('deposits'),
    withdrawalCount: counter('withdrawal_count'),
    withdrawals: minor('withdrawals'),
    rounds: counter('rounds'),
    stakes: minor('stakes'),
    validBets: minor('valid_bets'),
    payouts: minor('payouts'),
    rewardCount: counter('reward_count'),
    rewards: minor('rewards'),
    firstDepositors: counter('first_depositors'),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.currency, table.hour] })],
);

/**
 * Registrations per merchant, hour and source (direct, referral, affiliate): the count of `reports_members` rows
 * registered in the hour, kept with them (decision 0147), so a range's registrations are read by hours, not members.
 */
export const reportsRegistrationHourly = pgTable(
  'reports_registration_hourly',
  {
    merchantCode: text('merchant_code').notNull(),
    hour: hour(),
    source: text('source').notNull(),
    registrations: counter('registrations'),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.hour, table.source] })],
);

/** Play per merchant, hour and game (category, source, provider). */
export const reportsGameHourly = pgTable(
  'reports_game_hourly',
  {
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    hour: hour(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    rounds: counter('rounds'),
    stakes: minor('stakes'),
    validBets: minor('valid_bets'),
    payouts: minor('payouts'),
  },
  (table) => [
    primaryKey({
      columns: [table.merchantCode, table.currency, table.hour, table.category, table.source, table.provider],
    }),
  ],
);

/**
 * Each member's dense number within its merchant (0, 1, 2, ... in the order the rollups first met it): its bit in
 * `reports_active_hours` and its entry in `reports_game_players` (decision 0143). Never reused or renumbered.
 */
export const reportsMemberOrdinals = pgTable(
  'reports_member_ordinals',
  {
    memberId: uuid('member_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    ordinal: integer('ordinal').notNull(),
  },
  (table) => [uniqueIndex('reports_member_ordinals_merchant_idx').on(table.merchantCode, table.ordinal)],
);

/**
 * The members who played (a settled round) per merchant and hour, as bitmaps of their ordinals (decision 0143):
 * chunk c holds ordinals c * 8192 .. c * 8192 + 8191, bit (ordinal mod 8192) set; a chunk with no player has no
 * row. A range's distinct players are the chunks OR-ed over its hours, counted (`bit_count`): exact.
 */
export const reportsActiveHours = pgTable(
  'reports_active_hours',
  {
    merchantCode: text('merchant_code').notNull(),
    hour: hour(),
    chunk: integer('chunk').notNull(),
    members: varbit('members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.hour, table.chunk] })],
);

/**
 * Distinct players per merchant, game and hour (a game's player count over a range): their ordinals, each once
 * (decision 0143; a member per row before it).
 */
export const reportsGamePlayers = pgTable(
  'reports_game_players',
  {
    merchantCode: text('merchant_code').notNull(),
    hour: hour(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    members: integer('members').array().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.merchantCode, table.hour, table.category, table.source, table.provider],
    }),
  ],
);

/**
 * The players per merchant, game and UTC day, as bitmap chunks of their ordinals (as `reports_active_hours`,
 * decision 0143): a range's whole UTC days are read from here, its hours at either end from `reports_game_players`.
 */
export const reportsGameDays = pgTable(
  'reports_game_days',
  {
    merchantCode: text('merchant_code').notNull(),
    day: date('day').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    chunk: integer('chunk').notNull(),
    members: varbit('members').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.merchantCode, table.day, table.category, table.source, table.provider, table.chunk],
    }),
  ],
);

/**
 * The time zones a merchant's players are also kept per local day in (decision 0157): a zone is added, up to
 * `ACTIVE_ZONES_MAX`, the first time the dashboard is read in it, and its days are filled from the hours then.
 */
export const reportsActiveZones = pgTable(
  'reports_active_zones',
  {
    merchantCode: text('merchant_code').notNull(),
    timeZone: text('time_zone').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.timeZone] })],
);

/**
 * The members who played per merchant and local day of a kept zone, as `reports_active_hours`' bitmap chunks
 * (decision 0157). Invariant: a day's chunk is the OR of the chunks of the hours whose local date (in the zone) is
 * the day; the bet subscriber sets the same bit in both, the rebuild recomputes the days of the hours it rewrote.
 */
export const reportsActiveDays = pgTable(
  'reports_active_days',
  {
    merchantCode: text('merchant_code').notNull(),
    timeZone: text('time_zone').notNull(),
    day: date('day').notNull(),
    chunk: integer('chunk').notNull(),
    members: varbit('members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.timeZone, table.day, table.chunk] })],
);

/** Claimed bonuses per merchant, hour and kind. */
export const reportsRewardHourly = pgTable(
  'reports_reward_hourly',
  {
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    hour: hour(),
    kind: text('kind').notNull(),
    claims: counter('claims'),
    amount: minor('amount'),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.currency, table.hour, table.kind] })],
);

/** Each member's activity per hour: active players, top players, retention. */
export const reportsPlayerHours = pgTable(
  'reports_player_hours',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    hour: hour(),
    currency: text('currency').notNull(),
    rounds: counter('rounds'),
    stakes: minor('stakes'),
    /** Valid bets and claimed bonuses (decision 0123: the agents report's per-member figures). */
    validBets: minor('valid_bets'),
    rewards: minor('rewards'),
    payouts: minor('payouts'),
    deposits: minor('deposits'),
    withdrawals: minor('withdrawals'),
    depositCount: counter('deposit_count'),
    withdrawalCount: counter('withdrawal_count'),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.hour, table.memberId] }),
    index('reports_player_hours_member_idx').on(table.memberId, table.hour),
  ],
);

/**
 * Each member's play per game (category, source, provider) over its whole life: the member's 360 view's bets by
 * game (decision 0094).
 */
export const reportsMemberGames = pgTable(
  'reports_member_games',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    currency: text('currency').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    rounds: counter('rounds'),
    stakes: minor('stakes'),
    validBets: minor('valid_bets'),
    payouts: minor('payouts'),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.memberId, table.currency, table.category, table.source, table.provider],
    }),
  ],
);

/** One row per member: when and how it registered, and its first deposit. */
export const reportsMembers = pgTable(
  'reports_members',
  {
    memberId: uuid('member_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** direct, referral (a member's code) or affiliate (an agent's link). */
    source: text('source'),
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    firstDepositCurrency: text('first_deposit_currency'),
    firstDeposit: bigint('first_deposit', { mode: 'bigint' }),
  },
  (table) => [
    index('reports_members_registered_idx').on(table.merchantCode, table.registeredAt),
    index('reports_members_first_deposit_idx').on(table.merchantCode, table.firstDepositAt),
  ],
);

/** Exports requested by operators, built by the export job; the file is kept in the row until pruned. */
export const reportsExports = pgTable(
  'reports_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    operatorId: uuid('operator_id').notNull(),
    operatorUsername: text('operator_username').notNull(),
    report: text('report').$type<ReportKind>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('queued'),
    rowCount: integer('row_count'),
    file: bytea('file'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('reports_exports_operator_idx').on(table.merchantCode, table.operatorId, table.createdAt),
    index('reports_exports_queued_idx').on(table.createdAt).where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * Rebuilds of a merchant's rollups from the raw rows (decision 0129), queued from the back office and run by the
 * `reports_rebuilds` job; at most one queued or running per merchant (the partial unique index).
 */
export const reportsRebuilds = pgTable(
  'reports_rebuilds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    operatorId: uuid('operator_id').notNull(),
    operatorUsername: text('operator_username').notNull(),
    /** UTC days, inclusive (`YYYY-MM-DD`). */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    status: text('status').$type<ReportRebuildStatus>().notNull().default('queued'),
    daysTotal: integer('days_total').notNull(),
    daysDone: integer('days_done').notNull().default(0),
    counts: jsonb('counts').$type<ReportRebuildCounts>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Written at the start and after each day: a running rebuild whose beat stopped is queued again. */
    beatAt: timestamp('beat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reports_rebuilds_active_idx')
      .on(table.merchantCode)
      .where(sql`${table.status} IN ('queued', 'running')`),
    index('reports_rebuilds_merchant_idx').on(table.merchantCode, table.createdAt),
  ],
);
