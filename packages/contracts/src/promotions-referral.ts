import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { amountFieldFor, amountTextSchema, minorOfChecked } from './money';
import { promotionsPageQuery, rewardStatuses } from './promotions-rewards';
import { moneyStringSchema } from './wallet';

/**
 * The referral programme (spec sections 2 and 3; module REFERRAL3; decision 0044). A member shares its referral
 * link (`/register?referralCode=<its code>`); when a friend who registered through it has credited deposits
 * reaching the merchant's qualifying total, the member earns a REFERRAL reward, claimed in the reward centre.
 * Amounts are decimal strings in major units of the merchant's currency on the wire, minor units inside.
 */

/** The largest reward or qualifying total an operator may set, in minor units (as for the in-house limits). */
export const REFERRAL_AMOUNT_MAX_MINOR = 10n ** 12n;
/** The highest cap of rewarded friends per member an operator may set. */
export const REFERRAL_CAP_MAX = 100_000;

/** The cap as typed: '' for none, else a whole number from 1 to REFERRAL_CAP_MAX. */
const capTextSchema = z.string({ message: 'field_invalid' }).trim().max(12, { message: 'field_invalid' });

const capField = capTextSchema.superRefine((text, ctx) => {
  if (text === '') return;
  if (!/^\d+$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'field_invalid' });
    return;
  }
  const cap = Number(text);
  if (cap < 1) ctx.addIssue({ code: 'custom', message: 'field_too_small', params: { min: 1 } });
  else if (cap > REFERRAL_CAP_MAX) {
    ctx.addIssue({ code: 'custom', message: 'field_too_large', params: { max: REFERRAL_CAP_MAX } });
  }
});

const enabledSchema = z.boolean({ message: 'field_invalid' });

/** The settings as the back-office form sends them (the endpoint's shape; amounts judged per currency below). */
export const updateReferralSettingsSchema = z.strictObject({
  enabled: enabledSchema,
  rewardPerFriend: amountTextSchema,
  qualifyingDeposits: amountTextSchema,
  maxRewardedFriends: capTextSchema,
});
export type UpdateReferralSettings = z.infer<typeof updateReferralSettingsSchema>;

/**
 * The settings judged in the merchant's currency, field by field: a positive reward per friend and qualifying
 * deposit total within the currency's digits, and an optional cap of rewarded friends. The server and the
 * back-office form both judge with this.
 */
export const updateReferralSettingsSchemaFor = (currency: string) =>
  z.strictObject({
    enabled: enabledSchema,
    rewardPerFriend: amountFieldFor(currency, REFERRAL_AMOUNT_MAX_MINOR),
    qualifyingDeposits: amountFieldFor(currency, REFERRAL_AMOUNT_MAX_MINOR),
    maxRewardedFriends: capField,
  });

/** A merchant's programme inside: minor units of `currency`. */
export interface ReferralSettingsMinor {
  enabled: boolean;
  rewardPerFriend: bigint;
  qualifyingDeposits: bigint;
  /** null: every qualifying friend is rewarded. */
  maxRewardedFriends: number | null;
}

/** The checked settings in minor units (call only on settings that passed `updateReferralSettingsSchemaFor`). */
export const referralSettingsToMinor = (settings: UpdateReferralSettings, currency: string): ReferralSettingsMinor => ({
  enabled: settings.enabled,
  rewardPerFriend: minorOfChecked(settings.rewardPerFriend, currency),
  qualifyingDeposits: minorOfChecked(settings.qualifyingDeposits, currency),
  maxRewardedFriends: settings.maxRewardedFriends === '' ? null : Number(settings.maxRewardedFriends),
});

