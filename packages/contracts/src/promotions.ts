import { z } from 'zod';
import { access } from './access';
import { BONUS_REASON_MAX, bonusSchema, bonusWageringBases } from './bonuses';
import { contentImageSchema, contentImageUploadSchema } from './content';
import { defineEndpoint } from './endpoint';
import { gameCategories } from './games';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';
import { promotionsPageQuery } from './promotions-rewards';
import { PROOF_UPLOAD, proofImageSchema } from './proofs';
import { eligibilityRegionsSchema } from './regions';
import { moneyStringSchema } from './wallet';

/**
 * The promotion engine (issue 28, decision 0082): promotions a merchant configures in the back office, which
 * members join, apply for or claim on `/promotions` (the promotion id as the hash). Every reward is a bonus in the
 * bonus wallet with its wagering requirement (`bonuses.ts`, decision 0081).
 */

export const promotionKinds = [
  'first_deposit',
  'reload_deposit',
  'registration',
  'daily_login',
  'turnover_challenge',
  'application',
  'chat_app',
] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/**
 * The chat apps a member can link for the chat-app reward (spec section 9, decision 0151): the messenger the spec's
 * customer-service entries name (csType TELEGRAM; LIVECHAT is the site's own chat, not a handle).
 */
export const chatApps = ['telegram'] as const;
export type ChatApp = (typeof chatApps)[number];
/** Spec section 9: "a chat-app reward of up to 131K", in the merchant currency's major (display) units. */
export const CHAT_APP_REWARD_MAX = '131000';
/**
 * A Telegram username as the member types it (an optional leading @): 5 to 32 letters, digits or underscores,
 * starting with a letter, not ending with an underscore. Stored lower-case without the @ (Telegram names are
 * case-insensitive), so one handle is one handle whatever its spelling.
 */
export const chatHandleSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, '').toLowerCase())
  .refine((value) => value.length > 0, { message: 'not_empty' })
  .refine((value) => /^[a-z][a-z0-9_]{3,30}[a-z0-9]$/.test(value) || value.length === 0, {
    message: 'chat_handle_invalid',
  });

/** The list's tabs (spec: promo_newbie, promo_limited, promo_special, promo_daily, promo_vip). */
export const promotionCategories = ['newbie', 'limited', 'special', 'daily', 'vip'] as const;
export type PromotionCategory = (typeof promotionCategories)[number];

/** Spec section 4, activity status: what the member's button says. */
export const activityStates = [
  'join',
  'claim',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'in_process',
  'joined',
  'coming_soon',
] as const;
export type ActivityState = (typeof activityStates)[number];

/** A member's entry in one promotion period, as stored. */
export const promotionEntryStatuses = ['joined', 'in_process', 'claimable', 'applying', 'rejected', 'issued'] as const;
export type PromotionEntryStatus = (typeof promotionEntryStatuses)[number];

export const promotionFrequencies = ['once', 'daily', 'weekly'] as const;
export type PromotionFrequency = (typeof promotionFrequencies)[number];

export const PROMOTION_TITLE_MAX = 80;
export const PROMOTION_SUMMARY_MAX = 200;
export const PROMOTION_CONTENT_MAX = 5000;
export const PROMOTION_REMARK_MAX = 140;
export const PROMOTION_PERCENT_MAX = 1000;
export const PROMOTION_REVIEW_NOTE_MAX = 200;
/** An application's images: spec section 5 (png or jpg, at most 3, 5 MB each). */
export const PROMOTION_UPLOAD = { ...PROOF_UPLOAD, field: 'images' } as const;

