import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { PROOF_UPLOAD, proofImageSchema } from './proofs';
import { moneyStringSchema } from './wallet';

/**
 * Responsible gaming (issue 31, decision 0062): the limits a member sets on itself, its breaks and
 * self-exclusions, and the back office's view of them. The limits hold inside every debit: the ledger's guard
 * refuses a stake or deposit past them with `responsible_gaming_limit` (or `responsible_gaming_blocked` on a break
 * or exclusion), whichever game or path it came from.
 */

export const rgLimitKinds = ['deposit', 'loss', 'wager'] as const;
export type RgLimitKind = (typeof rgLimitKinds)[number];
export const rgPeriods = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof rgPeriods)[number];

/**
 * Session time (decision 0069): a limit in whole minutes per day, week and month, set and confirmed by the same
 * rules as the money limits; the member site's heartbeat and every signed-in request count it on the server.
 */
export const rgConfirmableKinds = [...rgLimitKinds, 'session'] as const;
export type RgConfirmableKind = (typeof rgConfirmableKinds)[number];
/** The longest a session-time limit of each period can be: the period itself (a calendar month at most 31 days). */
export const rgSessionLimitMaxMinutes: Record<RgPeriod, number> = { day: 1440, week: 10_080, month: 44_640 };
/** Reality-check intervals the member may choose, in minutes (null: off). */
export const rgRealityCheckIntervals = [15, 30, 45, 60] as const;
/** How often the member site beats while a member is signed in. */
export const RG_HEARTBEAT_MS = 60_000;

/** How long a raise or removal waits before the member may confirm it. */
export const RG_COOLING_HOURS = 24;

export const rgBreakDurations = ['24h', '7d', '30d'] as const;
export const rgExclusionDurations = ['6m', '12m', '24m', '60m', 'permanent'] as const;
export type RgBreakDuration = (typeof rgBreakDurations)[number];
export type RgExclusionDuration = (typeof rgExclusionDurations)[number];
export type RgDuration = RgBreakDuration | RgExclusionDuration;

/** When a block of `duration` taken at `from` ends (null: permanent). */
export const rgBlockEnd = (duration: RgDuration, from: Date): Date | null => {
  if (duration === 'permanent') return null;
  const end = new Date(from);
  const count = Number.parseInt(duration, 10);
  if (duration.endsWith('h')) end.setUTCHours(end.getUTCHours() + count);
  else if (duration.endsWith('d')) end.setUTCDate(end.getUTCDate() + count);
  else end.setUTCMonth(end.getUTCMonth() + count);
  return end;
};

export const rgLimitSchema = z.object({
  kind: z.enum(rgLimitKinds),
  period: z.enum(rgPeriods),
  /** The limit in force (null: none). */
  amount: moneyStringSchema.nullable(),
  /** What was used of it in the current period (deposits; stakes; stakes less wins, may be negative). */
  used: moneyStringSchema,
  /** A raise or removal waiting: the new amount (null: removal) and when the member may confirm it. */
  pending: z.object({ amount: moneyStringSchema.nullable(), confirmableAt: z.string() }).nullable(),
});
export type RgLimit = z.infer<typeof rgLimitSchema>;

export const rgSessionLimitSchema = z.object({
  period: z.enum(rgPeriods),
  /** The limit in force, in minutes (null: none). */
  minutes: z.number().int().nullable(),
  /** Whole minutes of session time counted in the current period. */
  usedMinutes: z.number().int(),
  pending: z.object({ minutes: z.number().int().nullable(), confirmableAt: z.string() }).nullable(),
});
export type RgSessionLimit = z.infer<typeof rgSessionLimitSchema>;

export const rgBlockSchema = z.object({
  kind: z.enum(['break', 'self_exclusion']),
  duration: z.string(),
  allMerchants: z.boolean(),
  startsAt: z.string(),
  /** null: permanent. */
  endsAt: z.string().nullable(),
});
export type RgBlock = z.infer<typeof rgBlockSchema>;

