import type { LanguageCode, PointEarnCategory, PointItemKind, PointRedeemStatus, PointType } from '@tessera/contracts';
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../platform/db/columns';
import { members } from '../members/members.schema';

/**
 * Points (decision 0059): the module's own double-entry-strength store. `points_entries` is append-only (a trigger
 * refuses UPDATE and DELETE), each entry under a source key unique per merchant (a bet's round, a deposit, a
 * redemption, a request id), so an event or a retry is applied once. `points_balances` holds each member's sum of
 * entries, changed only in the same transaction as the entry under the row's lock, and never below zero (CHECK).
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type').$type<PointType>().notNull(),
    delta: bigint('delta', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    sourceKey: text('source_key').notNull(),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('points_entries_source_key').on(table.merchantCode, table.sourceKey),
    index('points_entries_member_idx').on(table.memberId, table.id),
    check('points_entries_delta_nonzero', sql`${table.delta} <> 0`),
    check('points_entries_balance_nonnegative', sql`${table.balanceAfter} >= 0`),
  ],
);

export const pointsBalances = pgTable(
  'points_balances',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('points_balances_nonnegative', sql`${table.balance} >= 0`)],
);

/** A merchant's rates (points per 100 major units), convert ratio (points per major unit) and rules text. */
export const pointsRules = pgTable('points_rules', {
  merchantCode: text('merchant_code').primaryKey(),
  rates: jsonb('rates').$type<Partial<Record<PointEarnCategory, string>>>().notNull(),
  convertRatio: bigint('convert_ratio', { mode: 'bigint' }).notNull(),
  /** Points one major unit of main-wallet cash buys ("get points by cash", decision 0063); 0: off. */
  buyRatio: bigint('buy_ratio', { mode: 'bigint' }).notNull().default(sql`0`),
  rulesText: jsonb('rules_text').$type<Partial<Record<LanguageCode, string>>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Goods of the points mall. `available` falls with each redemption under the row's lock; never below zero. */
export const pointsItems = pgTable(
  'points_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<PointItemKind>().notNull(),
    names: jsonb('names').$type<Partial<Record<LanguageCode, string>>>().notNull(),
    /** A picture per language: ids of `points_images` rows of the same merchant. */
    images: jsonb('images').$type<Partial<Record<LanguageCode, string>>>().notNull().default({}),
    pointsRequired: bigint('points_required', { mode: 'bigint' }).notNull(),
    amountRequired: bigint('amount_required', { mode: 'bigint' }).notNull().default(sql`0`),
    cashValue: bigint('cash_value', { mode: 'bigint' }).notNull().default(sql`0`),
    quantity: integer('quantity').notNull(),
    available: integer('available').notNull(),
    perMemberLimit: integer('per_member_limit').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('points_items_merchant_idx').on(table.merchantCode, table.createdAt),
    check('points_items_available', sql`${table.available} >= 0 AND ${table.available} <= ${table.quantity}`),
    check('points_items_points_positive', sql`${table.pointsRequired} > 0`),
    check('points_items_amounts', sql`${table.amountRequired} >= 0 AND ${table.cashValue} >= 0`),
    check('points_items_kind', sql`${table.kind} IN ('cash', 'physical')`),
  ],
);

/** Goods pictures an operator uploaded: checked and re-encoded bytes (png or jpeg), served by id. */
export const pointsImages = pgTable(
  'points_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    mediaType: text('media_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('points_images_merchant_idx').on(table.merchantCode)],
);

export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => pointsItems.id),
    requestId: uuid('request_id').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').$type<PointItemKind>().notNull(),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** Cash the member paid from the main wallet (amount requirement × quantity). */
    amountPaid: bigint('amount_paid', { mode: 'bigint' }).notNull(),
    /** Cash goods: credited to the main wallet. */
    cashCredited: bigint('cash_credited', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PointRedeemStatus>().notNull(),
    address: text('address'),
    mobileNum: text('mobile_num'),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('points_redemptions_request').on(table.memberId, table.requestId),
    uniqueIndex('points_redemptions_reference').on(table.reference),
    index('points_redemptions_member_idx').on(table.memberId, table.createdAt),
    index('points_redemptions_queue_idx').on(table.merchantCode, table.status, table.createdAt),
    index('points_redemptions_item_member_idx').on(table.itemId, table.memberId),
    check('points_redemptions_status', sql`${table.status} IN ('in_process', 'approved', 'rejected')`),
    check('points_redemptions_quantity', sql`${table.quantity} > 0`),
  ],
);
