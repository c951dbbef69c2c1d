import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type InhouseGame, inhouseGames, multiplierSchema } from './inhouse';
import { merchantCodeSchema } from './merchants';
import { amountFieldFor, amountTextSchema, formatMinor, minorOfChecked, minorWithin } from './money';
import { moneyStringSchema } from './wallet';

/**
 * The back office's in-house game limits per merchant (issue 6): for each game the minimum and maximum stake and
 * the maximum payout of one bet, as decimal strings in major units of the merchant's currency.
 */

/** The largest limit an operator may set, in minor units: far above any real table, far below the ledger's cap. */
export const INHOUSE_LIMIT_MAX_MINOR = 10n ** 12n;

export const inhouseLimitsInputSchema = z.strictObject({
  minStake: amountTextSchema,
  maxStake: amountTextSchema,
  maxPayout: amountTextSchema,
});
export type InhouseLimitsInput = z.infer<typeof inhouseLimitsInputSchema>;

export const inhouseLimitFields = ['minStake', 'maxStake', 'maxPayout'] as const;
export type InhouseLimitField = (typeof inhouseLimitFields)[number];

/** A merchant's limits in minor units, per field, once every check passed. */
export type InhouseLimitsMinor = Record<InhouseLimitField, bigint>;

/** One amount in `currency`: positive, within the currency's digits, at most INHOUSE_LIMIT_MAX_MINOR. */
const limitAmountFor = (currency: string) => amountFieldFor(currency, INHOUSE_LIMIT_MAX_MINOR);

/** The three amounts as minor units (call only on limits that passed `inhouseLimitsSchemaFor`). */
export const inhouseLimitsToMinor = (limits: InhouseLimitsInput, currency: string): InhouseLimitsMinor => ({
  minStake: minorOfChecked(limits.minStake, currency),
  maxStake: minorOfChecked(limits.maxStake, currency),
  maxPayout: minorOfChecked(limits.maxPayout, currency),
});

/**
 * One game's limits judged in `currency`: each amount on its own, then the maximum stake not below the minimum
 * and the maximum payout not below the maximum stake. The server and the back-office form both judge with this;
 * a code with placeholders carries them as `params`.
 */
export const inhouseLimitsSchemaFor = (currency: string) =>
  z
    .strictObject({
      minStake: limitAmountFor(currency),
      maxStake: limitAmountFor(currency),
      maxPayout: limitAmountFor(currency),
    })
    .superRefine((limits, ctx) => {
      // Two amounts are compared once both are valid (each one's own error is reported above).
      const [minStake, maxStake, maxPayout] = inhouseLimitFields.map((field) =>
        minorWithin(limits[field], currency, INHOUSE_LIMIT_MAX_MINOR),
      );
      if (minStake != null && maxStake != null && maxStake < minStake) {
        ctx.addIssue({
          code: 'custom',
          message: 'inhouse_max_stake_below_min',
          path: ['maxStake'],
          params: { min: formatMinor(minStake, currency) },
        });
      }
      if (maxStake != null && maxPayout != null && maxPayout < maxStake) {
        ctx.addIssue({
          code: 'custom',
          message: 'inhouse_max_payout_below_stake',
          path: ['maxPayout'],
          params: { min: formatMinor(maxStake, currency) },
        });
      }
    });

const limitsByGame = <T extends z.ZodType>(limits: T) =>
  z
    .partialRecord(z.enum(inhouseGames, { message: 'field_not_allowed' }), limits)
    .refine((value) => Object.keys(value).length > 0, { message: 'not_empty' });

/** The limits of some games (one or all), keyed by game; at least one. */
export const updateInhouseLimitsSchema = z.strictObject({ limits: limitsByGame(inhouseLimitsInputSchema) });
export type UpdateInhouseLimits = z.infer<typeof updateInhouseLimitsSchema>;

/** The update as judged in the merchant's currency; field errors name `limits.<game>.<field>`. */
export const updateInhouseLimitsSchemaFor = (currency: string) =>
  z.strictObject({ limits: limitsByGame(inhouseLimitsSchemaFor(currency)) });

export const adminInhouseLimitSchema = z.object({
  game: z.enum(inhouseGames),
  minStake: moneyStringSchema,
  maxStake: moneyStringSchema,
  maxPayout: moneyStringSchema,
  /** True while the merchant has set nothing for the game and the platform's defaults apply. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The game's highest multiplier: a stake whose best outcome would pay above the maximum payout is refused. */
  maxMultiplier: multiplierSchema,
});
export type AdminInhouseLimit = z.infer<typeof adminInhouseLimitSchema>;

export const adminInhouseLimitsSchema = z.object({
  currency: z.string(),
  games: z.array(adminInhouseLimitSchema),
});
export type AdminInhouseLimits = z.infer<typeof adminInhouseLimitsSchema>;

export const isInhouseGame = (value: string): value is InhouseGame =>
  (inhouseGames as readonly string[]).includes(value);

const merchantParams = z.strictObject({ code: merchantCodeSchema });

export const adminInhouseEndpoints = {
  getLimits: defineEndpoint({
    name: 'admin.getInhouseLimits',
    method: 'GET',
    path: '/api/admin/merchants/:code/inhouse-limits',
    moduleIds: [],
    access: access.operator('inhouse.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminInhouseLimitsSchema,
    summary:
      "Every in-house game's minimum stake, maximum stake and maximum payout per bet in the merchant's currency (owner, finance, risk).",
  }),
  updateLimits: defineEndpoint({
    name: 'admin.updateInhouseLimits',
    method: 'PUT',
    path: '/api/admin/merchants/:code/inhouse-limits',
    moduleIds: [],
    access: access.operator('inhouse.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: updateInhouseLimitsSchema,
    response: adminInhouseLimitsSchema,
    summary:
      "Sets the limits of one or more games at once, checked in the merchant's currency (validation_failed with limits.<game>.<field> errors, nothing changed); audited with before and after in the same transaction; new bets use them at once (owner, risk).",
  }),
} as const;
