import { z } from 'zod';
import { isLanguageCode, type LanguageCode } from './languages';
import { isModuleId } from './module-ids';
import { parseMoney } from './money';
import { payoutMethodKinds } from './withdrawals';

/** A node of the whitelabel feature tree (api-facts 7.2): `enabled` is the string "1" when on. */
export interface WhitelabelNode {
  modId: string;
  enabled: '0' | '1';
  childrenNodes: WhitelabelNode[];
}
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.strictObject({
    modId: z.string().refine(isModuleId, { message: 'module_id_unknown' }),
    enabled: z.enum(['0', '1']),
    childrenNodes: z.array(whitelabelNodeSchema).max(200),
  }),
);

/** Flattens the tree into modId -> enabled, as the original client does. A disabled parent disables its children. */
export const flattenWhitelabel = (nodes: readonly WhitelabelNode[], parentEnabled = true): Record<string, boolean> => {
  const flat: Record<string, boolean> = {};
  for (const node of nodes) {
    const enabled = parentEnabled && node.enabled === '1';
    flat[node.modId] = enabled;
    Object.assign(flat, flattenWhitelabel(node.childrenNodes, enabled));
  }
  return flat;
};

export const registrationFieldNames = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'recommenderId',
  'affiliateCode',
  'captcha',
  'telegram',
  'zalo',
  'birthday',
  'nickname',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
export type RegistrationFieldName = (typeof registrationFieldNames)[number];

/** One registration field's rule (spec section 5, api-facts 7.3). `acceptedPattern` "*" means any. */
export const registerFieldRuleSchema = z
  .strictObject({
    enabled: z.boolean(),
    required: z.boolean(),
    acceptedPattern: z.string().max(500),
    patternId: z.number().int().min(0).max(21),
    minLength: z.number().int().min(0).max(1000),
    maxLength: z.number().int().min(1).max(1000),
  })
  .refine((rule) => rule.minLength <= rule.maxLength, { message: 'field_invalid', path: ['maxLength'] });
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;

export const registerRulesSchema = z.partialRecord(z.enum(registrationFieldNames), registerFieldRuleSchema);
export type RegisterRules = z.infer<typeof registerRulesSchema>;

const ipOrCidr = z.union(
  [
    z.ipv4({ message: 'field_invalid' }),
    z.ipv6({ message: 'field_invalid' }),
    z.cidrv4({ message: 'field_invalid' }),
    z.cidrv6({ message: 'field_invalid' }),
  ],
  { message: 'field_invalid' },
);
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'field_invalid' });

/**
 * Who may see the site. An IP in `allowedIpRanges` is always let in; otherwise a blocked IP range or country
 * blocks, and a non-empty `allowedCountries` blocks every other country.
 */
export const regionRestrictionSchema = z.strictObject({
  allowedCountries: z.array(countryCode).max(300),
  blockedCountries: z.array(countryCode).max(300),
  allowedIpRanges: z.array(ipOrCidr).max(500),
  blockedIpRanges: z.array(ipOrCidr).max(500),
});
export type RegionRestriction = z.infer<typeof regionRestrictionSchema>;

export const maintenanceSettingsSchema = z
  .strictObject({
    /** On now, until switched off. */
    enabled: z.boolean(),
    /** A scheduled window; both ends or neither. */
    startAt: z.iso.datetime({ offset: true }).nullable(),
    endAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .refine((m) => (m.startAt === null) === (m.endAt === null), { message: 'field_invalid', path: ['endAt'] })
  .refine((m) => m.startAt === null || m.endAt === null || Date.parse(m.startAt) < Date.parse(m.endAt), {
    message: 'field_invalid',
    path: ['endAt'],
  });
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** A customer-service entry as operators enter it; the site serves `url` obfuscated as `path`. */
export const customerServiceEntrySchema = z.strictObject({
  csType: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z_]{2,30}$/, { message: 'field_invalid' }),
  title: z.string().trim().min(1).max(100),
  url: httpUrl,
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

/** One line of the mirror-site / line-detection list. */
export const domainRouteSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  url: httpUrl,
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const resourceSchema = z.strictObject({
  resourceType: z.string().trim().min(1).max(40),
  url: httpUrl,
  labelNameEn: z.string().trim().max(100),
});
export type Resource = z.infer<typeof resourceSchema>;

const languageCodeSchema = z.string().refine(isLanguageCode, { message: 'field_invalid' }) as unknown as z.ZodType<
  LanguageCode,
  string
>;

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, { message: 'field_invalid' })
  .max(253);

/** CSS custom property name (without the leading `--`) to value. Values may not break out of the declaration. */
export const themeTokensSchema = z
  .record(
    z.string().regex(/^[a-z][a-z0-9-]{0,60}$/, { message: 'field_invalid' }),
    z
      .string()
      .max(200)
      .regex(/^[^;{}<>]*$/, { message: 'field_invalid' }),
  )
  .refine((tokens) => Object.keys(tokens).length <= 200, { message: 'field_too_large' });

/** A limit in major units of the merchant's currency ("50", "1000.50"); its precision is checked against the currency. */
const majorAmount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,6})?$/, { message: 'amount_not_numeric' });