const imageUrlSchema = z
  .string()
  .trim()
  .max(500, { message: 'field_too_long' })
  .refine((url) => url === '' || /^(https:\/\/|\/)[^\s"'<>]*$/.test(url), { message: 'field_invalid' });

/** One language's text and picture of a promotion. */
export const promotionTextSchema = z.strictObject({
  title: z.string().trim().min(1, { message: 'not_empty' }).max(PROMOTION_TITLE_MAX, { message: 'field_too_long' }),
  summary: z.string().trim().max(PROMOTION_SUMMARY_MAX, { message: 'field_too_long' }),
  content: z.string().trim().max(PROMOTION_CONTENT_MAX, { message: 'field_too_long' }),
  imageUrl: imageUrlSchema,
});
export type PromotionText = z.infer<typeof promotionTextSchema>;

const timeSchema = z.iso.datetime({ offset: true, message: 'field_invalid' });
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(min, { message: 'field_too_small' })
    .max(max, { message: 'field_too_large' });

/**
 * A promotion as the editor sends it. Amounts are typed in major units and judged in the merchant's currency by
 * the server; the merchant's default language's text is required (checked by the server, which knows it).
 */
export const promotionInputSchema = z
  .strictObject({
    kind: z.enum(promotionKinds, { message: 'field_not_allowed' }),
    category: z.enum(promotionCategories, { message: 'field_not_allowed' }),
    texts: z.partialRecord(z.enum(languageCodes as [LanguageCode, ...LanguageCode[]]), promotionTextSchema),
    startsAt: timeSchema,
    endsAt: timeSchema,
    enabled: z.boolean(),
    sort: wholeNumber(0, 10_000),
    /** Deposit kinds: a percentage of the deposit (whole percent) up to `maxAmount`; others: `fixedAmount`. */
    percent: wholeNumber(0, PROMOTION_PERCENT_MAX),
    fixedAmount: amountTextSchema,
    maxAmount: amountTextSchema,
    minDeposit: amountTextSchema,
    /** Turnover challenge: the valid bet to reach after joining, on the wagering categories. */
    turnoverTarget: amountTextSchema,
    wageringMultiple: wholeNumber(0, 100),
    wageringBase: z.enum(bonusWageringBases, { message: 'field_not_allowed' }),
    /** Categories whose valid bets count (for the requirement and the challenge); none: every category. */
    wageringCategories: z.array(z.enum(gameCategories, { message: 'field_not_allowed' })).max(gameCategories.length),
    bonusExpiryDays: wholeNumber(1, 365),
    frequency: z.enum(promotionFrequencies, { message: 'field_not_allowed' }),
    minVipLevel: wholeNumber(0, 100),
    newMembersOnly: z.boolean(),
    /** Deposit kinds: the payment channel kinds whose deposits qualify; none: every channel. */
    paymentChannelKinds: z.array(z.string().trim().min(1).max(40)).max(10),
    /**
     * The members' regions it is open to (decision 0140): ISO 3166 alpha-2 codes of the country list
     * (`dialingCodes`); none: any region. A member's region is the country of its latest sign-in.
     */
    regions: eligibilityRegionsSchema,
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'date_range_invalid' });
    }
  });
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** A promotion as a member (or visitor) sees it, in the reader's language, with its activity state. */
export const memberPromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(promotionKinds),
  category: z.enum(promotionCategories),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(activityStates),
  /** Why a member cannot take part (an error code the browser translates), when `state` is closed for it. */
  ineligibleReason: z.string().nullable(),
  /** Turnover challenge: valid bet counted since joining, and the target. */
  progress: moneyStringSchema.nullable(),
  target: moneyStringSchema.nullable(),
  /** What the reward is: a fixed amount or a percentage up to a maximum. */
  percent: z.number().int(),
  fixedAmount: moneyStringSchema,
  maxAmount: moneyStringSchema,
  wageringMultiple: z.number().int(),
  /** The operator's note when an application was rejected. */
  reviewNote: z.string().nullable(),
  /**
   * The member's application ticket for this period (an application-reviewed promotion the member applied for,
   * decision 0146): what `MCSFE_cancelTicket` withdraws while it waits for review; null otherwise.
   */
  ticketId: z.string().nullable(),
  /** A chat-app reward: the app and handle the member linked in this period (its own only); null otherwise. */
  chatApp: z.enum(chatApps).nullable(),
  chatHandle: z.string().nullable(),
});
export type MemberPromotion = z.infer<typeof memberPromotionSchema>;

