import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';

/**
 * Events between modules (decision 0050): deliveries that failed every attempt (dead letters) of a merchant's
 * events, for operators to read and send again once the cause is mended.
 */
export const adminDeadLetterSchema = z.object({
  subscriber: z.string(),
  /** The event's id, as a decimal string. */
  eventId: z.string(),
  event: z.string(),
  attempts: z.number(),
  lastError: z.string(),
  deadAt: z.string(),
});
export type AdminDeadLetter = z.infer<typeof adminDeadLetterSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });

export const adminEventsEndpoints = {
  listDeadLetters: defineEndpoint({
    name: 'admin.listEventDeadLetters',
    method: 'GET',
    path: '/api/admin/merchants/:code/event-dead-letters',
    moduleIds: [],
    access: access.operator('events.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      pageNo: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ list: z.array(adminDeadLetterSchema), pageNo: z.number(), totalPages: z.number() }),
    summary: "The merchant's events a subscriber failed to handle on every attempt, newest first (owner, risk).",
  }),
  retryDeadLetter: defineEndpoint({
    name: 'admin.retryEventDeadLetter',
    method: 'POST',
    path: '/api/admin/merchants/:code/event-dead-letters/retry',
    moduleIds: [],
    access: access.operator('events.retry', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      subscriber: z.string().min(1).max(100),
      eventId: z.string().regex(/^\d{1,18}$/, 'field_invalid'),
    }),
    response: z.object({ retried: z.literal(true) }),
    summary:
      'Sends one dead letter of the merchant again, its attempts starting over; not_found if it is not one (owner).',
  }),
} as const;
