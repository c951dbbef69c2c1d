import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
 * Agent contracts (issue 25, decisions 0076-0078): the contracts between an upline and a direct downline, every
 * transition of them, one settlement run per (contract, period), the hash-chained statements those runs write,
 * the payments made on them, and the settled rounds the hourly and real-time salaries accrue.
 */

/** Per merchant: who pays, which kinds may be offered, the top agents' maximum rates, notice days. */
export const agentContractSettings = pgTable('agent_contract_settings', {
  merchantCode: text('merchant_code').primaryKey(),
  payer: text('payer').$type<'platform' | 'upline'>().notNull().default('platform'),
  allowedKinds: text('allowed_kinds').array().notNull(),
  /** Basis points per kind. */
  maxRates: jsonb('max_rates').$type<Record<string, number>>().notNull(),
  noticeDays: integer('notice_days').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** The terms as offered (wire form: rates in percent, thresholds in major units). */
    terms: jsonb('terms').notNull(),
    /** The highest rate of the terms, in basis points. */
    topRateBp: integer('top_rate_bp').notNull(),
    /** The settlement period: D, W, H, M, hour or window. */
    period: text('period').notNull(),
    uplineId: uuid('upline_id'),
    uplineAccount: text('upline_account'),
    downlineId: uuid('downline_id').notNull(),
    downlineAccount: text('downline_account').notNull(),
    payer: text('payer').$type<'platform' | 'upline'>().notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    replacesId: uuid('replaces_id'),
  },
  (table) => [
    uniqueIndex('agent_contracts_one_offer_key')
      .on(table.downlineId, table.kind)
      .where(sql`${table.status} = 'offered'`),
    index('agent_contracts_downline_idx').on(table.downlineId, table.kind, table.status),
    index('agent_contracts_upline_idx').on(table.uplineId, table.kind, table.status),
    index('agent_contracts_merchant_idx').on(table.merchantCode, table.offeredAt),
  ],
);

/** Every transition of a contract: who (member:<account>, operator:<name> or system), what and when. */
export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    action: text('action').notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').notNull().default({}),
  },
  (table) => [index('agent_contract_events_contract_idx').on(table.contractId, table.id)],
);

/** One run per (contract, period): the unique key is what makes a settlement happen once. */
export const agentContractRuns = pgTable(
  'agent_contract_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    merchantCode: text('merchant_code').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status').$type<'settled' | 'failed'>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statementId: uuid('statement_id'),
  },
  (table) => [
    uniqueIndex('agent_contract_runs_period_key').on(table.contractId, table.periodStart),
    index('agent_contract_runs_merchant_idx').on(table.merchantCode, table.createdAt),
  ],
);

/** A run's statement: what it read, the tier met, the rate, the amount; chained per contract by hash. */
export const agentContractStatements = pgTable(
  'agent_contract_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    merchantCode: text('merchant_code').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    inputs: jsonb('inputs').notNull(),
    tier: integer('tier'),
    rateBp: integer('rate_bp'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').notNull(),
    payer: text('payer').notNull(),
    uplineId: uuid('upline_id'),
    downlineId: uuid('downline_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * The accruals' sequence number the statement took through (decision 0152): it took the contract's accruals with
     * `seq` ≤ this and settled before its period's end that the statement before it (by `seq`) had not taken. Not
     * hashed (the chain's definition is decision 0077's); `contracts:verify` recomputes the inputs from those rounds.
     */
    takenThrough: bigint('taken_through', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    uniqueIndex('agent_contract_statements_seq_key').on(table.contractId, table.seq),
    uniqueIndex('agent_contract_statements_period_key').on(table.contractId, table.periodStart),
    index('agent_contract_statements_downline_idx').on(table.downlineId, table.kind, table.periodStart),
    index('agent_contract_statements_upline_idx').on(table.uplineId, table.kind, table.periodStart),
    index('agent_contract_statements_unpaid_idx')
      .on(table.merchantCode)
      .where(sql`${table.status} IN ('partial', 'insufficient')`),
  ],
);

/** Payments on a statement: the first in its run, more when an upline short of balance pays later. */
export const agentContractPayments = pgTable(
  'agent_contract_payments',
  {
    statementId: uuid('statement_id')
      .notNull()
      .references(() => agentContractStatements.id),
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.seq] })],
);

/**
 * Settled rounds of a downline's team that a dividend, an hourly or a real-time contract counts, one row per
 * (contract, round) with a valid bet, written by the bet.settled subscriber and never changed afterwards: a statement
 * takes them by its contract's high-water mark (`seq` ≤ the statement's `taken_through`, settled before its period's
 * end, not taken by the statement before it; decision 0152), not by marking each row.
 */
export const agentContractAccruals = pgTable(
  'agent_contract_accruals',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    roundId: text('round_id').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    won: boolean('won').notNull(),
    /** Real-time: valid bet × rate in basis points (rounded once per statement); hourly and dividend: 0. */
    share: bigint('share', { mode: 'bigint' }).notNull(),
    /** The round's stake less its payout (the team's loss on it; the dividend sums it, decision 0093). */
    loss: bigint('loss', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Who played the round (the dividend counts its active members from it; null on rows kept before 0035). */
    memberId: uuid('member_id'),
    /**
     * A correction of a round already accrued (a seamless resettlement, decision 0118): its differences (valid bet,
     * loss), counted in the sums but never as a round; keyed `{roundId}:c{n}`.
     */
    correction: boolean('correction').notNull().default(false),
    /**
     * Insertion order (decision 0152): given while the inserting transaction holds its contract's row lock (key
     * share), so that every row a settlement (which locks the contract for update) can see has a lower number than
     * any row written after it.
     */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.roundId] }),
    index('agent_contract_accruals_seq_idx').on(table.contractId, table.seq),
    index('agent_contract_accruals_time_idx').on(table.contractId, table.settledAt),
  ],
);

/**
 * Breaks and self-exclusions of members, as the `member.blocked` event tells them (decision 0110): the contracts'
 * own record, so that a settlement leaves out a member blocked at any moment of its period without reading the
 * responsible-gaming module's tables. A block row never changes there, so one event is the whole fact; a redelivery
 * finds its row (primary key) and does nothing.
 */
export const agentContractMemberBlocks = pgTable(
  'agent_contract_member_blocks',
  {
    memberId: uuid('member_id').notNull(),
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    merchantCode: text('merchant_code').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind, table.startsAt] }),
    index('agent_contract_member_blocks_merchant_idx').on(table.merchantCode, table.startsAt),
  ],
);