export const rgStatusSchema = z.object({
  currency: z.string(),
  /** Every kind × period, deposit/day first. */
  limits: z.array(rgLimitSchema),
  /** The break or exclusion in force now, if any. */
  block: rgBlockSchema.nullable(),
  /** Session-time limits, day, week and month. */
  sessionLimits: z.array(rgSessionLimitSchema),
  /** The reality-check interval in minutes (null: off). */
  realityCheckMinutes: z.number().int().nullable(),
});
export type RgStatus = z.infer<typeof rgStatusSchema>;

export const rgHistoryEntrySchema = z.object({
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const rgAdminViewSchema = rgStatusSchema.extend({
  /**
   * As the member's, but what was used is shown only to roles that read such figures elsewhere (decision 0094):
   * deposits with `reports.cash`, stakes and losses with `reports.play`; null for any other role.
   */
  limits: z.array(rgLimitSchema.extend({ used: moneyStringSchema.nullable() })),
  memberId: z.string(),
  account: z.string(),
  /** Every break and exclusion ever taken, newest first. */
  blocks: z.array(rgBlockSchema),
  history: z.array(rgHistoryEntrySchema),
  /** The member's answers to reality checks, newest first. */
  realityChecks: z.array(
    z.object({
      response: z.enum(['continue', 'stop']),
      elapsedSeconds: z.number().int(),
      /** The session's net position when asked; null for a role without `reports.play`. */
      netPosition: moneyStringSchema.nullable(),
      at: z.string(),
    }),
  ),
});
export type RgAdminView = z.infer<typeof rgAdminViewSchema>;

/** A limit as the member types it: a decimal amount, or null to remove it. */
export const rgSetLimitSchema = z.strictObject({
  kind: z.enum(rgLimitKinds, { message: 'field_not_allowed' }),
  period: z.enum(rgPeriods, { message: 'field_not_allowed' }),
  amount: z.string().trim().min(1, { message: 'not_empty' }).max(40, { message: 'amount_not_numeric' }).nullable(),
});

/** A session-time limit as the member chooses it: whole minutes, or null to remove it. */
export const rgSetSessionLimitSchema = z.strictObject({
  period: z.enum(rgPeriods, { message: 'field_not_allowed' }),
  minutes: z
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(1, { message: 'field_too_small' })
    .nullable(),
});

/**
 * One-time prompts of the member site (decision 0107), remembered on the server per member: the offer of limits
 * after registration or at the first deposit (answered `set` or `skipped`) and the responsible-gaming information
 * before the first wager (`acknowledged`).
 */
export const rgPromptNames = ['limits_offer', 'first_wager_info'] as const;
export type RgPromptName = (typeof rgPromptNames)[number];
export const rgPromptAnswers = ['set', 'skipped', 'acknowledged'] as const;
export type RgPromptAnswer = (typeof rgPromptAnswers)[number];
/** Which answers each prompt takes. */
export const rgPromptAnswersOf: Record<RgPromptName, readonly RgPromptAnswer[]> = {
  limits_offer: ['set', 'skipped'],
  first_wager_info: ['acknowledged'],
};
/** Whether each prompt is still due (not answered yet). */
export const rgPromptsSchema = z.object({ limitsOffer: z.boolean(), firstWagerInfo: z.boolean() });
export type RgPrompts = z.infer<typeof rgPromptsSchema>;

/** The member's signed-in session as the server counts it. */
export const rgSessionSchema = z.object({
  currency: z.string(),
  startedAt: z.string(),
  /** Seconds of this session counted so far. */
  elapsedSeconds: z.number().int(),
  realityCheckMinutes: z.number().int().nullable(),
  /** A reality check is due: the member site shows it until answered. */
  realityCheckDue: z.boolean(),
  /** Wins, returned stakes less stakes since the session began, from the member's ledger postings. */
  netPosition: moneyStringSchema,
});
export type RgSession = z.infer<typeof rgSessionSchema>;

export const rgBlockInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('break'),
    duration: z.enum(rgBreakDurations, { message: 'field_not_allowed' }),
    allMerchants: z.boolean(),
    /** The member ticked "I understand I cannot undo this". */
    confirm: z.literal(true, { message: 'field_invalid' }),
  }),
  z.strictObject({
    kind: z.literal('self_exclusion'),
    duration: z.enum(rgExclusionDurations, { message: 'field_not_allowed' }),
    allMerchants: z.boolean(),
    confirm: z.literal(true, { message: 'field_invalid' }),
  }),
]);

