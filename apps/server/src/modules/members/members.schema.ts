import type { LanguageCode } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { merchants } from '../merchants/merchants.schema';

/** Registration extras a merchant may collect (spec section 3), kept together. */
export interface MemberProfile {
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  telegram?: string;
  zalo?: string;
  idNumber?: string;
  birthday?: string;
  address?: string;
  nationality?: string;
  occupation?: string;
  sourceOfIncome?: string;
}

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** Lower-cased for uniqueness and lookup; `account` keeps the spelling the member chose. */
    username: text('username').notNull(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 0 member; 1, 2, 41, 42 agents; 4 free-play trial. */
    type: integer('type').notNull().default(0),
    nickname: text('nickname').notNull(),
    mobileDialingCode: text('mobile_dialing_code'),
    mobileNumber: text('mobile_number'),
    email: text('email'),
    payeeName: text('payee_name'),
    paymentPasswordHash: text('payment_password_hash'),
    profile: jsonb('profile').$type<MemberProfile>().notNull().default({}),
    /** An agent's invitation code (affiliateCode at registration). */
    affiliateCode: text('affiliate_code'),
    uplineId: uuid('upline_id'),
    /** The member's own referral code, and who referred it. */
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id'),
    language: text('language').$type<LanguageCode>(),
    firstLogin: boolean('first_login').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    registerUrl: text('register_url'),
    /**
     * The member's region (decision 0140): the ISO 3166 alpha-2 country of its latest successful sign-in (or of its
     * registration), from the trusted CDN header; null when that request carried none.
     */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('members_merchant_username_key').on(table.merchantCode, table.username),
    uniqueIndex('members_merchant_mobile_key')
      .on(table.merchantCode, table.mobileDialingCode, table.mobileNumber)
      .where(sql`${table.mobileNumber} IS NOT NULL`),
    uniqueIndex('members_merchant_affiliate_key')
      .on(table.merchantCode, table.affiliateCode)
      .where(sql`${table.affiliateCode} IS NOT NULL`),
    uniqueIndex('members_merchant_referral_key').on(table.merchantCode, table.referralCode),
    index('members_upline_idx').on(table.uplineId),
    // A referrer's friends (the referral programme reads them, newest first).
    index('members_referred_by_idx')
      .on(table.referredById, table.createdAt)
      .where(sql`${table.referredById} IS NOT NULL`),
  ],
);

/** Every login attempt against a known member, for the member's and the operators' login history. */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    deviceId: text('device_id'),
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    /** ISO 3166 alpha-2 from the trusted CDN header, when configured (decision 0140). */
    country: text('country'),
  },
  (table) => [index('member_logins_member_idx').on(table.memberId, table.id)],
);

/** IPs a member has logged in from; a login from any other asks for verification (LOGINIPVERF3). */
export const memberKnownIps = pgTable(
  'member_known_ips',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ip] })],
);

/** Single-use two-factor recovery codes (SHA-256 of the code). */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.codeHash] })],
);

/** Operators' notes on a member (the member's 360 view, issue 26): append-only, newest first. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    operatorId: uuid('operator_id').notNull(),
    operatorUsername: text('operator_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_notes_member_idx').on(table.memberId, table.id)],
);

/** Flags operators set on a member (watch, bonus abuse, …): one row per flag while it is set. */
export const memberFlags = pgTable(
  'member_flags',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    reason: text('reason').notNull(),
    operatorUsername: text('operator_username').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.flag] })],
);
