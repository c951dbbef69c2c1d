import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { formatMinor, parseMoney } from './money';
import { moneyStringSchema } from './wallet';

/**
 * The back office's VIP levels per merchant (decision 0040): label names and benefit lines per language, the
 * cumulative deposit and valid-bet requirements and the upgrade bonus as decimal strings in major units of the
 * merchant's currency. The server and the back-office form judge a level with the same `vipLevelSchemaFor`.
 */

/** The largest amount an operator may set, in minor units (as for in-house limits, decision 0027). */
export const VIP_AMOUNT_MAX_MINOR = 10n ** 12n;
export const VIP_NAME_MAX = 32;
export const VIP_BENEFIT_LINES_MAX = 6;
export const VIP_BENEFIT_LINE_MAX = 80;

export const vipAmountFields = ['depositRequirement', 'validBetRequirement', 'upgradeBonus'] as const;
export type VipAmountField = (typeof vipAmountFields)[number];
/** The requirements, which must not fall from one level to the next. */
export const vipRequirementFields = ['depositRequirement', 'validBetRequirement'] as const;
export type VipRequirementField = (typeof vipRequirementFields)[number];

const amountText = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(40, { message: 'amount_not_numeric' });
const language = z.enum(languageCodes, { message: 'field_not_allowed' });

/** A level as typed: names and benefit lines (one text of lines) per language, the three amounts. */
export const vipLevelInputSchema = z.strictObject({
  names: z.partialRecord(language, z.string().max(200)),
  depositRequirement: amountText,
  validBetRequirement: amountText,
  upgradeBonus: amountText,
  benefits: z.partialRecord(language, z.string().max(2000)),
});
export type VipLevelInput = z.infer<typeof vipLevelInputSchema>;

/** An amount of `currency` that may be zero; the errors of `parseMoney` otherwise. */
const parseAmount = (text: string, currency: string) => {
  const parsed = parseMoney(text, currency);
  if (!parsed.ok && parsed.error === 'amount_not_positive' && !text.trim().startsWith('-')) {
    return { ok: true as const, minor: 0n };
  }
  return parsed;
};

/** The requirements of a level as the wire carries them (decimal strings), in minor units; a bad one reads as 0. */
export const vipRequirementsOf = (level: Record<VipRequirementField, string>, currency: string): VipRequirements => {
  const minorOf = (text: string) => {
    const parsed = parseAmount(text, currency);
    return parsed.ok ? parsed.minor : 0n;
  };
  return {
    depositRequirement: minorOf(level.depositRequirement),
    validBetRequirement: minorOf(level.validBetRequirement),
  };
};

/** The non-empty lines of a benefits text, trimmed. */
export const benefitLinesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A level's requirements in minor units, as the neighbours of the level being judged. */
export type VipRequirements = Record<VipRequirementField, bigint>;

export interface VipLevelContext {
  currency: string;
  defaultLanguage: LanguageCode;
  supportedLanguages: readonly LanguageCode[];
  /** The level below and the level above the one judged (null: none), which its requirements must stay between. */
  lower?: VipRequirements | null;
  higher?: VipRequirements | null;
}

/**
 * One level judged for a merchant: a name in its default language, names and benefits only in its languages,
 * each amount zero or more within the currency's digits, and each requirement between the levels around it.
 * Field errors name `names.<LANG>`, `benefits.<LANG>` and the amount fields, with their bound in `params`.
 */
export const vipLevelSchemaFor = (context: VipLevelContext) =>
  vipLevelInputSchema.superRefine((level, ctx) => {
    const supported = new Set<string>(context.supportedLanguages);
    for (const [lang, name] of Object.entries(level.names)) {
      if (!supported.has(lang)) ctx.addIssue({ code: 'custom', message: 'field_not_allowed', path: ['names', lang] });
      else if ((name ?? '').trim().length > VIP_NAME_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: 'field_too_long',
          path: ['names', lang],
          params: { max: VIP_NAME_MAX },
        });
      }
    }
    if ((level.names[context.defaultLanguage] ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'not_empty', path: ['names', context.defaultLanguage] });
    }
    for (const [lang, text] of Object.entries(level.benefits)) {
      const lines = benefitLinesOf(text ?? '');
      const path = ['benefits', lang];
      if (!supported.has(lang)) ctx.addIssue({ code: 'custom', message: 'field_not_allowed', path });
      else if (lines.length > VIP_BENEFIT_LINES_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: 'vip_benefits_too_many',
          path,
          params: { max: VIP_BENEFIT_LINES_MAX },
        });
      } else if (lines.some((line) => line.length > VIP_BENEFIT_LINE_MAX)) {
        ctx.addIssue({ code: 'custom', message: 'field_too_long', path, params: { max: VIP_BENEFIT_LINE_MAX } });
      }
    }
    const minor: Partial<Record<VipAmountField, bigint>> = {};
    for (const field of vipAmountFields) {
      const parsed = parseAmount(level[field], context.currency);
      const tooLarge = parsed.ok ? parsed.minor > VIP_AMOUNT_MAX_MINOR : parsed.error === 'amount_too_large';
      if (tooLarge) {
        ctx.addIssue({
          code: 'custom',
          message: 'field_too_large',
          path: [field],
          params: { max: formatMinor(VIP_AMOUNT_MAX_MINOR, context.currency) },
        });
      } else if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, path: [field] });
      else minor[field] = parsed.minor;
    }
    for (const field of vipRequirementFields) {
      const value = minor[field];
      if (value === undefined) continue;
      const below = context.lower?.[field];
      const above = context.higher?.[field];
      if (below !== undefined && value < below) {
        ctx.addIssue({
          code: 'custom',
          message: 'vip_below_lower_level',
          path: [field],
          params: { min: formatMinor(below, context.currency) },
        });
      } else if (above !== undefined && value > above) {
        ctx.addIssue({
          code: 'custom',
          message: 'vip_above_higher_level',
          path: [field],
          params: { max: formatMinor(above, context.currency) },
        });
      }
    }
  });

