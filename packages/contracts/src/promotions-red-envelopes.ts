import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';
import { eligibilityRegionsSchema } from './regions';
import { moneyStringSchema } from './wallet';

/**
 * Red envelopes created by operators (issue 28, decision 0098): a total split at creation into a number of shares
 * by a fair random split whose server seed is committed by its hash and revealed once the window ends, so anyone
 * can recompute the shares (`splitRandom` in @tessera/engines). Members of the merchant claim one share each,
 * at most once, inside the window; the share is paid as a bonus (a wagering multiple of 0 pays straight to the main
 * wallet). The agents' red envelopes to their downline are the agents module's (decision 0075).
 */

export const RED_ENVELOPE_TITLE_MAX = 60;
export const RED_ENVELOPE_BLESSING_MAX = 140;
export const RED_ENVELOPE_SHARES_MAX = 10_000;

/** One language's text of an envelope: its title and the blessing shown when it is opened. */
export const redEnvelopeTextSchema = z.strictObject({
  title: z.string().trim().min(1, { message: 'not_empty' }).max(RED_ENVELOPE_TITLE_MAX, { message: 'field_too_long' }),
  blessing: z.string().trim().max(RED_ENVELOPE_BLESSING_MAX, { message: 'field_too_long' }),
});
export type RedEnvelopeText = z.infer<typeof redEnvelopeTextSchema>;

const timeSchema = z.iso.datetime({ offset: true, message: 'field_invalid' });
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(min, { message: 'field_too_small' })
    .max(max, { message: 'field_too_large' });

/**
 * An envelope as the editor sends it. The total is typed in major units and judged in the merchant's currency by
 * the server (at least one minor unit per share); the merchant's default language's text is required.
 */
export const redEnvelopeInputSchema = z
  .strictObject({
    texts: z.partialRecord(z.enum(languageCodes as [LanguageCode, ...LanguageCode[]]), redEnvelopeTextSchema),
    totalAmount: amountTextSchema,
    shares: wholeNumber(1, RED_ENVELOPE_SHARES_MAX),
    startsAt: timeSchema,
    endsAt: timeSchema,
    enabled: z.boolean(),
    /** Eligibility: the lowest VIP level that may claim (0: everyone), members registered at or after the start. */
    minVipLevel: wholeNumber(0, 100),
    newMembersOnly: z.boolean(),
    /** The members' regions that may claim (decision 0142), as a promotion's (decision 0140); none: any region. */
    regions: eligibilityRegionsSchema,
    /** The share is a bonus with this multiple of itself to wager (0: straight to the main wallet). */
    wageringMultiple: wholeNumber(0, 100),
    bonusExpiryDays: wholeNumber(1, 365),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'date_range_invalid' });
    }
  });
export type RedEnvelopeInput = z.infer<typeof redEnvelopeInputSchema>;

/** What the member's red-envelope screen shows for an envelope. */
export const redEnvelopeStates = ['coming_soon', 'open', 'claimed', 'empty', 'closed', 'ineligible'] as const;
export type RedEnvelopeState = (typeof redEnvelopeStates)[number];

/** The fairness record: the commitment from creation, the seed once the window ended (null before). */
export const redEnvelopeFairnessSchema = z.object({
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
});

export const memberRedEnvelopeSchema = z.object({
  id: z.string(),
  title: z.string(),
  blessing: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  totalAmount: moneyStringSchema,
  shares: z.number().int(),
  sharesLeft: z.number().int(),
  wageringMultiple: z.number().int(),
  state: z.enum(redEnvelopeStates),
  /** Why the member may not claim (an error-namespace key), when `state` is ineligible. */
  ineligibleReason: z.string().nullable(),
  /** The member's share, once claimed. */
  myAmount: moneyStringSchema.nullable(),
  fairness: redEnvelopeFairnessSchema,
});
export type MemberRedEnvelope = z.infer<typeof memberRedEnvelopeSchema>;

