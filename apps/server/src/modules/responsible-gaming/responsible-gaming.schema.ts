import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { proofImagesTable } from '../../platform/images/proof-images';

/**
 * Responsible gaming (issue 31, decision 0062). The member's limits, breaks and exclusions, and the per-day usage
 * the ledger's debit guard keeps. The guard (`rg_guard_posting`, migration 0019) runs inside every ledger posting
 * and reads and writes these tables only.
 */

/**
 * One limit of a member: `kind` deposit (gross), loss (net) or wager, per `period` day, week or month, in minor
 * units; or `session` time, in whole minutes (decision 0069). `amount` is the limit in force (null: none). A raise or removal waits in `pending*` for 24 hours and the
 * member's second confirmation; a lowering applies at once and drops any pending raise.
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    kind: text('kind').$type<'deposit' | 'loss' | 'wager' | 'session'>().notNull(),
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    /** A raise or removal asked for: the new amount (null with `pendingSince` set: removal). */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.memberId, table.kind, table.period] }),
    check('rg_limits_kind', sql`${table.kind} IN ('deposit', 'loss', 'wager', 'session')`),
    check('rg_limits_period', sql`${table.period} IN ('day', 'week', 'month')`),
    check('rg_limits_amount_positive', sql`${table.amount} IS NULL OR ${table.amount} > 0`),
    check('rg_limits_pending_positive', sql`${table.pendingAmount} IS NULL OR ${table.pendingAmount} > 0`),
  ],
);

/**
 * A break or a self-exclusion of one member on one merchant, from `startsAt` until `endsAt` (null: permanent).
 * A member's choice to cover every merchant writes one row per merchant where the same person is known, each
 * pointing at the `originId` row the member chose; `identityKeys` (hashes of the normalised e-mail and mobile)
 * let a later registration elsewhere be covered too. Never updated or deleted: no one lifts it early.
 */
export const rgBlocks = pgTable(
  'rg_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    kind: text('kind').$type<'break' | 'self_exclusion'>().notNull(),
    duration: text('duration').notNull(),
    allMerchants: boolean('all_merchants').notNull(),
    identityKeys: text('identity_keys').array().notNull().default(sql`'{}'::text[]`),
    originId: uuid('origin_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [
    check('rg_blocks_kind', sql`${table.kind} IN ('break', 'self_exclusion')`),
    index('rg_blocks_member_idx').on(table.merchantCode, table.memberId),
    index('rg_blocks_identity_idx').using('gin', table.identityKeys),
  ],
);

/**
 * What a member deposited, wagered and lost (stakes less wins and returned stakes) per UTC day, kept by the
 * ledger's debit guard in the posting's own transaction; week and month are sums of days. `sessionSeconds` is the
 * time the member's sessions were counted that day (decision 0069), kept by this module's session clock.
 */
export const rgUsage = pgTable(
  'rg_usage',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    day: date('day').notNull(),
    deposited: bigint('deposited', { mode: 'bigint' }).notNull().default(sql`0`),
    wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
    lost: bigint('lost', { mode: 'bigint' }).notNull().default(sql`0`),
    sessionSeconds: integer('session_seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.memberId, table.day] })],
);

/** Every change a member made and every look an operator took (the member's responsible-gaming history). */
export const rgHistory = pgTable(
  'rg_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rg_history_member_idx').on(table.merchantCode, table.memberId, table.at)],
);

/**
 * The session clock of one signed-in session (decision 0069): when it began (counted from its first heartbeat or
 * request), the last moment counted into `rg_usage.session_seconds`, the seconds counted so far, and the counted
 * time at which its next reality check falls due. One row per session, locked while counting, so however many
 * tabs beat, each second is counted once.
 */
export const rgSessions = pgTable(
  'rg_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull(),
    countedSeconds: integer('counted_seconds').notNull().default(0),
    /** Counted seconds from which the next reality check is due (null: none asked for when it began). */
    nextCheckSeconds: integer('next_check_seconds'),
  },
  (table) => [index('rg_sessions_member_idx').on(table.merchantCode, table.memberId, table.startedAt)],
);

/** The member's reality-check interval in minutes (15, 30, 45 or 60); no row or null: off. */
export const rgSettings = pgTable(
  'rg_settings',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    realityCheckMinutes: integer('reality_check_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.memberId] }),
    check('rg_settings_reality_check', sql`${table.realityCheckMinutes} IN (15, 30, 45, 60)`),
  ],
);

/**
 * The member's answer to each one-time prompt of the member site (decision 0107): the offer of limits after
 * registration or at the first deposit (`set` or `skipped`) and the information before the first wager
 * (`acknowledged`). A prompt with a row is not shown again, on any device.
 */
export const rgPrompts = pgTable(
  'rg_prompts',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    prompt: text('prompt').$type<'limits_offer' | 'first_wager_info'>().notNull(),
    answer: text('answer').$type<'set' | 'skipped' | 'acknowledged'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.memberId, table.prompt] }),
    check(
      'rg_prompts_answer',
      sql`(${table.prompt} = 'limits_offer' AND ${table.answer} IN ('set', 'skipped')) OR (${table.prompt} = 'first_wager_info' AND ${table.answer} = 'acknowledged')`,
    ),
  ],
);

