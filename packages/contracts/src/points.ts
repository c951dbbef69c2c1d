import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { moneyStringSchema } from './wallet';

/**
 * Points (issue 27; spec sections 1-7, api-facts 6.7 and 12.6): earned by valid bets per game category and by
 * credited deposits at the merchant's rates, never expiring, spent in the points mall or converted to cash in the
 * main wallet with the withdraw password. Points are whole numbers and travel as decimal strings.
 */

/** The point types of the history (api-facts 12.6: live, lott, pvp, rng, sports, redeem, deposit) and ours (buy: points bought with cash). */
export const pointTypes = [
  'live',
  'lott',
  'pvp',
  'rng',
  'sports',
  'inhouse',
  'deposit',
  'redeem',
  'refund',
  'convert',
  'buy',
  'adjust',
] as const;
export type PointType = (typeof pointTypes)[number];

/** The earning categories an operator sets a rate for: the bet ones and `deposit`. */
export const pointEarnCategories = ['live', 'lott', 'pvp', 'rng', 'sports', 'inhouse', 'deposit'] as const;
export type PointEarnCategory = (typeof pointEarnCategories)[number];

/** Redeem status (spec section 4: In Process, Approved, Rejected). */
export const pointRedeemStatuses = ['in_process', 'approved', 'rejected'] as const;
export type PointRedeemStatus = (typeof pointRedeemStatuses)[number];

export const pointItemKinds = ['cash', 'physical'] as const;
export type PointItemKind = (typeof pointItemKinds)[number];

/** Whole points as a decimal string. */
export const pointsStringSchema = z.string().regex(/^-?\d+$/);

/** The largest rate, ratio, requirement or adjustment an operator may set, in points. */
export const POINTS_SETTING_MAX = 1_000_000_000n;
/** The most points one member may hold (a bound for sums, far from PostgreSQL's bigint). */
export const POINTS_BALANCE_MAX = 10n ** 15n;
export const POINT_ITEM_NAME_MAX = 80;
export const POINT_ITEM_QUANTITY_MAX = 1_000_000;
export const POINT_REDEEM_QUANTITY_MAX = 100;
/** Goods pictures: png or jpeg, at most 2 MB, at most 2048 px a side; re-encoded before they are stored. */
export const POINT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const POINT_IMAGE_MAX_SIDE = 2048;
/** Where a stored goods picture is served (immutable by id). */
export const pointImageUrl = (imageId: string): string => `/wps/points/images/${imageId}`;

/**
 * Points earned by one source: `rate` points per 100 major units of the amount (valid bet or deposit), floored
 * per source. `amountMinor` is in minor units of a currency with `exponent` digits.
 */
export const pointsEarned = (amountMinor: bigint, rate: bigint, exponent: number): bigint => {
  if (amountMinor <= 0n || rate <= 0n) return 0n;
  return (amountMinor * rate) / (100n * 10n ** BigInt(exponent));
};

/**
 * Cash for converting (or buying) `points` at `ratio` points per one major unit: minor units, or null when the points do not
 * make a whole number of minor units (nothing is rounded away from the member).
 */
export const cashForPoints = (points: bigint, ratio: bigint, exponent: number): bigint | null => {
  if (points <= 0n || ratio <= 0n) return null;
  const scaled = points * 10n ** BigInt(exponent);
  if (scaled % ratio !== 0n) return null;
  return scaled / ratio;
};

const language = z.enum(languageCodes, { message: 'field_not_allowed' });
const pointsText = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(16, { message: 'field_too_large' })
  .regex(/^\d+$/, { message: 'field_invalid' })
  .refine((text) => BigInt(text) <= POINTS_SETTING_MAX, {
    message: 'field_too_large',
    params: { max: POINTS_SETTING_MAX.toString() },
  });
const positivePointsText = pointsText.refine((text) => /^\d+$/.test(text) && BigInt(text) > 0n, {
  message: 'field_too_small',
  params: { min: 1 },
});
const requestId = z.uuid({ message: 'field_invalid' });
const withdrawPassword = z.string().min(1, { message: 'not_empty' }).max(128);
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);