const promotionIdRequest = z.strictObject({ promotionId: z.uuid({ message: 'field_invalid' }) });
/** An application (ticket): the promotion, a remark; the images travel as multipart files. */
const applicationRequest = z.strictObject({
  promotionId: z.uuid({ message: 'field_invalid' }),
  remark: z.string().trim().max(PROMOTION_REMARK_MAX, { message: 'field_too_long' }).default(''),
});

/** A chat-app link: the promotion, the app, the member's handle there. */
export const chatAppLinkRequestSchema = z.strictObject({
  promotionId: z.uuid({ message: 'field_invalid' }),
  chatApp: z.enum(chatApps, { message: 'field_not_allowed' }),
  handle: chatHandleSchema,
});
export type ChatAppLinkRequest = z.input<typeof chatAppLinkRequestSchema>;

export const promotionsEndpoints = {
  list: defineEndpoint({
    name: 'promotions.list',
    method: 'GET',
    path: '/wps/promotions/list',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(memberPromotionSchema) }),
    summary:
      "The merchant's published promotions, in the Language header's language, each with its activity state for the member (a visitor sees join, coming_soon or closed).",
  }),
  join: defineEndpoint({
    name: 'promotions.join',
    method: 'POST',
    path: '/wps/promotions/join',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: promotionIdRequest,
    response: memberPromotionSchema,
    summary:
      'Joins a deposit promotion or a turnover challenge for the current period. Errors: promotion_already_joined, promotion_not_open, promotion_not_eligible (value: reason), promotion_wrong_action.',
  }),
  claim: defineEndpoint({
    name: 'promotions.claim',
    method: 'POST',
    path: '/wps/promotions/claim',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: promotionIdRequest,
    response: memberPromotionSchema,
    summary:
      'Claims a registration or daily-login bonus, or a turnover challenge reached: the bonus goes to the bonus wallet. Errors: promotion_not_claimable, promotion_already_joined, promotion_not_open, promotion_not_eligible.',
  }),
  categories: defineEndpoint({
    name: 'promotions.categories',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({
      list: z.array(z.object({ category: z.enum(promotionCategories), count: z.number().int() })),
    }),
    summary:
      "The promotion categories (api-facts 6bis) that hold at least one of the merchant's published promotions in its currency, in the categories' order, each with how many; the site names them (promo_category_*).",
  }),
  claimLogin: defineEndpoint({
    name: 'promotions.claimLogin',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimLoginPromotion',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: promotionIdRequest,
    response: memberPromotionSchema,
    summary:
      "Claims a daily-login promotion's bonus for today (api-facts 6bis), as promotions.claim does. Errors: promotion_wrong_action (not a daily-login promotion), promotion_already_joined, promotion_not_open, promotion_not_eligible (value: reason), not_found.",
  }),
  apply: defineEndpoint({
    name: 'promotions.apply',
    method: 'POST',
    path: '/wps/promotions/apply',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    bodyKind: 'multipart',
    upload: PROMOTION_UPLOAD,
    request: applicationRequest,
    response: memberPromotionSchema,
    summary: `multipart/form-data: promotionId, remark (at most ${PROMOTION_REMARK_MAX} characters) and up to 3 "images" files (png or jpg, 5 MB each). Errors: image_invalid, image_too_large, upload_too_many, promotion_already_joined, promotion_not_open, promotion_not_eligible, promotion_wrong_action.`,
  }),
  claimTicket: defineEndpoint({
    name: 'promotions.claimTicket',
    method: 'POST',
    path: '/wps/relay/PROMOFE_claimTicket',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    bodyKind: 'multipart',
    upload: PROMOTION_UPLOAD,
    request: applicationRequest,
    response: memberPromotionSchema,
    summary: `api-facts 6bis's name for applying (decision 0146): takes the member's application ticket for an application-reviewed promotion, exactly as promotions.apply (multipart/form-data: promotionId, remark of at most ${PROMOTION_REMARK_MAX} characters, up to 3 "images" png or jpg files of 5 MB); answers the promotion in state applying with its ticketId. Errors: as promotions.apply.`,
  }),
  cancelTicket: defineEndpoint({
    name: 'promotions.cancelTicket',
    method: 'POST',
    path: '/wps/relay/MCSFE_cancelTicket',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({ ticketId: z.uuid({ message: 'field_invalid' }) }),
    response: memberPromotionSchema,
    summary:
      "Withdraws the member's own application ticket while it waits for review (decision 0146): the application and its images are removed and nothing else changes; the member may apply again in the same period. Answers the promotion as the member now sees it. Errors: not_found (no such ticket of this member's), promotion_application_decided (already approved or rejected).",
  }),
  linkChatApp: defineEndpoint({
    name: 'promotions.linkChatApp',
    method: 'POST',
    path: '/wps/promotions/chat-app',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: chatAppLinkRequestSchema,
    response: memberPromotionSchema,
    summary:
      "Links the member's chat-app handle (Telegram) for a chat-app reward promotion (decision 0151): the link waits for an operator's review (state applying, withdrawn with MCSFE_cancelTicket); approval pays the promotion's reward (at most 131,000 in the merchant currency) as a bonus. After a rejection the member may link again. Errors: validation_failed (handle: not_empty, chat_handle_invalid, chat_handle_taken — linked by another member of the merchant; chat_app_already_linked — the member has a live chat-app link already), too_many_requests (5 links an hour), promotion_already_joined, promotion_not_open, promotion_not_eligible (value: reason), promotion_wrong_action.",
  }),
} as const;

