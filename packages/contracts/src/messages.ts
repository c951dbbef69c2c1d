import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The internal message types of spec section 3, each with {site} and {currency} placeholders. */
export const memberMessageTypes = [
  'deposit_arrived',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
] as const;
export type MemberMessageType = (typeof memberMessageTypes)[number];

export const messagesEndpoints = {
  unreadCount: defineEndpoint({
    name: 'messages.unreadCount',
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    moduleIds: ['INBOX3'],
    auth: 'member',
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ unread: z.number().int() }),
    summary: "How many of the member's internal messages are unread.",
  }),
} as const;
