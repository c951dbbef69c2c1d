import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * The downline tree (decision 0056): one node per member that registered (or became an agent) since the module
 * runs, with its upline, and the closure table of every ancestor–descendant pair (a node is its own ancestor at
 * distance 0). A subtree is one indexed statement: `agent_closure WHERE ancestor_id = $agent`.
 */
export const agentNodes = pgTable(
  'agent_nodes',
  {
    memberId: uuid('member_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** A copy of the member's account (never changes), to list and search a downline without the members table. */
    account: text('account').notNull(),
    parentId: uuid('parent_id'),
    /** Levels below the top of its tree (0: a top). */
    depth: integer('depth').notNull().default(0),
    /** How many members sit below it (itself not counted), kept by placements and moves (decision 0057). */
    teamSize: integer('team_size').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agent_nodes_parent_idx').on(table.parentId, table.joinedAt),
    index('agent_nodes_merchant_top_idx').on(table.merchantCode).where(sql`${table.parentId} IS NULL`),
  ],
);

export const agentClosure = pgTable(
  'agent_closure',
  {
    ancestorId: uuid('ancestor_id').notNull(),
    descendantId: uuid('descendant_id').notNull(),
    distance: integer('distance').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ancestorId, table.descendantId] }),
    // The descendant alone: a move shifts distances in place, which an index on them would make a new row version
    // in every index (decision 0057); uplines are at most the depth limit, sorted after the read.
    index('agent_closure_descendant_idx').on(table.descendantId),
  ],
);

/** Who is an agent in this module's eyes: its type as approved, and whether it is frozen. */
export const agentProfiles = pgTable('agent_profiles', {
  memberId: uuid('member_id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  agentType: integer('agent_type').notNull(),
  affiliateCode: text('affiliate_code').notNull(),
  frozen: boolean('frozen').notNull().default(false),
  /**
   * Rebate rates per game category in ppm (decision 0090): the merchant's default rates when it became an agent (a
   * downline agent's capped at its creator's), then as its upline sets them, never above the upline's own.
   */
  rates: jsonb('rates').$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Affiliate applications; one pending application per member at a time (a partial unique index). */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    account: text('account').notNull(),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    agentType: integer('agent_type'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_applications_one_pending_key').on(table.memberId).where(sql`${table.status} = 'pending'`),
    index('agent_applications_queue_idx').on(table.merchantCode, table.createdAt),
    index('agent_applications_member_idx').on(table.memberId, table.createdAt),
  ],
);

/** The figures of a member's day and of a team's day (minor units and counts). */
const figureColumns = () => ({
  deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
  depositCount: integer('deposit_count').notNull().default(0),
  withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull().default(sql`0`),
  withdrawalCount: integer('withdrawal_count').notNull().default(0),
  bets: bigint('bets', { mode: 'bigint' }).notNull().default(sql`0`),
  validBets: bigint('valid_bets', { mode: 'bigint' }).notNull().default(sql`0`),
  payouts: bigint('payouts', { mode: 'bigint' }).notNull().default(sql`0`),
  betCount: integer('bet_count').notNull().default(0),
});

/**
 * Per-member daily figures (UTC days, minor units), kept by the module's event subscribers (bet.settled,
 * deposit.credited, withdrawal.paid); team figures are their sums over a subtree, never raw bets.
 */
export const agentDailyRollups = pgTable(
  'agent_daily_rollups',
  {
    memberId: uuid('member_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    merchantCode: text('merchant_code').notNull(),
    ...figureColumns(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day] })],
);

/**
 * Team totals per (ancestor, UTC day), the ancestor itself included (decision 0057): every rollup change adds to
 * the row of each of the member's ancestors, a placement adds the member's history, and a move takes the branch
 * root's rows from its old ancestors and gives them to the new ones. An overview reads at most one row per day.
 */
export const agentTeamDaily = pgTable(
  'agent_team_daily',
  {
    ancestorId: uuid('ancestor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    merchantCode: text('merchant_code').notNull(),
    ...figureColumns(),
    /** Members of the subtree whose node joined on this day. */
    joined: integer('joined').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ancestorId, table.day] })],
);

/**
 * Distinct active members over any range, kept incrementally: for each (ancestor, day) the subtree's members who bet
 * that day, counted by the day of their previous bet (`-infinity` for none, or for one further back than the
 * longest range). The members active in [from, to] are those with a bet day in it whose previous one is before
 * `from`: one indexed read per range (decision 0057).
 */
export const agentTeamActive = pgTable(
  'agent_team_active',
  {
    ancestorId: uuid('ancestor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ancestorId, table.day, table.prevDay] })],
);
