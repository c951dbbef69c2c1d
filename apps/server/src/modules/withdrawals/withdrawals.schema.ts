import type { ConfirmationOutcome, PayoutMethodKind, WithdrawalStatus } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { proofImagesTable } from '../../platform/images/proof-images';
import { members } from '../members/members.schema';

/** A member's saved payout method; removal keeps the row (orders copied what they needed). */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<PayoutMethodKind>().notNull(),
    /** The fields the member entered, in full (the desk pays to them). */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    /** Masked line the member sees ("Demo Bank ••••6789"). */
    display: text('display').notNull(),
    holderName: text('holder_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [index('payout_methods_member_idx').on(table.memberId, table.createdAt)],
);

/**
 * Internal states besides the contract's: `opening` (row written, hold not yet confirmed), `disbursing` and
 * `rejecting` (claimed by one operator, ledger step under way). A crash in one of them is healed by the
 * withdrawal job, which repeats the idempotent ledger step and finishes the move.
 */
export type WithdrawalRowStatus = WithdrawalStatus | 'opening' | 'disbursing' | 'rejecting' | 'cancelling';

export const withdrawalOrders = pgTable(
  'withdrawal_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The browser's key for the submission: a retry answers with this order. */
    requestId: uuid('request_id').notNull(),
    reference: text('reference').notNull(),
    payoutMethodId: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    payoutKind: text('payout_kind').$type<PayoutMethodKind>().notNull(),
    payoutDisplay: text('payout_display').notNull(),
    /** The payout details as they were when the member withdrew. */
    payoutDetails: jsonb('payout_details').$type<Record<string, string>>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<WithdrawalRowStatus>().notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    autoConfirmAt: timestamp('auto_confirm_at', { withTimezone: true }),
    confirmOutcome: text('confirm_outcome').$type<ConfirmationOutcome>(),
    amountReceived: bigint('amount_received', { mode: 'bigint' }),
    remark: text('remark'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('withdrawal_orders_request_key').on(table.memberId, table.requestId),
    uniqueIndex('withdrawal_orders_reference_key').on(table.merchantCode, table.reference),
    index('withdrawal_orders_member_idx').on(table.memberId, table.createdAt),
    index('withdrawal_orders_queue_idx').on(table.merchantCode, table.status, table.createdAt),
    index('withdrawal_orders_auto_confirm_idx').on(table.autoConfirmAt).where(sql`${table.status} = 'disbursed'`),
  ],
);

/** Proof images of a confirmation, re-encoded before they are stored. */
export const withdrawalProofs = proofImagesTable('withdrawal_proofs', {
  column: 'withdrawal_id',
  references: () => withdrawalOrders.id,
  indexName: 'withdrawal_proofs_withdrawal_idx',
});
