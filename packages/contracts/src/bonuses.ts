import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { gameCategories } from './games';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';
import { promotionsPageQuery } from './promotions-rewards';
import { moneyStringSchema } from './wallet';

/**
 * The bonus wallet (issue 28, decision 0081): bonus money credited to the member's `bonus` wallet with a wagering
 * requirement, counted from valid bets on eligible game categories, released to the main wallet once met,
 * forfeited or expired to the house otherwise. Spec section 2: the personal centre's bonus details (bonusDetails).
 */

/** What the turnover requirement is a multiple of. */
export const bonusWageringBases = ['bonus', 'bonus_deposit'] as const;
export type BonusWageringBase = (typeof bonusWageringBases)[number];

export const bonusStatuses = ['active', 'released', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

/** Where a bonus came from: a promotion the member joined, or an operator's manual grant. */
export const bonusSources = ['promotion', 'manual', 'red_envelope'] as const;
export type BonusSource = (typeof bonusSources)[number];

/** What a withdrawal does while a bonus is open: refused, or the bonus forfeited once the member confirms. */
export const bonusWithdrawalPolicies = ['refuse', 'forfeit'] as const;
export type BonusWithdrawalPolicy = (typeof bonusWithdrawalPolicies)[number];

export const BONUS_MULTIPLE_MAX = 100;
export const BONUS_EXPIRY_DAYS_MAX = 365;
export const BONUS_REASON_MAX = 200;
/** The largest bonus one grant may carry, in minor units. */
export const BONUS_AMOUNT_MAX_MINOR = 10n ** 12n;

export const bonusSchema = z.object({
  id: z.string(),
  source: z.enum(bonusSources),
  /** The promotion's id when it came from one. */
  promotionId: z.string().nullable(),
  /** The promotion's title in the reader's language, or the operator's reason for a manual grant. */
  title: z.string(),
  currency: z.string(),
  amount: moneyStringSchema,
  requirement: moneyStringSchema,
  wagered: moneyStringSchema,
  /** Whole percent of the requirement wagered, rounded down (100 once met). */
  progress: z.number().int(),
  categories: z.array(z.string()),
  status: z.enum(bonusStatuses),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

export const bonusPageSchema = z.object({
  list: z.array(bonusSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /** The member's bonus wallet: the sum of its active bonuses. */
  activeAmount: moneyStringSchema,
  activeCount: z.number().int(),
});
export type BonusPage = z.infer<typeof bonusPageSchema>;

export const bonusesEndpoints = {
  list: defineEndpoint({
    name: 'bonuses.list',
    method: 'GET',
    path: '/wps/bonuses',
    moduleIds: ['REWCEN3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject(promotionsPageQuery),
    response: bonusPageSchema,
    summary:
      "Bonus details: the member's bonuses, newest first, each with its wagering requirement, what is wagered and its state, and the bonus wallet's open total.",
  }),
} as const;

const memberParams = z.strictObject({ code: merchantCodeSchema, memberId: z.uuid({ message: 'field_invalid' }) });

/** A manual grant as the operator types it; the amount is judged in the merchant's currency by the server. */
export const grantBonusRequestSchema = z.strictObject({
  /** Made by the form once: a repeated submit grants once. */
  requestId: z.uuid({ message: 'field_invalid' }),
  amount: amountTextSchema,
  multiple: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(BONUS_MULTIPLE_MAX, { message: 'field_too_large' }),
  categories: z.array(z.enum(gameCategories, { message: 'field_not_allowed' })).max(gameCategories.length),
  expiresInDays: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(1, { message: 'field_too_small' })
    .max(BONUS_EXPIRY_DAYS_MAX, { message: 'field_too_large' }),
  reason: z.string().trim().min(1, { message: 'not_empty' }).max(BONUS_REASON_MAX, { message: 'field_too_long' }),
});
export type GrantBonusRequest = z.infer<typeof grantBonusRequestSchema>;

export const bonusSettingsSchema = z.object({ withdrawalPolicy: z.enum(bonusWithdrawalPolicies) });
export type BonusSettings = z.infer<typeof bonusSettingsSchema>;

export const adminBonusesEndpoints = {
  memberBonuses: defineEndpoint({
    name: 'admin.memberBonuses',
    method: 'GET',
    path: '/api/admin/merchants/:code/members/:memberId/bonuses',
    moduleIds: [],
    access: access.operator('member.wallet', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject(promotionsPageQuery),
    response: bonusPageSchema,
    summary: "A member's bonuses with their wagering, newest first (owner, finance, risk, support).",
  }),
  grant: defineEndpoint({
    name: 'admin.grantBonus',
    method: 'POST',
    path: '/api/admin/merchants/:code/members/:memberId/bonuses',
    moduleIds: [],
    access: access.operator('bonuses.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: grantBonusRequestSchema,
    response: bonusSchema,
    summary:
      'Grants a bonus by hand with a reason (audited): credited to the bonus wallet with a requirement of `multiple` times the amount on the given categories (none: every category), expiring after the days given.',
  }),
  settings: defineEndpoint({
    name: 'admin.bonusSettings',
    method: 'GET',
    path: '/api/admin/merchants/:code/bonus-settings',
    moduleIds: [],
    access: access.operator('bonuses.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({}),
    response: bonusSettingsSchema,
    summary: 'What a withdrawal does while a bonus is open: refused, or the bonus forfeited after confirmation.',
  }),
  updateSettings: defineEndpoint({
    name: 'admin.updateBonusSettings',
    method: 'PUT',
    path: '/api/admin/merchants/:code/bonus-settings',
    moduleIds: [],
    access: access.operator('bonuses.manage', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({ withdrawalPolicy: z.enum(bonusWithdrawalPolicies, { message: 'field_not_allowed' }) }),
    response: bonusSettingsSchema,
    summary: 'Sets the withdrawal policy while a bonus is open (audited).',
  }),
} as const;