/** One payout method on offer with its per-order limits: the minimum above zero, the maximum not below it. */
export const withdrawalMethodLimitsSchema = z
  .strictObject({ kind: z.enum(payoutMethodKinds), minAmount: majorAmount, maxAmount: majorAmount })
  .superRefine((m, ctx) => {
    const min = Number(m.minAmount);
    if (min <= 0) ctx.addIssue({ code: 'custom', message: 'amount_not_positive', path: ['minAmount'] });
    else if (Number(m.maxAmount) < min) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'number',
        minimum: min,
        inclusive: true,
        message: 'field_too_small',
        path: ['maxAmount'],
        input: m.maxAmount,
      });
    }
  });
export type WithdrawalMethodLimits = z.infer<typeof withdrawalMethodLimitsSchema>;

export const withdrawalSettingsSchema = z.strictObject({
  /** After a payout, minutes until an unconfirmed withdrawal counts as received. */
  autoConfirmMinutes: z.number().int().min(1).max(43_200),
  /** Withdrawals a member may open per day in the merchant's time zone. */
  dailyCount: z.number().int().min(1).max(1000),
  /** Payout methods on offer, each kind once, with its limits in major units of the merchant's currency. */
  methods: z
    .array(withdrawalMethodLimitsSchema)
    .max(payoutMethodKinds.length)
    .superRefine((methods, ctx) => {
      methods.forEach((m, index) => {
        if (methods.findIndex((other) => other.kind === m.kind) !== index) {
          ctx.addIssue({ code: 'custom', message: 'field_invalid', path: [index, 'kind'] });
        }
      });
    }),
});

export const defaultWithdrawalSettings: z.infer<typeof withdrawalSettingsSchema> = {
  autoConfirmMinutes: 120,
  dailyCount: 5,
  methods: [
    { kind: 'bank_account', minAmount: '50', maxAmount: '50000' },
    { kind: 'e_wallet', minAmount: '20', maxAmount: '20000' },
    { kind: 'crypto', minAmount: '20', maxAmount: '100000' },
    { kind: 'mobile', minAmount: '10', maxAmount: '5000' },
  ],
};

/** Everything an operator can set about a merchant (white label). */
export const merchantSettingsSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    enabled: z.boolean(),
    domains: z.array(domainName).max(50),
    defaultLanguage: languageCodeSchema,
    supportedLanguages: z.array(languageCodeSchema).min(1).max(60),
    currency: z.string().regex(/^[A-Z]{3}$/, { message: 'field_invalid' }),
    timeZone: z.string().refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'field_invalid' },
    ),
    themeTokens: z.strictObject({ light: themeTokensSchema, dark: themeTokensSchema }),
    whitelabel: z.array(whitelabelNodeSchema).max(200),
    registerRules: registerRulesSchema,
    maintenance: maintenanceSettingsSchema,
    region: regionRestrictionSchema,
    customerService: z.array(customerServiceEntrySchema).max(20),
    domainRoutes: z.array(domainRouteSchema).max(50),
    resources: z.array(resourceSchema).max(50),
    mainDomain: z.string().trim().max(253),
    analytics: z.strictObject({ gtagId: z.string().trim().max(40).nullable() }),
    imageCDNs: z.array(httpUrl).max(20),
    launchGameCDNs: z.array(httpUrl).max(20),
    /** Separate game wallets the member moves money into (GCS_walletTransfer); none: one wallet (isSingle). */
    gameWallets: z
      .array(
        z.strictObject({
          code: z
            .string()
            .regex(/^[a-z][a-z0-9_]{1,31}$/, { message: 'field_invalid' })
            .refine((code) => code !== 'main' && code !== 'bonus' && code !== 'points', {
              message: 'field_not_allowed',
            }),
          name: z.string().trim().min(1).max(60),
        }),
      )
      .max(20)
      .default([]),
    /** Withdrawal rules: limits per payout method, per-day count, and the confirmation window (spec 4, 9). */
    withdrawal: withdrawalSettingsSchema.default(defaultWithdrawalSettings),
    /** How a member may confirm a login from a new IP (LOGINIPVERF3). */
    loginVerification: z
      .strictObject({ methods: z.array(z.enum(['sms', 'email', 'payee', 'totp'])).max(4) })
      .default({ methods: ['sms', 'email', 'payee', 'totp'] }),
  })
  .refine((s) => s.supportedLanguages.includes(s.defaultLanguage), {
    message: 'field_invalid',
    path: ['defaultLanguage'],
  })
  .superRefine((s, ctx) => {
    // Withdrawal limits hold no more decimals than the merchant's currency has (USD 2, JPY 0, KWD 3).
    s.withdrawal.methods.forEach((m, index) => {
      for (const field of ['minAmount', 'maxAmount'] as const) {
        const parsed = parseMoney(m[field], s.currency);
        if (!parsed.ok && parsed.error === 'amount_too_precise') {
          ctx.addIssue({ code: 'custom', message: parsed.error, path: ['withdrawal', 'methods', index, field] });
        }
      }
    });
  });
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

export const merchantCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{1,31}$/, { message: 'field_invalid' });
