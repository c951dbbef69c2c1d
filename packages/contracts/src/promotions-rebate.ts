import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type GameCategory, gameCategories, gameCategorySchema } from './games';
import { merchantCodeSchema } from './merchants';
import { amountFieldFor, amountTextSchema, formatMinor, minorOfChecked, minorWithin } from './money';
import { moneyStringSchema } from './wallet';

/**
 * Manual rebate (module MANUALREBATE3, decision 0042): a member collects, by pressing a button, a share of the
 * valid bets of its settled rounds not yet rebated, at the merchant's rate for each game category.
 *
 * A rate is an integer of parts per million of the turnover (1 % = 10 000 ppm), written on the wire and typed by
 * operators as a percentage with up to four decimals ("0.8" = 8 000 ppm; "0.0001" = 1 ppm). Amounts are decimal
 * strings in major units of the merchant's currency, minor units inside.
 */

/** Parts per million: the rate's denominator. */
export const REBATE_RATE_SCALE = 1_000_000n;
/** A rate's decimals as a percentage: 4, so one ppm is the smallest step. */
export const REBATE_RATE_PERCENT_DIGITS = 4;
/** The highest rate a merchant may set: 10 % of the turnover. */
export const REBATE_RATE_MAX_PPM = 100_000;
/** The largest minimum or maximum an operator may set, in minor units (as for the in-house limits). */
export const REBATE_AMOUNT_MAX_MINOR = 10n ** 12n;

export type RebateRateError = 'field_invalid' | 'rebate_rate_too_precise' | 'field_too_large';

/** A percentage as typed ("0.8", "1.25") in ppm, or the field code that says what is wrong with it. */
export const parseRebateRate = (text: string): { ok: true; ppm: number } | { ok: false; error: RebateRateError } => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return { ok: false, error: 'field_invalid' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > REBATE_RATE_PERCENT_DIGITS)
    return { ok: false, error: 'rebate_rate_too_precise' };
  // Beyond seven whole digits the number is far above the maximum anyway (and stays a safe integer here).
  if (whole.replace(/^0+/, '').length > 7) return { ok: false, error: 'field_too_large' };
  const ppm =
    Number(whole) * 10 ** REBATE_RATE_PERCENT_DIGITS +
    Number(fraction.padEnd(REBATE_RATE_PERCENT_DIGITS, '0').slice(0, REBATE_RATE_PERCENT_DIGITS));
  if (ppm > REBATE_RATE_MAX_PPM) return { ok: false, error: 'field_too_large' };
  return { ok: true, ppm };
};