export const adminReferralSettingsSchema = z.object({
  /** The merchant's currency, in which the amounts are. */
  currency: z.string(),
  enabled: z.boolean(),
  /** null while the merchant has never set its programme (or set it in another currency). */
  rewardPerFriend: moneyStringSchema.nullable(),
  qualifyingDeposits: moneyStringSchema.nullable(),
  maxRewardedFriends: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminReferralSettings = z.infer<typeof adminReferralSettingsSchema>;

/** Public state `availablePromo` (spec section 3): which of the merchant's promotions are on. */
export const merchantPromotionsSchema = z.object({
  REFERRAL: z.object({ enabled: z.boolean() }),
});
export type MerchantPromotions = z.infer<typeof merchantPromotionsSchema>;

/** What a friend earns the member while the programme is on. */
export const referralTermsSchema = z.object({
  currency: z.string(),
  rewardPerFriend: moneyStringSchema,
  /** The friend's credited deposits must reach this total. */
  qualifyingDeposits: moneyStringSchema,
  /** The most friends one member is rewarded for; null: no limit. */
  maxRewardedFriends: z.number().int().nullable(),
});
export type ReferralTerms = z.infer<typeof referralTermsSchema>;

export const referralSummarySchema = z.object({
  /** The member's own code; the link is `/register?referralCode=<code>` on the site the member uses. */
  referralCode: z.string(),
  /** The terms while the programme is on; null while it is off (friends may still join, nothing is earned). */
  terms: referralTermsSchema.nullable(),
  friends: z.number().int(),
  qualified: z.number().int(),
  rewarded: z.number().int(),
  currency: z.string(),
  /** Every referral reward granted to the member, claimed or not. */
  earned: moneyStringSchema,
  /** The part of `earned` still waiting in the reward centre. */
  waiting: moneyStringSchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralFriendSchema = z.object({
  /** The friend's account, masked (`ab***yz`). */
  account: z.string(),
  joinedAt: z.string(),
  /** The friend's credited deposits reached the qualifying total (or the member was rewarded for it). */
  qualified: z.boolean(),
  reward: z.object({ amount: moneyStringSchema, currency: z.string(), status: z.enum(rewardStatuses) }).nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralFriendsPageSchema = z.object({
  list: z.array(referralFriendSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const referralEndpoints = {
  merchantPromotions: defineEndpoint({
    name: 'referral.merchantPromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    moduleIds: ['REWCEN3', 'REFERRAL3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: merchantPromotionsSchema,
    summary:
      "Public state availablePromo: whether the merchant's referral programme is on (REFERRAL3 on and the programme enabled).",
  }),
  summary: defineEndpoint({
    name: 'referral.summary',
    method: 'GET',
    path: '/wps/promotions/referral',
    moduleIds: ['REFERRAL3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: referralSummarySchema,
    summary:
      "The member's referral code, the programme's terms and its totals. Reading it first grants the rewards of friends who qualified (once each); a trial account is refused (in_need_true_account).",
  }),
  friends: defineEndpoint({
    name: 'referral.friends',
    method: 'GET',
    path: '/wps/promotions/referral/friends',
    moduleIds: ['REFERRAL3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject(promotionsPageQuery),
    response: referralFriendsPageSchema,
    summary:
      'The friends who registered with the member’s referral link, newest first: masked account, joined date, qualified or not, and the reward granted for them.',
  }),
} as const;

const merchantParams = z.strictObject({ code: merchantCodeSchema });

export const adminReferralEndpoints = {
  getSettings: defineEndpoint({
    name: 'admin.getReferralSettings',
    method: 'GET',
    path: '/api/admin/merchants/:code/referral-settings',
    moduleIds: [],
    access: access.operator('referral.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminReferralSettingsSchema,
    summary: "The merchant's referral programme in its currency (owner, finance, risk, support).",
  }),
  updateSettings: defineEndpoint({
    name: 'admin.updateReferralSettings',
    method: 'PUT',
    path: '/api/admin/merchants/:code/referral-settings',
    moduleIds: [],
    access: access.operator('referral.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: updateReferralSettingsSchema,
    response: adminReferralSettingsSchema,
    summary:
      "Sets the referral programme, checked in the merchant's currency (validation_failed with an error per field, nothing changed); audited with before and after in the same transaction (owner, finance).",
  }),
} as const;
