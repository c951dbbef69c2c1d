import type { DepositStatus, PaymentChannelKind } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { proofImagesTable } from '../../platform/images/proof-images';
import { members } from '../members/members.schema';

/** Where the manual channels tell members to pay; gateway channels name their gateway. */
export interface ChannelConfig {
  bank?: { bankName: string; accountName: string; accountNumber: string };
  crypto?: { network: string; address: string };
  gateway?: 'sandbox';
}

export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<PaymentChannelKind>().notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    config: jsonb('config').$type<ChannelConfig>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_channels_merchant_name_key').on(table.merchantCode, table.name)],
);

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => paymentChannels.id),
    /** Short code the member quotes (and the gateway's merchantOrderId). */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<DepositStatus>().notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    payUrl: text('pay_url'),
    payerNote: text('payer_note'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    /** The client's key for the opening request: a retry with it answers this order (null: opened without one). */
    requestId: uuid('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('deposit_orders_reference_key').on(table.merchantCode, table.reference),
    uniqueIndex('deposit_orders_request_key').on(table.memberId, table.requestId),
    index('deposit_orders_member_idx').on(table.memberId, table.createdAt),
    index('deposit_orders_queue_idx').on(table.merchantCode, table.status, table.createdAt),
  ],
);

/** Proof images of a bank-transfer payment the member attached to its deposit, re-encoded before they are stored. */
export const depositProofs = proofImagesTable('deposit_proofs', {
  column: 'deposit_id',
  references: () => depositOrders.id,
  indexName: 'deposit_proofs_deposit_idx',
});