export const pointConfigSchema = z.object({
  /** The merchant runs the programme (any rate above zero or a ratio). */
  enabled: z.boolean(),
  currency: z.string(),
  /** Points per 100 major units of valid bet (per category) or of credited deposit. */
  rates: z.record(z.enum(pointEarnCategories), pointsStringSchema),
  /** Points for one major unit of cash when converting; "0": converting is off. */
  convertRatio: pointsStringSchema,
  /** Points one major unit of cash buys ("get points by cash"); "0": buying is off. */
  buyRatio: pointsStringSchema,
  /** Points rules text in the caller's language (else the merchant's default); empty when none. */
  rulesText: z.string(),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const pointBalanceSchema = z.object({
  points: pointsStringSchema,
  currency: z.string(),
  convertRatio: pointsStringSchema,
  buyRatio: pointsStringSchema,
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

export const pointItemSchema = z.object({
  id: z.string(),
  kind: z.enum(pointItemKinds),
  name: z.string(),
  imageUrl: z.string().nullable(),
  pointsRequired: pointsStringSchema,
  /** Extra cash the member pays from the main wallet per unit ("0.00": none). */
  amountRequired: moneyStringSchema,
  /** Cash goods: credited to the main wallet per unit. */
  cashValue: moneyStringSchema,
  quantity: z.number().int(),
  availableQuantity: z.number().int(),
  perMemberLimit: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type PointItem = z.infer<typeof pointItemSchema>;

export const pointEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  type: z.enum(pointTypes),
  changedPoints: pointsStringSchema,
  pointsBalance: pointsStringSchema,
  remark: z.string().nullable(),
});
export type PointEntry = z.infer<typeof pointEntrySchema>;

export const pointRedemptionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  applyTime: z.string(),
  type: z.enum(pointItemKinds),
  itemName: z.string(),
  quantity: z.number().int(),
  points: pointsStringSchema,
  amount: moneyStringSchema,
  status: z.enum(pointRedeemStatuses),
  remark: z.string().nullable(),
});
export type PointRedemption = z.infer<typeof pointRedemptionSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), pageNo: z.number().int(), totalPages: z.number().int() });

export const pointConvertResultSchema = z.object({
  points: pointsStringSchema,
  amount: moneyStringSchema,
  currency: z.string(),
  balance: pointsStringSchema,
});

/** What buying points did: the points bought, the cash paid from the main wallet, the points balance after. */
export const pointBuyResultSchema = pointConvertResultSchema;