/** A level as stored: trimmed names and benefit lines without the empty ones, amounts in minor units. */
export interface VipLevelValues extends Record<VipAmountField, bigint> {
  names: Partial<Record<LanguageCode, string>>;
  benefits: Partial<Record<LanguageCode, string[]>>;
}

/** The stored values of a level that passed `vipLevelSchemaFor` in `currency`. */
export const vipLevelValuesOf = (level: VipLevelInput, currency: string): VipLevelValues => {
  const minorOf = (text: string) => {
    const parsed = parseAmount(text, currency);
    if (!parsed.ok) throw new RangeError(`unchecked VIP amount: ${parsed.error}`);
    return parsed.minor;
  };
  const names: Partial<Record<LanguageCode, string>> = {};
  for (const [lang, name] of Object.entries(level.names) as [LanguageCode, string][]) {
    if (name.trim() !== '') names[lang] = name.trim();
  }
  const benefits: Partial<Record<LanguageCode, string[]>> = {};
  for (const [lang, text] of Object.entries(level.benefits) as [LanguageCode, string][]) {
    const lines = benefitLinesOf(text);
    if (lines.length > 0) benefits[lang] = lines;
  }
  return {
    names,
    benefits,
    depositRequirement: minorOf(level.depositRequirement),
    validBetRequirement: minorOf(level.validBetRequirement),
    upgradeBonus: minorOf(level.upgradeBonus),
  };
};

export const adminVipLevelSchema = z.object({
  rankLevel: z.number().int(),
  names: z.partialRecord(z.enum(languageCodes), z.string()),
  benefits: z.partialRecord(z.enum(languageCodes), z.array(z.string())),
  depositRequirement: moneyStringSchema,
  validBetRequirement: moneyStringSchema,
  upgradeBonus: moneyStringSchema,
  updatedAt: z.string(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevelSchema>;

export const adminVipLevelsSchema = z.object({
  currency: z.string(),
  defaultLanguage: z.enum(languageCodes),
  supportedLanguages: z.array(z.enum(languageCodes)),
  /** Lowest first; ranks run 1..N. */
  levels: z.array(adminVipLevelSchema),
});
export type AdminVipLevels = z.infer<typeof adminVipLevelsSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const levelParams = z.strictObject({
  code: merchantCodeSchema,
  rankLevel: z.coerce.number({ message: 'field_invalid' }).int({ message: 'field_invalid' }).min(1).max(10_000),
});

export const adminVipEndpoints = {
  listLevels: defineEndpoint({
    name: 'admin.listVipLevels',
    method: 'GET',
    path: '/api/admin/merchants/:code/vip-levels',
    moduleIds: [],
    access: access.operator('vip.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminVipLevelsSchema,
    summary: "The merchant's VIP levels, lowest first, in its currency (owner, finance, risk, support).",
  }),
  createLevel: defineEndpoint({
    name: 'admin.createVipLevel',
    method: 'POST',
    path: '/api/admin/merchants/:code/vip-levels',
    moduleIds: [],
    access: access.operator('vip.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: vipLevelInputSchema,
    response: adminVipLevelsSchema,
    summary:
      'Adds a level above the highest (validation_failed with field errors, nothing changed); audited with the change in one transaction (owner, finance).',
  }),
  updateLevel: defineEndpoint({
    name: 'admin.updateVipLevel',
    method: 'PUT',
    path: '/api/admin/merchants/:code/vip-levels/:rankLevel',
    moduleIds: [],
    access: access.operator('vip.manage', 'merchant'),
    encrypted: false,
    params: levelParams,
    request: vipLevelInputSchema,
    response: adminVipLevelsSchema,
    summary:
      'Replaces a level; its requirements stay between the levels around it (vip_below_lower_level, vip_above_higher_level); audited with before and after (owner, finance).',
  }),
  removeLevel: defineEndpoint({
    name: 'admin.removeVipLevel',
    method: 'DELETE',
    path: '/api/admin/merchants/:code/vip-levels/:rankLevel',
    moduleIds: [],
    access: access.operator('vip.manage', 'merchant'),
    encrypted: false,
    params: levelParams,
    request: z.strictObject({}),
    response: adminVipLevelsSchema,
    summary:
      'Removes the highest level (another answers vip_level_not_last); members who reached it keep their rank; audited (owner, finance).',
  }),
} as const;