/** Each answer a member gave a reality check: continue or stop, with what the dialog showed. */
export const rgRealityChecks = pgTable(
  'rg_reality_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    response: text('response').$type<'continue' | 'stop'>().notNull(),
    elapsedSeconds: integer('elapsed_seconds').notNull(),
    /** Wins less stakes since the session began, in minor units, when the member answered. */
    netPosition: bigint('net_position', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rg_reality_checks_response', sql`${table.response} IN ('continue', 'stop')`),
    index('rg_reality_checks_member_idx').on(table.merchantCode, table.memberId, table.at),
  ],
);

/**
 * A member's identity check (KYC, decision 0102): `tier` unverified, basic (name, birth date and address given)
 * or full (documents reviewed and approved in the back office). Rows exist from the first submission on.
 */
export const rgKyc = pgTable(
  'rg_kyc',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    tier: text('tier').$type<'unverified' | 'basic' | 'full'>().notNull(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date').notNull(),
    address: text('address').notNull(),
    basicAt: timestamp('basic_at', { withTimezone: true }).notNull().defaultNow(),
    fullAt: timestamp('full_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.memberId] }),
    check('rg_kyc_tier', sql`${table.tier} IN ('unverified', 'basic', 'full')`),
  ],
);

/**
 * One submission of identity documents for the full tier, reviewed by a compliance operator: pending, approved
 * or rejected (with a reason). At most one pending per member.
 */
export const rgKycReviews = pgTable(
  'rg_kyc_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('rg_kyc_reviews_member_idx').on(table.merchantCode, table.memberId),
    index('rg_kyc_reviews_queue_idx').on(table.merchantCode, table.status, table.createdAt),
    uniqueIndex('rg_kyc_reviews_one_pending').on(table.memberId).where(sql`${table.status} = 'pending'`),
    check('rg_kyc_reviews_status', sql`${table.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

/** The documents of a submission, checked by their bytes and re-encoded before they are stored. */
export const rgKycDocuments = proofImagesTable('rg_kyc_documents', {
  column: 'review_id',
  references: () => rgKycReviews.id,
  indexName: 'rg_kyc_documents_review_idx',
});

/**
 * A merchant's withdrawal thresholds per identity tier (decision 0102), in minor units: a withdrawal above the
 * member's tier's threshold is refused until the member reaches the tier it needs. Null: no threshold.
 */
export const rgKycThresholds = pgTable('rg_kyc_thresholds', {
  merchantCode: text('merchant_code').primaryKey(),
  unverifiedMax: bigint('unverified_max', { mode: 'bigint' }),
  basicMax: bigint('basic_max', { mode: 'bigint' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Markers of harm (decision 0109): the facts this module keeps for them from other modules' events, per member and
 * 15-minute UTC slot (every time zone's offset is a multiple of 15 minutes, so a merchant's local day and its night
 * hours are whole sets of slots): deposits credited (`deposit.credited`), stakes of settled rounds (`bet.settled`,
 * at settlement) and withdrawals the member cancelled (`withdrawal.cancelled`). Each event adds once (receipts).
 */
export const rgHarmFacts = pgTable(
  'rg_harm_facts',
  {
    merchantCode: text('merchant_code').notNull(),
    memberId: text('member_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    cancelledWithdrawals: integer('cancelled_withdrawals').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.slot, table.memberId] }),
    index('rg_harm_facts_member_idx').on(table.merchantCode, table.memberId, table.slot),
  ],
);

/**
 * The daily harm-markers report: one row per merchant, local day and flagged member, with the figures the rules
 * read; written whole per (merchant, day) by the daily job (a re-run replaces the day's rows).
 */
export const rgHarmMarkers = pgTable(
  'rg_harm_markers',
  {
    merchantCode: text('merchant_code').notNull(),
    day: date('day').notNull(),
    memberId: text('member_id').notNull(),
    markers: text('markers').array().notNull(),
    depositsLast7: bigint('deposits_last_7', { mode: 'bigint' }).notNull(),
    depositsPrior28: bigint('deposits_prior_28', { mode: 'bigint' }).notNull(),
    limitIncreases: integer('limit_increases').notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull(),
    nightStakes: bigint('night_stakes', { mode: 'bigint' }).notNull(),
    cancelledWithdrawals: integer('cancelled_withdrawals').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.day, table.memberId] }),
    check('rg_harm_markers_some', sql`cardinality(${table.markers}) > 0`),
  ],
);

/** Which (merchant, local day) the harm-markers job has computed, when, and how many members it flagged. */
export const rgHarmRuns = pgTable(
  'rg_harm_runs',
  {
    merchantCode: text('merchant_code').notNull(),
    day: date('day').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    flagged: integer('flagged').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.day] })],
);