export const pointEndpoints = {
  balance: defineEndpoint({
    name: 'points.balance',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointBalance',
    moduleIds: ['PTSYS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: pointBalanceSchema,
    summary: "The member's current points (never expiring) and the merchant's convert ratio.",
  }),
  items: defineEndpoint({
    name: 'points.items',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointReward',
    moduleIds: ['PTSYS3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ currency: z.string(), list: z.array(pointItemSchema) }),
    summary: "The points mall's goods on offer now (visitors browse), names in the caller's language.",
  }),
  redeem: defineEndpoint({
    name: 'points.redeem',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    moduleIds: ['PTSYS3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      requestId,
      itemId: z.uuid({ message: 'field_invalid' }),
      quantity: z.coerce
        .number({ message: 'field_invalid' })
        .int({ message: 'field_invalid' })
        .min(1, { message: 'field_too_small' })
        .max(POINT_REDEEM_QUANTITY_MAX, { message: 'field_too_large' }),
      withdrawPassword,
      address: z.string().trim().max(300, { message: 'field_too_long' }).optional(),
      mobileNum: z
        .string()
        .trim()
        .regex(/^\+?[0-9]{5,15}$/, { message: 'in_mobileNum_error' })
        .optional(),
    }),
    response: pointRedemptionSchema,
    summary:
      'Redeems goods for points (and any amount requirement from the main wallet) after the withdraw password. Cash goods are approved at once; physical goods wait for an operator. Errors: points_insufficient, points_out_of_stock, points_limit_reached, points_item_unavailable, insufficient_funds, error_withdraw_password (field). A retry with the same requestId is applied once.',
  }),
  redemptions: defineEndpoint({
    name: 'points.redemptions',
    method: 'GET',
    path: '/wps/relay/MCS2_getRedeemPointList',
    moduleIds: ['PTSYS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ pageNo }),
    response: page(pointRedemptionSchema),
    summary: "Redeem history: the member's redemptions, newest first.",
  }),
  config: defineEndpoint({
    name: 'points.config',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointConfig',
    moduleIds: ['PTSYS3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: pointConfigSchema,
    summary: "The merchant's earning rates, convert ratio and points rules text.",
  }),
  details: defineEndpoint({
    name: 'points.details',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    moduleIds: ['MEMTRANS3', 'PTSYS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ pageNo }),
    response: page(pointEntrySchema),
    summary: "Points details: every change to the member's points with the balance after it, newest first.",
  }),
  convert: defineEndpoint({
    name: 'points.convert',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    moduleIds: ['PTSYS3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({ requestId, points: positivePointsText, withdrawPassword }),
    response: pointConvertResultSchema,
    summary:
      "Converts points to cash in the main wallet at the merchant's ratio, after the withdraw password. Errors: points_insufficient, points_convert_off, points_not_whole (field), error_withdraw_password (field). A retry with the same requestId is applied once.",
  }),
  buy: defineEndpoint({
    name: 'points.buy',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_buyPoint',
    moduleIds: ['PTSYS3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({ requestId, points: positivePointsText, withdrawPassword }),
    response: pointBuyResultSchema,
    summary:
      "Get points by cash: buys points with main-wallet cash at the merchant's buy ratio, after the withdraw password. Errors: points_buy_off, insufficient_funds, points_not_whole (field), error_withdraw_password (field), in_need_true_account. A retry with the same requestId is applied once.",
  }),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Back office

export const adminPointRulesSchema = z.object({
  currency: z.string(),
  /** The merchant's clock, on which the back office shows and takes goods' schedules. */
  timeZone: z.string(),
  defaultLanguage: z.enum(languageCodes),
  supportedLanguages: z.array(z.enum(languageCodes)),
  rates: z.record(z.enum(pointEarnCategories), pointsStringSchema),
  convertRatio: pointsStringSchema,
  buyRatio: pointsStringSchema,
  rulesText: z.partialRecord(z.enum(languageCodes), z.string()),
  updatedAt: z.string().nullable(),
});
export type AdminPointRules = z.infer<typeof adminPointRulesSchema>;

export const pointRulesInputSchema = z.strictObject({
  rates: z.strictObject(
    Object.fromEntries(pointEarnCategories.map((category) => [category, pointsText])) as Record<
      PointEarnCategory,
      typeof pointsText
    >,
  ),
  convertRatio: pointsText,
  /** "0": members cannot buy points; else at most the convert ratio (buying then converting gains nothing). */
  buyRatio: pointsText,
  rulesText: z.partialRecord(language, z.string().max(4000, { message: 'field_too_long' })),
});
export type PointRulesInput = z.infer<typeof pointRulesInputSchema>;

const amountText = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(40, { message: 'amount_not_numeric' });
const optionalTime = z.iso.datetime({ offset: true, message: 'field_invalid' }).nullable();

export const pointItemInputSchema = z.strictObject({
  kind: z.enum(pointItemKinds, { message: 'field_not_allowed' }),
  names: z.partialRecord(language, z.string().max(POINT_ITEM_NAME_MAX, { message: 'field_too_long' })),
  /** A picture per language: ids of pictures uploaded for the merchant (`admin.uploadPointImage`). */
  images: z.partialRecord(language, z.uuid({ message: 'field_invalid' })),
  pointsRequired: positivePointsText,
  /** Major units; "0" for none. */
  amountRequired: amountText,
  /** Cash goods: major units credited per unit. */
  cashValue: amountText,
  quantity: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(POINT_ITEM_QUANTITY_MAX, { message: 'field_too_large' }),
  perMemberLimit: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(1, { message: 'field_too_small' })
    .max(POINT_ITEM_QUANTITY_MAX, { message: 'field_too_large' }),
  startsAt: optionalTime,
  endsAt: optionalTime,
  enabled: z.boolean(),
});
export type PointItemInput = z.infer<typeof pointItemInputSchema>;

export const adminPointItemSchema = pointItemSchema.omit({ name: true }).extend({
  names: z.partialRecord(z.enum(languageCodes), z.string()),
  /** Picture ids per language (served at `pointImageUrl(id)`); `imageUrl` is the default language's. */
  images: z.partialRecord(z.enum(languageCodes), z.string()),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminPointItem = z.infer<typeof adminPointItemSchema>;

export const adminPointRedemptionSchema = pointRedemptionSchema.extend({
  memberId: z.string(),
  username: z.string(),
  address: z.string().nullable(),
  mobileNum: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminPointRedemption = z.infer<typeof adminPointRedemptionSchema>;

export const adminMemberPointsSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  points: pointsStringSchema,
  entries: page(pointEntrySchema),
});
export type AdminMemberPoints = z.infer<typeof adminMemberPointsSchema>;

export const pointImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  mediaType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
});
export type PointImage = z.infer<typeof pointImageSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const itemParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid({ message: 'field_invalid' }) });
const memberParams = z.strictObject({ code: merchantCodeSchema, memberId: z.uuid({ message: 'field_invalid' }) });

export const adminPointEndpoints = {
  rules: defineEndpoint({
    name: 'admin.pointRules',
    method: 'GET',
    path: '/api/admin/merchants/:code/points/rules',
    moduleIds: [],
    access: access.operator('points.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminPointRulesSchema,
    summary: "The merchant's points earning rates, convert ratio and rules text.",
  }),
  updateRules: defineEndpoint({
    name: 'admin.updatePointRules',
    method: 'PUT',
    path: '/api/admin/merchants/:code/points/rules',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: pointRulesInputSchema,
    response: adminPointRulesSchema,
    summary:
      'Replaces the earning rates, convert and buy ratios and rules text; audited with before and after (owner, finance). A buy ratio above the convert ratio: field_too_large on buyRatio.',
  }),
  uploadImage: defineEndpoint({
    name: 'admin.uploadPointImage',
    method: 'POST',
    path: '/api/admin/merchants/:code/points/images',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    bodyLimit: 3_000_000,
    request: z.strictObject({
      /** The file, base64 encoded (at most 2 MB decoded). */
      dataBase64: z.string().min(1, { message: 'not_empty' }).max(2_900_000, { message: 'field_too_large' }),
    }),
    response: pointImageSchema,
    summary:
      'Uploads a goods picture: png or jpeg checked by its bytes, at most 2 MB and 2048 px a side, decoded and re-encoded (metadata dropped). Errors: image_invalid, image_too_large (field dataBase64). Audited.',
  }),
  items: defineEndpoint({
    name: 'admin.pointItems',
    method: 'GET',
    path: '/api/admin/merchants/:code/points/items',
    moduleIds: [],
    access: access.operator('points.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.array(adminPointItemSchema),
    summary: "The points mall's goods, newest first.",
  }),
  createItem: defineEndpoint({
    name: 'admin.createPointItem',
    method: 'POST',
    path: '/api/admin/merchants/:code/points/items',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: pointItemInputSchema,
    response: adminPointItemSchema,
    summary: 'Adds goods to the points mall; audited (owner, finance).',
  }),
  updateItem: defineEndpoint({
    name: 'admin.updatePointItem',
    method: 'PUT',
    path: '/api/admin/merchants/:code/points/items/:id',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: itemParams,
    request: pointItemInputSchema,
    response: adminPointItemSchema,
    summary:
      'Replaces goods; the quantity may not fall below what is already redeemed (field_too_small); audited with before and after.',
  }),
  redemptions: defineEndpoint({
    name: 'admin.pointRedemptions',
    method: 'GET',
    path: '/api/admin/merchants/:code/points/redemptions',
    moduleIds: [],
    access: access.operator('points.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ status: z.enum(pointRedeemStatuses).optional(), pageNo }),
    response: page(adminPointRedemptionSchema),
    summary: 'The redemption queue, oldest in process first, then the decided ones newest first.',
  }),
  decideRedemption: defineEndpoint({
    name: 'admin.decidePointRedemption',
    method: 'POST',
    path: '/api/admin/merchants/:code/points/redemptions/:id/decision',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: itemParams,
    request: z.strictObject({
      approve: z.boolean(),
      remark: z.string().trim().min(1, { message: 'not_empty' }).max(300, { message: 'field_too_long' }),
    }),
    response: adminPointRedemptionSchema,
    summary:
      'Approves (with a fulfilment note) or rejects (with a reason: points, any cash paid and stock come back, exactly once) a redemption in process; a decided one answers order_state_invalid. Audited.',
  }),
  memberPoints: defineEndpoint({
    name: 'admin.memberPoints',
    method: 'GET',
    path: '/api/admin/merchants/:code/points/members/:memberId',
    moduleIds: [],
    access: access.operator('points.read', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({ pageNo }),
    response: adminMemberPointsSchema,
    summary: "A member's points and its points ledger, newest first.",
  }),
  adjust: defineEndpoint({
    name: 'admin.adjustMemberPoints',
    method: 'POST',
    path: '/api/admin/merchants/:code/points/members/:memberId/adjustments',
    moduleIds: [],
    access: access.operator('points.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      requestId,
      /** Signed whole points: a deduction may not take the balance below zero (points_insufficient). */
      points: z
        .string()
        .trim()
        .regex(/^-?\d{1,10}$/, { message: 'field_invalid' })
        .refine((text) => BigInt(text) !== 0n, { message: 'field_invalid' }),
      reason: z.string().trim().min(1, { message: 'not_empty' }).max(300, { message: 'field_too_long' }),
    }),
    response: adminMemberPointsSchema,
    summary:
      "Adds or deducts a member's points with a reason; audited. A retry with the same requestId is applied once.",
  }),
} as const;

/** A name in `language`, else the default language's, else any. */
export const pointTextIn = (
  texts: Partial<Record<LanguageCode, string>>,
  language: string | null | undefined,
  fallback: LanguageCode,
): string => {
  const pick = (code: string | null | undefined) => (code ? texts[code as LanguageCode] : undefined);
  return pick(language) || pick(fallback) || Object.values(texts).find((text) => text) || '';
};