/** ppm as the wire's percentage: at least two decimals, no trailing zeros beyond them (8000 → "0.80", 1250 → "0.125"). */
export const formatRebateRate = (ppm: number): string => {
  const unit = 10 ** REBATE_RATE_PERCENT_DIGITS;
  const fraction = String(ppm % unit)
    .padStart(REBATE_RATE_PERCENT_DIGITS, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${Math.floor(ppm / unit)}.${fraction}`;
};

/** A rate on the wire: a percentage with up to four decimals. */
export const rebateRateSchema = z.string().regex(/^\d{1,2}\.\d{2,4}$/);

const rateTextSchema = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(20, { message: 'field_invalid' });

const rateField = rateTextSchema.superRefine((text, ctx) => {
  if (text === '') return; // reported as not_empty
  const parsed = parseRebateRate(text);
  if (parsed.ok) return;
  ctx.addIssue({
    code: 'custom',
    message: parsed.error,
    ...(parsed.error === 'field_too_large' ? { params: { max: formatRebateRate(REBATE_RATE_MAX_PPM) } } : {}),
  });
});

/** The settings as the form sends them: every category's rate, a minimum, and a maximum ('' for none). */
export const updateRebateSettingsSchema = z.strictObject({
  rates: z.record(gameCategorySchema, rateTextSchema),
  minimum: amountTextSchema,
  maximum: z.string({ message: 'field_invalid' }).trim().max(40, { message: 'amount_not_numeric' }),
});
export type UpdateRebateSettings = z.infer<typeof updateRebateSettingsSchema>;

/**
 * The settings judged in the merchant's currency, field by field (rates within 0–10 % in steps of one ppm, a
 * positive minimum, an optional maximum not below it: `rebate_maximum_below_minimum` with the minimum as `min`).
 * The server and the back-office form both judge with this.
 */
export const updateRebateSettingsSchemaFor = (currency: string) =>
  z
    .strictObject({
      rates: z.record(gameCategorySchema, rateField),
      minimum: amountFieldFor(currency, REBATE_AMOUNT_MAX_MINOR),
      maximum: z.union([z.literal(''), amountFieldFor(currency, REBATE_AMOUNT_MAX_MINOR)]),
    })
    .superRefine((settings, ctx) => {
      if (settings.maximum === '') return;
      const minimum = minorWithin(settings.minimum, currency, REBATE_AMOUNT_MAX_MINOR);
      const maximum = minorWithin(settings.maximum, currency, REBATE_AMOUNT_MAX_MINOR);
      if (minimum !== null && maximum !== null && maximum < minimum) {
        ctx.addIssue({
          code: 'custom',
          message: 'rebate_maximum_below_minimum',
          path: ['maximum'],
          params: { min: formatMinor(minimum, currency) },
        });
      }
    });

/** A merchant's rebate settings inside: ppm per category and minor units, once every check passed. */
export interface RebateSettingsMinor {
  ratesPpm: Record<GameCategory, number>;
  minimum: bigint;
  maximum: bigint | null;
}

/** The checked settings in ppm and minor units (call only on settings that passed `updateRebateSettingsSchemaFor`). */
export const rebateSettingsToMinor = (settings: UpdateRebateSettings, currency: string): RebateSettingsMinor => {
  const ratesPpm = {} as Record<GameCategory, number>;
  for (const category of gameCategories) {
    const parsed = parseRebateRate(settings.rates[category]);
    if (!parsed.ok) throw new RangeError(`unchecked rebate rate: ${parsed.error}`);
    ratesPpm[category] = parsed.ppm;
  }
  return {
    ratesPpm,
    minimum: minorOfChecked(settings.minimum, currency),
    maximum: settings.maximum === '' ? null : minorOfChecked(settings.maximum, currency),
  };
};

/** One category of what collecting now would pay: the valid bet not yet rebated, the rate, the rebate. */
export const rebateCategorySchema = z.object({
  productType: gameCategorySchema,
  rate: rebateRateSchema,
  validBet: moneyStringSchema,
  rebate: moneyStringSchema,
});
export type RebateCategory = z.infer<typeof rebateCategorySchema>;

/** Why collecting now is refused: nothing reaches the minimum, or the merchant rebates no category. */
export const rebateBlockReasons = ['rebate_below_minimum', 'rebate_not_offered'] as const;
export type RebateBlockReason = (typeof rebateBlockReasons)[number];

export const rebateOverviewSchema = z.object({
  currency: z.string(),
  minimum: moneyStringSchema,
  /** The most one collection pays; null: no maximum. */
  maximum: moneyStringSchema.nullable(),
  /** The categories the merchant rebates (rate above 0), in catalogue order. */
  categories: z.array(rebateCategorySchema),
  validBet: moneyStringSchema,
  /** The sum of the categories' rebates. */
  total: moneyStringSchema,
  /** What collecting now pays: the total, or the maximum when the total is above it. */
  payable: moneyStringSchema,
  isCapped: z.boolean(),
  canCollect: z.boolean(),
  blockedBy: z.enum(rebateBlockReasons).nullable(),
});
export type RebateOverview = z.infer<typeof rebateOverviewSchema>;

export const rebateClaimCategorySchema = rebateCategorySchema.extend({ roundCount: z.number().int() });

/** One collection: what it paid, what its rounds came to before the maximum, and how, per category. */
export const rebateClaimSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  currency: z.string(),
  amount: moneyStringSchema,
  total: moneyStringSchema,
  validBet: moneyStringSchema,
  roundCount: z.number().int(),
  categories: z.array(rebateClaimCategorySchema),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

/** Paging of the lists (each written out: a shared builder would run as the member site's script loads). */
const pageFields = { pageNo: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() };

export const rebateClaimsPageSchema = z.object({ list: z.array(rebateClaimSchema), ...pageFields });
export type RebateClaimsPage = z.infer<typeof rebateClaimsPageSchema>;

export const rebateEndpoints = {
  overview: defineEndpoint({
    name: 'rebate.overview',
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    moduleIds: ['MANUALREBATE3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: rebateOverviewSchema,
    summary:
      "The member's manual rebate by product type (game category): the merchant's rate, the valid bet not yet rebated and its rebate, the total, the minimum and maximum, and whether collecting now pays (nothing is marked).",
  }),
  collect: defineEndpoint({
    name: 'rebate.collect',
    method: 'POST',
    path: '/wps/rebate/collect',
    moduleIds: ['MANUALREBATE3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: rebateClaimSchema,
    summary:
      'Collects the rebate of every settled round not yet rebated, in one transaction: the rounds are marked, the claim recorded and the amount paid from the merchant’s promotions account to the main wallet. Below the minimum: rebate_below_minimum, nothing changed. Trial accounts: in_need_true_account. Rate-limited per member.',
  }),
  claims: defineEndpoint({
    name: 'rebate.claims',
    method: 'GET',
    path: '/wps/rebate/claims',
    moduleIds: ['MANUALREBATE3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject(pageQuery),
    response: rebateClaimsPageSchema,
    summary: "The member's past rebate collections, newest first.",
  }),
} as const;

export const adminRebateSettingsSchema = z.object({
  currency: z.string(),
  rates: z.record(gameCategorySchema, rebateRateSchema),
  minimum: moneyStringSchema,
  maximum: moneyStringSchema.nullable(),
  /** True while the merchant has saved nothing: every rate is 0 and the platform's minimum applies. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AdminRebateSettings = z.infer<typeof adminRebateSettingsSchema>;

export const adminRebateClaimSchema = rebateClaimSchema.extend({
  memberId: z.string(),
  account: z.string().nullable(),
});
export type AdminRebateClaim = z.infer<typeof adminRebateClaimSchema>;

export const adminRebateClaimsPageSchema = z.object({ list: z.array(adminRebateClaimSchema), ...pageFields });

const merchantParams = z.strictObject({ code: merchantCodeSchema });

export const adminRebateEndpoints = {
  getSettings: defineEndpoint({
    name: 'admin.getRebateSettings',
    method: 'GET',
    path: '/api/admin/merchants/:code/rebate-settings',
    moduleIds: [],
    access: access.operator('rebate.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminRebateSettingsSchema,
    summary:
      "The merchant's manual rebate rates per game category, minimum and maximum (owner, finance, risk, support).",
  }),
  updateSettings: defineEndpoint({
    name: 'admin.updateRebateSettings',
    method: 'PUT',
    path: '/api/admin/merchants/:code/rebate-settings',
    moduleIds: [],
    access: access.operator('rebate.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: updateRebateSettingsSchema,
    response: adminRebateSettingsSchema,
    summary:
      "Replaces the merchant's rebate settings, checked in its currency (validation_failed with per-field errors, nothing changed); audited with before and after in the same transaction (owner, finance).",
  }),
  listClaims: defineEndpoint({
    name: 'admin.listRebateClaims',
    method: 'GET',
    path: '/api/admin/merchants/:code/rebate-claims',
    moduleIds: [],
    access: access.operator('rebate.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject(pageQuery),
    response: adminRebateClaimsPageSchema,
    summary: "The merchant's rebate collections, newest first (owner, finance, risk, support).",
  }),
} as const;
