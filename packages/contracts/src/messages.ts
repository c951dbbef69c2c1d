import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';

/** The internal message types of spec section 3, each with {site} and {currency} placeholders. */
export const memberMessageTypes = [
  'deposit_arrived',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  /** The desk answered the member's feedback (params: site, reference). */
  'feedback_answered',
  /** An operator's message (decision 0121); params: title and body, already in the member's language. */
  'operator_message',
  /** The member won a raffle prize (decision 0122); params: site, amount, currency. */
  'raffle_won',
] as const;
export type MemberMessageType = (typeof memberMessageTypes)[number];

/** One internal message; the browser renders its text from the type's i18n keys and `params`. */
export const memberMessageSchema = z.object({
  id: z.string(),
  type: z.enum(memberMessageTypes),
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** Messages per inbox page. */
export const INBOX_PAGE_SIZE = 10;

export const messagesEndpoints = {
  unreadCount: defineEndpoint({
    name: 'messages.unreadCount',
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    moduleIds: ['INBOX3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: unreadCountSchema,
    summary: "How many of the member's internal messages are unread.",
  }),
  inbox: defineEndpoint({
    name: 'messages.inbox',
    method: 'GET',
    path: '/wps/relay/CSP_getInbox',
    moduleIds: ['INBOX3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1) }),
    response: z.object({ list: z.array(memberMessageSchema), totalPages: z.number().int(), unread: z.number().int() }),
    summary: `The member's internal messages, newest first, ${INBOX_PAGE_SIZE} a page, with the unread count.`,
  }),
  markRead: defineEndpoint({
    name: 'messages.markRead',
    method: 'POST',
    path: '/wps/relay/CSP_readInbox',
    moduleIds: ['INBOX3'],
    access: access.realMember,
    encrypted: false,
    request: z.union([
      z.strictObject({
        ids: z
          .array(z.string().regex(/^\d{1,18}$/, { message: 'field_invalid' }))
          .min(1)
          .max(100),
      }),
      z.strictObject({ all: z.literal(true) }),
    ]),
    response: unreadCountSchema,
    summary:
      "Marks the member's messages read: the given ids (others' ids are ignored) or all. Answers the unread count.",
  }),
} as const;