/** A promotion as the editor reads it back, with its figures. */
export const adminPromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(promotionKinds),
  category: z.enum(promotionCategories),
  texts: z.record(z.string(), promotionTextSchema),
  startsAt: z.string(),
  endsAt: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  percent: z.number().int(),
  fixedAmount: moneyStringSchema,
  maxAmount: moneyStringSchema,
  minDeposit: moneyStringSchema,
  turnoverTarget: moneyStringSchema,
  wageringMultiple: z.number().int(),
  wageringBase: z.enum(bonusWageringBases),
  wageringCategories: z.array(z.string()),
  bonusExpiryDays: z.number().int(),
  frequency: z.enum(promotionFrequencies),
  minVipLevel: z.number().int(),
  newMembersOnly: z.boolean(),
  paymentChannelKinds: z.array(z.string()),
  regions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Per-promotion figures: members who joined or applied, bonuses issued, and their cost. */
  figures: z.object({ joined: z.number().int(), issued: z.number().int(), cost: moneyStringSchema }),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  memberId: z.string(),
  account: z.string(),
  remark: z.string(),
  status: z.enum(promotionEntryStatuses),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  images: z.array(proofImageSchema),
  /** A chat-app link (decision 0151): the app and the handle to check; null for other applications. */
  chatApp: z.enum(chatApps).nullable(),
  chatHandle: z.string().nullable(),
});
export type PromotionApplication = z.infer<typeof applicationSchema>;

/** A manual grant of a promotion's bonus: the member by account, the amount in the merchant currency, the reason. */
export const grantPromotionBonusSchema = z.strictObject({
  /** Made by the form once: a repeated submit grants once. */
  requestId: z.uuid({ message: 'field_invalid' }),
  account: z.string().trim().min(1, { message: 'not_empty' }).max(64, { message: 'field_too_long' }),
  amount: amountTextSchema,
  reason: z.string().trim().min(1, { message: 'not_empty' }).max(BONUS_REASON_MAX, { message: 'field_too_long' }),
});
export type GrantPromotionBonus = z.infer<typeof grantPromotionBonusSchema>;

