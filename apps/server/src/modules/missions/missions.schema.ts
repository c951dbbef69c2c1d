import type { LanguageCode, MissionBoardPeriod, MissionCategory, MissionKind, MissionPeriod } from '@tessera/contracts';
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

/** A merchant's missions (decision 0096): what they count, their target, reward, leaderboard score and texts. */
export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<MissionKind>().notNull(),
    period: text('period').$type<MissionPeriod>().notNull(),
    category: text('category').$type<MissionCategory>().notNull(),
    /** Minor units for money kinds, else a count. */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    score: integer('score').notNull(),
    titles: jsonb('titles').$type<Partial<Record<LanguageCode, string>>>().notNull(),
    descriptions: jsonb('descriptions').$type<Partial<Record<LanguageCode, string>>>().notNull(),
    enabled: boolean('enabled').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('missions_merchant_idx').on(table.merchantCode, table.sortOrder),
    check('missions_target_positive', sql`${table.target} > 0`),
    check('missions_reward_nonnegative', sql`${table.reward} >= 0`),
    check('missions_score_nonnegative', sql`${table.score} >= 0`),
  ],
);

/**
 * A member's progress on one mission in one period. Target, reward and score are copied when the row starts, so an
 * edit never changes what a member is already working towards. `claimed_at` is set once, under the row's lock, in
 * the same transaction as the ledger's payment (key `mission:<id>`); a CHECK keeps a claim after its completion.
 */
export const missionProgress = pgTable(
  'mission_progress',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    periodKey: text('period_key').notNull(),
    progress: bigint('progress', { mode: 'bigint' }).notNull(),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    score: integer('score').notNull(),
    /** login_days: the last merchant-day counted (`YYYY-MM-DD`). */
    lastDay: text('last_day'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mission_progress_member_period').on(table.missionId, table.memberId, table.periodKey),
    index('mission_progress_member_idx').on(table.memberId, table.periodKey),
    index('mission_progress_claimable_idx')
      .on(table.memberId)
      .where(sql`${table.completedAt} IS NOT NULL AND ${table.claimedAt} IS NULL`),
    check('mission_progress_bounds', sql`${table.progress} >= 0 AND ${table.progress} <= ${table.target}`),
    check('mission_progress_completed', sql`(${table.completedAt} IS NULL) = (${table.progress} < ${table.target})`),
    check(
      'mission_progress_claim_after_completion',
      sql`${table.claimedAt} IS NULL OR ${table.completedAt} IS NOT NULL`,
    ),
  ],
);

/**
 * The mission leaderboards (decision 0097): a member's mission points per day and per week. No foreign key to
 * members: the board is derived from `mission_progress` (which has it) and the bench fills a million rows.
 */
export const missionBoard = pgTable(
  'mission_board',
  {
    merchantCode: text('merchant_code').notNull(),
    period: text('period').$type<MissionBoardPeriod>().notNull(),
    periodKey: text('period_key').notNull(),
    memberId: uuid('member_id').notNull(),
    username: text('username').notNull(),
    score: integer('score').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.period, table.periodKey, table.memberId] }),
    index('mission_board_rank_idx').on(
      table.merchantCode,
      table.period,
      table.periodKey,
      table.score.desc(),
      table.reachedAt,
    ),
    check('mission_board_score_positive', sql`${table.score} > 0`),
  ],
);

/**
 * How many members of a board hold each score, kept in the same transaction as `mission_board`: a member's rank is
 * one plus the members on higher scores, a sum over the distinct scores rather than a count of members.
 */
export const missionBoardCounts = pgTable(
  'mission_board_counts',
  {
    merchantCode: text('merchant_code').notNull(),
    period: text('period').$type<MissionBoardPeriod>().notNull(),
    periodKey: text('period_key').notNull(),
    score: integer('score').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.period, table.periodKey, table.score] }),
    check('mission_board_counts_nonnegative', sql`${table.members} >= 0`),
  ],
);
