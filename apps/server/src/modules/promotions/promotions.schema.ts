import type {
  BonusWageringBase,
  ChatApp,
  LanguageCode,
  PromotionCategory,
  PromotionEntryStatus,
  PromotionFrequency,
  PromotionKind,
  PromotionText,
} from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { proofImagesTable } from '../../platform/images/proof-images';
import { members } from '../members/members.schema';

/**
 * The promotion engine (decision 0082): each row is a promotion a merchant configured in the back office, with
 * its kind, texts per language, window, reward, wagering and eligibility. Amounts in minor units of `currency`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    category: text('category').$type<PromotionCategory>().notNull(),
    texts: jsonb('texts').$type<Partial<Record<LanguageCode, PromotionText>>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull().default(0),
    currency: text('currency').notNull(),
    percent: integer('percent').notNull(),
    fixedAmount: bigint('fixed_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
    turnoverTarget: bigint('turnover_target', { mode: 'bigint' }).notNull(),
    wageringMultiple: integer('wagering_multiple').notNull(),
    wageringBase: text('wagering_base').$type<BonusWageringBase>().notNull(),
    wageringCategories: text('wagering_categories').array().notNull(),
    bonusExpiryDays: integer('bonus_expiry_days').notNull(),
    frequency: text('frequency').$type<PromotionFrequency>().notNull(),
    minVipLevel: integer('min_vip_level').notNull(),
    newMembersOnly: boolean('new_members_only').notNull(),
    paymentChannelKinds: text('payment_channel_kinds').array().notNull(),
    /** ISO 3166 alpha-2 codes of the members' regions it is open to; empty: any region (decision 0140). */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_merchant_idx').on(table.merchantCode, table.sort),
    check('promotions_window', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'promotions_amounts',
      sql`${table.fixedAmount} >= 0 AND ${table.maxAmount} >= 0 AND ${table.minDeposit} >= 0 AND ${table.turnoverTarget} >= 0 AND ${table.percent} >= 0`,
    ),
  ],
);

/**
 * A member's part in one period of a promotion (`period_key`: `once`, a day or an ISO week in the merchant's time
 * zone). The unique key is what makes "once per member (per period)" hold under any concurrency.
 */
export const promotionEntries = pgTable(
  'promotion_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    periodKey: text('period_key').notNull(),
    status: text('status').$type<PromotionEntryStatus>().notNull(),
    /** Turnover challenge: valid bet counted since joining. */
    progress: bigint('progress', { mode: 'bigint' }).notNull().default(sql`0`),
    remark: text('remark').notNull().default(''),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The bonus the entry earned (bonuses module), once issued. */
    bonusId: uuid('bonus_id'),
    /** A chat-app reward's link (decision 0151): the app and the handle, lower-case without the @. */
    chatApp: text('chat_app').$type<ChatApp>(),
    chatHandle: text('chat_handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotion_entries_once').on(table.promotionId, table.memberId, table.periodKey),
    index('promotion_entries_member_idx').on(table.memberId, table.status),
    index('promotion_entries_queue_idx').on(table.merchantCode, table.status, table.createdAt),
    check('promotion_entries_issued_bonus', sql`(${table.status} = 'issued') = (${table.bonusId} IS NOT NULL)`),
    check('promotion_entries_remark_length', sql`char_length(${table.remark}) <= 140`),
    check('promotion_entries_chat_link', sql`(${table.chatApp} IS NULL) = (${table.chatHandle} IS NULL)`),
    // One live (not rejected) link per handle in a merchant, and one per member and app: a handle is never linked
    // by two members, and a member is paid the chat-app reward at most once (decision 0151).
    uniqueIndex('promotion_entries_chat_handle')
      .on(table.merchantCode, table.chatApp, table.chatHandle)
      .where(sql`${table.chatHandle} IS NOT NULL AND ${table.status} <> 'rejected'`),
    uniqueIndex('promotion_entries_chat_member')
      .on(table.merchantCode, table.memberId, table.chatApp)
      .where(sql`${table.chatHandle} IS NOT NULL AND ${table.status} <> 'rejected'`),
  ],
);

/** An application's images (png or jpg, re-encoded), at most 3. */
export const promotionEntryImages = proofImagesTable('promotion_entry_images', {
  column: 'entry_id',
  references: () => promotionEntries.id,
  indexName: 'promotion_entry_images_entry_idx',
});
