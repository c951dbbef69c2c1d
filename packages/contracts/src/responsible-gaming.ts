import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
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
});
export type RgStatus = z.infer<typeof rgStatusSchema>;

export const rgHistoryEntrySchema = z.object({
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const rgAdminViewSchema = rgStatusSchema.extend({
  memberId: z.string(),
  account: z.string(),
  /** Every break and exclusion ever taken, newest first. */
  blocks: z.array(rgBlockSchema),
  history: z.array(rgHistoryEntrySchema),
});
export type RgAdminView = z.infer<typeof rgAdminViewSchema>;

/** A limit as the member types it: a decimal amount, or null to remove it. */
export const rgSetLimitSchema = z.strictObject({
  kind: z.enum(rgLimitKinds, { message: 'field_not_allowed' }),
  period: z.enum(rgPeriods, { message: 'field_not_allowed' }),
  amount: z.string().trim().min(1, { message: 'not_empty' }).max(40, { message: 'amount_not_numeric' }).nullable(),
});

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
  confirmLimit: defineEndpoint({
    name: 'responsibleGaming.confirmLimit',
    method: 'POST',
    path: '/wps/responsible-gaming/limits/confirm',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      kind: z.enum(rgLimitKinds, { message: 'field_not_allowed' }),
      period: z.enum(rgPeriods, { message: 'field_not_allowed' }),
    }),
    response: rgStatusSchema,
    summary: 'Confirms a raise or removal asked for 24 hours or more ago (responsible_gaming_cooling before).',
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
};