/**
 * Identity checks (KYC, decision 0102): unverified; basic once the member gave its name, birth date and address;
 * full once a compliance operator approved its documents. A withdrawal above the threshold of the member's tier
 * is refused with `kyc_tier_required` until the member reaches the tier it needs.
 */
export const kycTiers = ['unverified', 'basic', 'full'] as const;
export type KycTier = (typeof kycTiers)[number];
/** The youngest a member may be to pass the basic check. */
export const KYC_MINIMUM_AGE = 18;
/** Identity documents: pictures (png or jpg) of an ID and a proof of address, at most 3 per submission. */
export const KYC_UPLOAD = { ...PROOF_UPLOAD, field: 'documents' } as const;

export const kycThresholdsSchema = z.object({
  /** The largest withdrawal an unverified member may make (null: no threshold). */
  unverifiedMax: moneyStringSchema.nullable(),
  /** The largest withdrawal a member of the basic tier may make (null: no threshold). */
  basicMax: moneyStringSchema.nullable(),
});
export type KycThresholds = z.infer<typeof kycThresholdsSchema>;

export const kycReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type KycReviewStatus = (typeof kycReviewStatuses)[number];

export const kycStatusSchema = z.object({
  tier: z.enum(kycTiers),
  fullName: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  /** The latest documents submission and its review, if any. */
  review: z
    .object({ status: z.enum(kycReviewStatuses), reason: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  currency: z.string(),
  thresholds: kycThresholdsSchema,
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

const kycDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' });

export const kycBasicInputSchema = z.strictObject({
  fullName: z
    .string({ message: 'not_empty' })
    .trim()
    .min(2, { message: 'field_too_short' })
    .max(120, { message: 'field_too_long' }),
  birthDate: kycDate,
  address: z
    .string({ message: 'not_empty' })
    .trim()
    .min(5, { message: 'field_too_short' })
    .max(300, { message: 'field_too_long' }),
});

export const kycReviewSummarySchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  memberId: z.string(),
  account: z.string(),
  tier: z.enum(kycTiers),
  status: z.enum(kycReviewStatuses),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type KycReviewSummary = z.infer<typeof kycReviewSummarySchema>;

export const kycReviewDetailSchema = kycReviewSummarySchema.extend({
  fullName: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  documents: z.array(proofImageSchema),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetailSchema>;

/** One hit of the exclusion register: a break or exclusion of the searched person, on any merchant of the group. */
export const rgRegisterEntrySchema = z.object({
  merchantCode: z.string(),
  memberId: z.string(),
  account: z.string(),
  kind: z.enum(['break', 'self_exclusion']),
  duration: z.string(),
  allMerchants: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  inForce: z.boolean(),
});
export type RgRegisterEntry = z.infer<typeof rgRegisterEntrySchema>;

/** Markers of harm in the daily report (decision 0109), in the order the report lists them. */
export const harmMarkers = ['deposits_rising', 'limit_increases', 'night_play', 'cancelled_withdrawals'] as const;
export type HarmMarker = (typeof harmMarkers)[number];

const harmDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' });

export const harmMarkerRowSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  markers: z.array(z.enum(harmMarkers)),
  /** Deposits of the 7 days ending with the day, and of the 28 days before them. */
  depositsLast7: moneyStringSchema,
  depositsPrior28: moneyStringSchema,
  limitIncreases: z.number().int(),
  /** The day's stakes, those between 00:00 and 06:00 local time, and their share in percent (one decimal). */
  stakes: moneyStringSchema,
  nightStakes: moneyStringSchema,
  nightSharePercent: z.number(),
  cancelledWithdrawals: z.number().int(),
});
export type HarmMarkerRow = z.infer<typeof harmMarkerRowSchema>;

export const harmMarkersReportSchema = z.object({
  /** The merchant's local day. */
  day: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** When the day was computed (null: not yet; the daily job computes yesterday after midnight local time). */
  computedAt: z.string().nullable(),
  rows: z.array(harmMarkerRowSchema),
});
export type HarmMarkersReport = z.infer<typeof harmMarkersReportSchema>;

export const responsibleGamingEndpoints = {
  status: defineEndpoint({
    name: 'responsibleGaming.status',
    method: 'GET',
    path: '/wps/responsible-gaming',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: rgStatusSchema,
    summary: "The member's limits (in force, used this period, any raise waiting) and its break or exclusion.",
  }),
  setLimit: defineEndpoint({
    name: 'responsibleGaming.setLimit',
    method: 'POST',
    path: '/wps/responsible-gaming/limits',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: rgSetLimitSchema,
    response: rgStatusSchema,
    summary:
      'Sets one limit: a lowering applies at once; a raise or removal waits 24 hours and a second confirmation. Daily ≤ weekly ≤ monthly (field errors, nothing changed).',
  }),
  prompts: defineEndpoint({
    name: 'responsibleGaming.prompts',
    method: 'GET',
    path: '/wps/responsible-gaming/prompts',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: rgPromptsSchema,
    summary: 'Whether the offer of limits and the information before the first wager are still to be shown.',
  }),
  answerPrompt: defineEndpoint({
    name: 'responsibleGaming.answerPrompt',
    method: 'POST',
    path: '/wps/responsible-gaming/prompts',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z
      .strictObject({
        prompt: z.enum(rgPromptNames, { message: 'field_not_allowed' }),
        answer: z.enum(rgPromptAnswers, { message: 'field_not_allowed' }),
      })
      .refine((v) => rgPromptAnswersOf[v.prompt].includes(v.answer), {
        message: 'field_not_allowed',
        path: ['answer'],
      }),
    response: rgPromptsSchema,
    summary:
      "Records the member's answer to a prompt (the first answer stands; the limits themselves are set through setLimit).",
  }),
  confirmLimit: defineEndpoint({
    name: 'responsibleGaming.confirmLimit',
    method: 'POST',
    path: '/wps/responsible-gaming/limits/confirm',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      kind: z.enum(rgConfirmableKinds, { message: 'field_not_allowed' }),
      period: z.enum(rgPeriods, { message: 'field_not_allowed' }),
    }),
    response: rgStatusSchema,
    summary: 'Confirms a raise or removal asked for 24 hours or more ago (responsible_gaming_cooling before).',
  }),
  setSessionLimit: defineEndpoint({
    name: 'responsibleGaming.setSessionLimit',
    method: 'POST',
    path: '/wps/responsible-gaming/session-limits',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: rgSetSessionLimitSchema,
    response: rgStatusSchema,
    summary:
      'Sets one session-time limit in minutes, by the rules of the money limits: a lowering at once, a raise or removal after 24 hours and a second confirmation (confirmLimit with kind session); daily ≤ weekly ≤ monthly.',
  }),
  setRealityCheck: defineEndpoint({
    name: 'responsibleGaming.setRealityCheck',
    method: 'POST',
    path: '/wps/responsible-gaming/reality-check',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      minutes: z
        .union(
          rgRealityCheckIntervals.map((minutes) => z.literal(minutes)) as unknown as [
            z.ZodLiteral<15>,
            z.ZodLiteral<30>,
            z.ZodLiteral<45>,
            z.ZodLiteral<60>,
          ],
          { message: 'field_not_allowed' },
        )
        .nullable(),
    }),
    response: rgStatusSchema,
    summary: 'Chooses the reality-check interval (15, 30, 45 or 60 minutes, or null: off); counts from now.',
  }),
  heartbeat: defineEndpoint({
    name: 'responsibleGaming.heartbeat',
    method: 'POST',
    path: '/wps/responsible-gaming/session/heartbeat',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: rgSessionSchema,
    summary:
      "Counts the session's time since its last counted moment (once however many tabs beat) and answers the session; past a session-time limit it ends every session of the member (responsible_gaming_session_limit).",
  }),
  session: defineEndpoint({
    name: 'responsibleGaming.session',
    method: 'GET',
    path: '/wps/responsible-gaming/session',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: rgSessionSchema,
    summary: "The session's counted time, reality-check state and net position since it began.",
  }),
  answerRealityCheck: defineEndpoint({
    name: 'responsibleGaming.answerRealityCheck',
    method: 'POST',
    path: '/wps/responsible-gaming/reality-check/answer',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ response: z.enum(['continue', 'stop'], { message: 'field_not_allowed' }) }),
    response: rgSessionSchema,
    summary:
      'Records the answer to the reality check due (reality_check_not_due when none is): continue sets the next one; stop ends the session.',
  }),
  block: defineEndpoint({
    name: 'responsibleGaming.block',
    method: 'POST',
    path: '/wps/responsible-gaming/block',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: rgBlockInputSchema,
    response: rgStatusSchema,
    summary:
      'Takes a break (24 hours, 7 or 30 days) or self-excludes (6 to 60 months or permanently), at once, on this merchant or on every merchant where the same person is known. Cannot be lifted early.',
  }),
  kyc: defineEndpoint({
    name: 'responsibleGaming.kyc',
    method: 'GET',
    path: '/wps/responsible-gaming/kyc',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: kycStatusSchema,
    summary: "The member's identity tier, its details, its latest documents review and the withdrawal thresholds.",
  }),
  kycBasic: defineEndpoint({
    name: 'responsibleGaming.kycBasic',
    method: 'POST',
    path: '/wps/responsible-gaming/kyc/basic',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: kycBasicInputSchema,
    response: kycStatusSchema,
    summary:
      'Gives the name, birth date (at least 18 years old: birthday_under_age) and address: the basic tier. Once the full tier is reached they no longer change (kyc_state_invalid).',
  }),
  kycDocuments: defineEndpoint({
    name: 'responsibleGaming.kycDocuments',
    method: 'POST',
    path: '/wps/responsible-gaming/kyc/documents',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    bodyKind: 'multipart',
    upload: KYC_UPLOAD,
    request: z.strictObject({}),
    response: kycStatusSchema,
    summary:
      'multipart/form-data: 1 to 3 "documents" files (png or jpg, 5 MB each), checked by their bytes and re-encoded, for review by compliance. Needs the basic tier and no submission awaiting review (kyc_state_invalid). Errors: proof_required, image_invalid, image_too_large, upload_too_many.',
  }),
  adminKycQueue: defineEndpoint({
    name: 'admin.kycReviews',
    method: 'GET',
    path: '/api/admin/responsible-gaming/kyc-reviews',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'own'),
    encrypted: false,
    request: z.strictObject({ status: z.enum(kycReviewStatuses, { message: 'field_not_allowed' }).default('pending') }),
    response: z.array(kycReviewSummarySchema),
    summary: "Identity documents submissions by status (pending first in, first shown), in the operator's merchants.",
  }),
  adminKycReview: defineEndpoint({
    name: 'admin.kycReview',
    method: 'GET',
    path: '/api/admin/responsible-gaming/kyc-reviews/:id',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'own'),
    encrypted: false,
    params: z.strictObject({ id: z.uuid() }),
    request: z.strictObject({}),
    response: kycReviewDetailSchema,
    summary: "One submission with its documents and the member's details; each look is audited.",
  }),
  adminKycDecide: defineEndpoint({
    name: 'admin.kycDecide',
    method: 'POST',
    path: '/api/admin/responsible-gaming/kyc-reviews/:id/decision',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'own'),
    encrypted: false,
    params: z.strictObject({ id: z.uuid() }),
    request: z
      .strictObject({
        decision: z.enum(['approve', 'reject'], { message: 'field_not_allowed' }),
        reason: z.string().trim().max(300, { message: 'field_too_long' }).optional(),
      })
      .refine((v) => v.decision === 'approve' || Boolean(v.reason), { message: 'not_empty', path: ['reason'] }),
    response: kycReviewSummarySchema,
    summary:
      'Approves (the member reaches the full tier) or rejects with a reason a pending submission, once (order_state_invalid after); audited.',
  }),
  adminKycThresholds: defineEndpoint({
    name: 'admin.kycThresholds',
    method: 'GET',
    path: '/api/admin/merchants/:code/kyc-thresholds',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string() }),
    request: z.strictObject({}),
    response: kycThresholdsSchema.extend({ currency: z.string() }),
    summary: "The merchant's withdrawal thresholds per identity tier.",
  }),
  adminSetKycThresholds: defineEndpoint({
    name: 'admin.setKycThresholds',
    method: 'PUT',
    path: '/api/admin/merchants/:code/kyc-thresholds',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string() }),
    request: z.strictObject({
      unverifiedMax: z
        .string()
        .trim()
        .min(1, { message: 'not_empty' })
        .max(40, { message: 'amount_not_numeric' })
        .nullable(),
      basicMax: z
        .string()
        .trim()
        .min(1, { message: 'not_empty' })
        .max(40, { message: 'amount_not_numeric' })
        .nullable(),
    }),
    response: kycThresholdsSchema.extend({ currency: z.string() }),
    summary:
      'Sets the withdrawal thresholds per identity tier (null: none); the unverified one may not exceed the basic one (field_too_large); audited.',
  }),
  adminExclusionRegister: defineEndpoint({
    name: 'admin.exclusionRegister',
    method: 'GET',
    path: '/api/admin/responsible-gaming/register',
    moduleIds: [],
    access: access.operator('responsibleGaming.read', 'own'),
    encrypted: false,
    request: z.strictObject({
      q: z.string().trim().min(3, { message: 'field_too_short' }).max(120, { message: 'field_too_long' }),
    }),
    response: z.array(rgRegisterEntrySchema),
    summary:
      "The exclusion register: breaks and exclusions of the person with this e-mail, mobile (+dialling code and number) or account, on every merchant where that person is known (an operator bound to one merchant sees only its merchant's accounts, where a choice to cover every merchant is copied); audited.",
  }),
  adminView: defineEndpoint({
    name: 'admin.responsibleGaming',
    method: 'GET',
    path: '/api/admin/members/:id/responsible-gaming',
    moduleIds: [],
    access: access.operator('responsibleGaming.read', 'own'),
    encrypted: false,
    params: z.strictObject({ id: z.uuid() }),
    request: z.strictObject({}),
    response: rgAdminViewSchema,
    summary:
      "A member's limits with their history, breaks and exclusions (read only: no operator loosens what the member chose); each look is audited (owner, risk, support).",
  }),
  adminHarmMarkers: defineEndpoint({
    name: 'admin.harmMarkers',
    method: 'GET',
    path: '/api/admin/merchants/:code/responsible-gaming/harm-markers',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string() }),
    request: z.strictObject({ day: harmDay, marker: z.enum(harmMarkers, { message: 'field_not_allowed' }).optional() }),
    response: harmMarkersReportSchema,
    summary:
      'The daily markers of harm of one local day (deposits rising fast, limit increases, night play, cancelled withdrawals): the members flagged, with the figures behind each marker; audited (owner, risk).',
  }),
  adminComputeHarmMarkers: defineEndpoint({
    name: 'admin.computeHarmMarkers',
    method: 'POST',
    path: '/api/admin/merchants/:code/responsible-gaming/harm-markers',
    moduleIds: [],
    access: access.operator('responsibleGaming.compliance', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string() }),
    request: z.strictObject({ day: harmDay }),
    response: harmMarkersReportSchema,
    summary:
      "Computes (or recomputes) one local day's markers of harm now, as the daily job does after the day ends, replacing that day's rows; today's figures so far, or a past day's. A day in the future answers field_invalid. Audited.",
  }),
};