const codeParams = z.strictObject({ code: merchantCodeSchema });
const promotionParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid({ message: 'field_invalid' }) });

export const adminPromotionsEndpoints = {
  list: defineEndpoint({
    name: 'admin.promotions',
    method: 'GET',
    path: '/api/admin/merchants/:code/promotions',
    moduleIds: [],
    access: access.operator('promotions.read', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminPromotionSchema) }),
    summary: "The merchant's promotions with their figures (joined, issued, cost).",
  }),
  create: defineEndpoint({
    name: 'admin.createPromotion',
    method: 'POST',
    path: '/api/admin/merchants/:code/promotions',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: promotionInputSchema,
    response: adminPromotionSchema,
    summary: 'Creates a promotion (audited). The default language text is required; amounts in the merchant currency.',
  }),
  uploadImage: defineEndpoint({
    name: 'admin.uploadPromotionImage',
    method: 'POST',
    path: '/api/admin/merchants/:code/promotions/images',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: codeParams,
    bodyLimit: 7_200_000,
    request: contentImageUploadSchema,
    response: contentImageSchema,
    summary:
      "Uploads a promotion's picture (one language's imageUrl takes its url): png or jpeg checked by its bytes, at most 5 MB and 4096 px a side, decoded and re-encoded (metadata dropped), stored with the merchant's content images. Errors: image_invalid, image_too_large. Audited.",
  }),
  update: defineEndpoint({
    name: 'admin.updatePromotion',
    method: 'PUT',
    path: '/api/admin/merchants/:code/promotions/:id',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: promotionParams,
    request: promotionInputSchema,
    response: adminPromotionSchema,
    summary: 'Changes a promotion (audited, before and after). Its kind cannot change once a member has joined.',
  }),
  applications: defineEndpoint({
    name: 'admin.promotionApplications',
    method: 'GET',
    path: '/api/admin/merchants/:code/promotion-applications',
    moduleIds: [],
    access: access.operator('promotions.review', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: z.strictObject({
      ...promotionsPageQuery,
      status: z.enum(['applying', 'issued', 'rejected']).default('applying'),
    }),
    response: z.object({
      list: z.array(applicationSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      total: z.number().int(),
    }),
    summary: 'The application review queue, oldest first, with the images.',
  }),
  review: defineEndpoint({
    name: 'admin.reviewPromotionApplication',
    method: 'POST',
    path: '/api/admin/merchants/:code/promotion-applications/:id',
    moduleIds: [],
    access: access.operator('promotions.review', 'merchant'),
    encrypted: false,
    params: promotionParams,
    request: z.strictObject({
      decision: z.enum(['approve', 'reject'], { message: 'field_not_allowed' }),
      note: z.string().trim().max(PROMOTION_REVIEW_NOTE_MAX, { message: 'field_too_long' }).default(''),
    }),
    response: applicationSchema,
    summary:
      "Approves (the bonus goes to the bonus wallet) or rejects an application or a chat-app link (a link's rejection needs a note: not_empty on note), once (promotion_application_decided), audited. Approval judges the member's eligibility again (region, VIP level, new members, trial; decision 0142): promotion_application_ineligible (value: reason) grants nothing and leaves the application pending.",
  }),
  grant: defineEndpoint({
    name: 'admin.grantPromotionBonus',
    method: 'POST',
    path: '/api/admin/merchants/:code/promotions/:id/grants',
    moduleIds: [],
    access: access.operator('bonuses.manage', 'merchant'),
    encrypted: false,
    params: promotionParams,
    request: grantPromotionBonusSchema,
    response: bonusSchema,
    summary:
      "Grants a promotion's bonus by hand to a member of the merchant (by account) with a reason, audited: the promotion's wagering multiple, categories and expiry apply, and the bonus counts in its figures. Errors: member_not_found (field account), amount_not_positive, in_need_true_account.",
  }),
} as const;
