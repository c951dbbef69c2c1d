import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every balance is an account: members' wallets (main, bonus, points) and the merchant's house accounts
 * (deposits, withdrawals, game providers, promotions, adjustments, agent commissions). Amounts are integers in
 * minor units. House accounts may go negative (they mirror money that left or entered the platform); member
 * accounts never. A house account is split into shards so concurrent movements do not queue on one row.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    ownerType: text('owner_type').$type<'member' | 'house'>().notNull(),
    /** The member's id, or the house account's name. */
    ownerId: text('owner_id').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    shard: smallint('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Sum of active holds: money reserved for a pending withdrawal or bet. */
    held: bigint('held', { mode: 'bigint' }).notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_identity_key').on(
      table.merchantCode,
      table.ownerType,
      table.ownerId,
      table.kind,
      table.currency,
      table.shard,
    ),
    check('ledger_accounts_held_not_negative', sql`${table.held} >= 0`),
    check(
      'ledger_accounts_available_not_negative',
      sql`${table.allowNegative} OR ${table.balance} - ${table.held} >= 0`,
    ),
  ],
);

/** One balanced movement of money. Immutable (trigger); its idempotency key is applied once per merchant. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    type: text('type').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request's parameters: a replay with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    reference: text('reference'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(table.merchantCode, table.idempotencyKey),
    index('ledger_transactions_reference_idx').on(table.merchantCode, table.reference),
  ],
);

/** One leg of a transaction; the legs of a transaction sum to zero (deferred constraint trigger). Immutable. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('ledger_postings_transaction_idx').on(table.transactionId),
    index('ledger_postings_account_idx').on(table.accountId, table.id),
    check('ledger_postings_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);

/** Two-phase reservations: active, then posted or voided exactly once. */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'active' | 'posted' | 'voided'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    reference: text('reference'),
    settledTransactionId: bigint('settled_transaction_id', { mode: 'bigint' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_idempotency_key').on(table.merchantCode, table.idempotencyKey),
    index('ledger_holds_account_idx').on(table.accountId, table.status),
    check('ledger_holds_amount_positive', sql`${table.amount} > 0`),
  ],
);
