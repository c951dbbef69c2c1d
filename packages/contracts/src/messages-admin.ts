import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';

/** Bounds of an operator's message to members. */
export const BROADCAST_LIMITS = {
  titleMax: 100,
  bodyMax: 2000,
  /** How far ahead a message may be scheduled. */
  scheduleMaxDays: 90,
  /** Messages a merchant's list shows, newest first. */
  listed: 100,
  /** VIP levels one message may name. */
  levelsMax: 50,
} as const;

/**
 * Who receives an operator's message: one member by username, the members at some VIP levels, an agent's whole
 * downline, the members registered in a range of instants, or every member of the merchant. Members on a break or
 * self-excluded are left out of every audience but a single member (decision 0121).
 */
export const broadcastAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('member'), username: z.string().trim().min(1).max(64) }),
  z.strictObject({
    kind: z.literal('vip'),
    levels: z.array(z.number().int().min(1).max(1000)).min(1).max(BROADCAST_LIMITS.levelsMax),
  }),
  z.strictObject({ kind: z.literal('team'), agentUsername: z.string().trim().min(1).max(64) }),
  z.strictObject({ kind: z.literal('registered'), from: z.iso.datetime(), to: z.iso.datetime() }),
  z.strictObject({ kind: z.literal('all') }),
]);
export type BroadcastAudience = z.infer<typeof broadcastAudienceSchema>;
export const broadcastAudienceKinds = ['member', 'vip', 'team', 'registered', 'all'] as const;

const broadcastTextSchema = z.strictObject({
  title: z.string().trim().min(1).max(BROADCAST_LIMITS.titleMax),
  body: z.string().trim().min(1).max(BROADCAST_LIMITS.bodyMax),
});

/**
 * A message to send: its texts per language (a member reads its own language's, else the merchant's default
 * language's, which must be among them), its audience, and when (null: now).
 */
export const broadcastInputSchema = z.strictObject({
  audience: broadcastAudienceSchema,
  texts: z.partialRecord(z.enum(languageCodes, { message: 'field_not_allowed' }), broadcastTextSchema),
  sendAt: z.iso.datetime().nullable(),
});
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

export const broadcastStatuses = ['scheduled', 'sent', 'cancelled'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

export const broadcastSchema = z.object({
  id: z.string(),
  audience: broadcastAudienceSchema,
  texts: z.record(z.string(), z.object({ title: z.string(), body: z.string() })) as z.ZodType<
    Partial<Record<LanguageCode, { title: string; body: string }>>
  >,
  sendAt: z.string(),
  status: z.enum(broadcastStatuses),
  /** Members it reached (null until sent). */
  recipients: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

const broadcastParams = z.strictObject({ code: merchantCodeSchema, id: z.string().regex(/^\d{1,18}$/) });

export const adminMessagesEndpoints = {
  list: defineEndpoint({
    name: 'admin.broadcastList',
    method: 'GET',
    path: '/api/admin/merchants/:code/messages',
    moduleIds: [],
    access: access.operator('messages.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({}),
    response: z.array(broadcastSchema),
    summary: `The merchant’s messages to members, newest first (at most ${BROADCAST_LIMITS.listed}), scheduled, sent and cancelled.`,
  }),
  create: defineEndpoint({
    name: 'admin.broadcastCreate',
    method: 'POST',
    path: '/api/admin/merchants/:code/messages',
    moduleIds: [],
    access: access.operator('messages.send', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: broadcastInputSchema,
    response: broadcastSchema,
    summary:
      'Sends a message to members’ inboxes now, or schedules it. An unknown member or agent answers field_unknown on its field, texts without the merchant’s default language not_empty on that language’s title, a time in the past field_too_small and one too far ahead field_too_large on sendAt, a range that ends before it starts field_too_small on audience.to. Audited.',
  }),
  cancel: defineEndpoint({
    name: 'admin.broadcastCancel',
    method: 'POST',
    path: '/api/admin/merchants/:code/messages/:id/cancel',
    moduleIds: [],
    access: access.operator('messages.send', 'merchant'),
    encrypted: false,
    params: broadcastParams,
    request: z.strictObject({}),
    response: broadcastSchema,
    summary:
      'Cancels a scheduled message before it is sent; one already sent or cancelled answers broadcast_not_scheduled, another merchant’s not_found. Audited.',
  }),
} as const;