/** An envelope's shares in split order, for recomputing them from the revealed seed. */
export const redEnvelopeDrawSchema = z.object({
  id: z.string(),
  totalMinor: z.string(),
  shares: z.number().int(),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
  /** Minor units of each share in split order (only once the seed is revealed; empty before). */
  amountsMinor: z.array(z.string()),
});
export type RedEnvelopeDraw = z.infer<typeof redEnvelopeDrawSchema>;

const envelopeIdRequest = z.strictObject({ envelopeId: z.uuid({ message: 'field_invalid' }) });

export const redEnvelopesEndpoints = {
  list: defineEndpoint({
    name: 'redEnvelopes.list',
    method: 'GET',
    path: '/wps/red-envelopes/list',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(memberRedEnvelopeSchema) }),
    summary:
      "The merchant's enabled red envelopes whose window ended less than 7 days ago or is still to come, in the Language header's language, each with the member's state and share.",
  }),
  claim: defineEndpoint({
    name: 'redEnvelopes.claim',
    method: 'POST',
    path: '/wps/red-envelopes/claim',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: envelopeIdRequest,
    response: memberRedEnvelopeSchema,
    summary:
      'Claims one share of the envelope (at most once per member): paid as a bonus with the envelope wagering. Errors: red_envelope_not_started, red_envelope_ended, red_envelope_already_claimed, red_envelope_empty, promotion_not_eligible (value: reason), not_found.',
  }),
  draw: defineEndpoint({
    name: 'redEnvelopes.draw',
    method: 'GET',
    path: '/wps/red-envelopes/draw',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: envelopeIdRequest,
    response: redEnvelopeDrawSchema,
    summary:
      'The fairness record of an envelope: the seed hash committed at creation; after the window, the seed and every share in split order, which splitRandom(total, shares, seed) reproduces.',
  }),
} as const;

/** An envelope as the editor reads it back, with its figures. */
export const adminRedEnvelopeSchema = z.object({
  id: z.string(),
  texts: z.record(z.string(), redEnvelopeTextSchema),
  totalAmount: moneyStringSchema,
  shares: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  enabled: z.boolean(),
  minVipLevel: z.number().int(),
  newMembersOnly: z.boolean(),
  regions: z.array(z.string()),
  wageringMultiple: z.number().int(),
  bonusExpiryDays: z.number().int(),
  seedHash: z.string(),
  createdAt: z.string(),
  /** Shares claimed and the money they paid. */
  figures: z.object({ claimed: z.number().int(), paid: moneyStringSchema }),
});
export type AdminRedEnvelope = z.infer<typeof adminRedEnvelopeSchema>;

const codeParams = z.strictObject({ code: merchantCodeSchema });
const envelopeParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid({ message: 'field_invalid' }) });

export const adminRedEnvelopesEndpoints = {
  list: defineEndpoint({
    name: 'admin.redEnvelopes',
    method: 'GET',
    path: '/api/admin/merchants/:code/red-envelopes',
    moduleIds: [],
    access: access.operator('promotions.read', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminRedEnvelopeSchema) }),
    summary: "The merchant's red envelopes, newest first, with the shares claimed and the money paid.",
  }),
  create: defineEndpoint({
    name: 'admin.createRedEnvelope',
    method: 'POST',
    path: '/api/admin/merchants/:code/red-envelopes',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: redEnvelopeInputSchema,
    response: adminRedEnvelopeSchema,
    summary:
      'Creates a red envelope (audited): the total is split into the shares at once from a fresh server seed, whose hash is published. Errors: red_envelope_too_small (field totalAmount).',
  }),
  update: defineEndpoint({
    name: 'admin.updateRedEnvelope',
    method: 'PUT',
    path: '/api/admin/merchants/:code/red-envelopes/:id',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: envelopeParams,
    request: redEnvelopeInputSchema,
    response: adminRedEnvelopeSchema,
    summary:
      'Changes an envelope (audited, before and after): texts, window, eligibility, wagering, enabled. Its total and shares are fixed once created (red_envelope_split_fixed).',
  }),
} as const;
