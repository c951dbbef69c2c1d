import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

export type SeamlessRoundStatus = 'open' | 'settled' | 'rolled_back' | 'voided';
export type SeamlessTransactionKind = 'bet' | 'win' | 'rollback' | 'tip' | 'resettle' | 'cashout' | 'void' | 'promo';

/** A round as an outside provider reported it through the seamless wallet (docs/seamless-wallet.md). */
export const seamlessRounds = pgTable(
  'seamless_rounds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<SeamlessRoundStatus>().notNull(),
    betTotal: bigint('bet_total', { mode: 'bigint' }).notNull().default(sql`0`),
    winTotal: bigint('win_total', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Tips the member gave in the round (money to the house, no win expected; decision 0117). */
    tipTotal: bigint('tip_total', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * When the `seamless_rounds_timeout` job closed the round with no win because the provider sent nothing for longer
     * than its round timeout (decision 0128); null for a round the provider settled (or one still open).
     */
    timedOutAt: timestamp('timed_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seamless_rounds_provider_round_key').on(table.provider, table.roundId),
    /** The back office's open rounds, oldest first (decision 0127). */
    index('seamless_rounds_open_idx').on(table.merchantCode, table.createdAt).where(sql`${table.status} = 'open'`),
    /** The back office's every round of a merchant, newest first. */
    index('seamless_rounds_merchant_idx').on(table.merchantCode, table.id),
  ],
);

/**
 * Every wallet call that moved (or would have moved) money, keyed by the provider's transaction id: a repeat
 * answers with `response`, a repeat with other details (`request_hash`) is refused.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind').$type<SeamlessTransactionKind>().notNull(),
    roundId: text('round_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** For a rollback: the bet it reverses. */
    referenceTransactionId: text('reference_transaction_id'),
    requestHash: text('request_hash').notNull(),
    /** 'ok', or for a rollback that found no bet, 'not_found' (a later bet with that id is refused). */
    outcome: text('outcome').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seamless_transactions_provider_tx_key').on(table.provider, table.transactionId),
    index('seamless_transactions_round_idx').on(table.provider, table.roundId),
    index('seamless_transactions_reference_idx')
      .on(table.provider, table.referenceTransactionId)
      .where(sql`${table.referenceTransactionId} IS NOT NULL`),
  ],
);

/**
 * What a member owes the house after a resettlement debit larger than its available balance (decision 0117): the
 * wallet takes what is available and records the rest here, never overdrawing. `outstanding` falls as later
 * seamless credits of the member in the currency collect it (each collection a ledger movement); 0 once repaid.
 */
export const seamlessDebts = pgTable(
  'seamless_debts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    /** The provider transaction (a resettlement) that left the debt. */
    transactionId: text('transaction_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    outstanding: bigint('outstanding', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seamless_debts_provider_tx_key').on(table.provider, table.transactionId),
    index('seamless_debts_open_idx').on(table.memberId, table.currency, table.id).where(sql`${table.outstanding} > 0`),
    index('seamless_debts_merchant_idx').on(table.merchantCode, table.createdAt),
  ],
);

/**
 * A merchant's operator-set round timeout for one provider (decision 0128): how many hours an open round may go
 * without a call before the `seamless_rounds_timeout` job closes it with no win. No row: the provider's registered
 * timeout applies (`roundTimeoutHours`, else `DEFAULT_ROUND_TIMEOUT_HOURS`).
 */
export const seamlessProviderSettings = pgTable(
  'seamless_provider_settings',
  {
    merchantCode: text('merchant_code').notNull(),
    provider: text('provider').notNull(),
    roundTimeoutHours: integer('round_timeout_hours').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.provider] }),
    // The contract refuses it first (ROUND_TIMEOUT_HOURS bounds); the table keeps it true for any other writer.
    check('seamless_provider_settings_timeout', sql`${table.roundTimeoutHours} BETWEEN 1 AND 720`),
  ],
);
