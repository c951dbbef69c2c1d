import { z } from 'zod';
import { chatRoomChangedEventSchema, chatRoomEntryEventSchema, chatRoomMuteEventSchema } from './chat-rooms';
import {
  chatConversationEventSchema,
  chatMessageEventSchema,
  chatReadEventSchema,
  chatTypingEventSchema,
} from './contact';
import { crashBetEventSchema, crashRoundEventSchema } from './crash';
import { jackpotValueEventSchema } from './jackpot';
import { lotteryDrawEventSchema } from './lottery';
import { unreadCountSchema } from './messages';
import { missionChangedEventSchema } from './missions';
import { pendingQueuesEventSchema } from './reports';
import { walletBalanceSchema } from './wallet';

/**
 * The realtime channel (decision 0015): one WebSocket per browser tab at {@link REALTIME_PATH}. The browser
 * may subscribe to public topics at once; after `auth` with its session token it also receives the events
 * published to its member. Every frame is one JSON object with an `op`.
 */
export const REALTIME_PATH = '/wps/realtime';

/** Limits the server enforces; the browser keeps within them. */
export const realtimeLimits = {
  /** Largest frame a browser may send, in bytes. */
  maxInboundBytes: 4096,
  /** Public topics one connection may follow at once. */
  maxTopics: 32,
  /** Names of public topics: `<kind>` or `<kind>:<id>`. */
  topicPattern: /^[a-z][a-z0-9_-]{0,31}(:[A-Za-z0-9_.-]{1,64})?$/,
} as const;

/**
 * The events each publisher may send, by type, with the schema of their `data`. A module that publishes adds
 * its entry here so the server's publish and the browser's handler agree on the shape.
 */
export const realtimeEventSchemas = {
  /** The member's balances changed (after every committed ledger movement of one of its accounts). */
  'wallet.balance': walletBalanceSchema,
  /** The member's unread internal messages changed (a message arrived, or some were read). */
  'messages.unread': unreadCountSchema,
  /** A mission of the member completed (its reward may be claimed): the red badge is read again. */
  'missions.changed': missionChangedEventSchema,
  /** Topic `crash`: the merchant's round changed phase (decision 0022). */
  'crash.round': crashRoundEventSchema,
  /** Topic `crash`: a bet of the current round was placed or settled. */
  'crash.bet': crashBetEventSchema,
  /** A live-chat message, to the member's stream and to the desk's (decision 0068). */
  'contact.chat.message': chatMessageEventSchema,
  /** To the member's stream (a visitor's topic): the desk read the conversation up to a number (decision 0111). */
  'contact.chat.read': chatReadEventSchema,
  /** The desk's: the customer is typing in a conversation (decision 0111). */
  'contact.chat.typing': chatTypingEventSchema,
  /** The desk's: a conversation opened, was taken or was resolved. */
  'contact.chat.conversation': chatConversationEventSchema,
  /** The desk's: a merchant's pending queues changed (issue 26, the dashboard). */
  'reports.pending': pendingQueuesEventSchema,
  /** Topic `lottery`: a draw was drawn (numbers and revealed seed) or cancelled, with the next draw. */
  'lottery.draw': lotteryDrawEventSchema,
  /** Topic `jackpot`: a pool of the merchant changed value (a contribution, a win's reset, a new seed). */
  'jackpot.value': jackpotValueEventSchema,
  /** Topic `chatroom:<id>` and the desk: a new entry of a room's log (a message, or a removal), decision 0164. */
  'chatRooms.entry': chatRoomEntryEventSchema,
  /** Topic `chatroom:<id>` and the desk: the room changed (closed, slow mode); the page reads it again. */
  'chatRooms.room': chatRoomChangedEventSchema,
  /** To the member's stream: it was muted in the merchant's chat rooms, or its mute was lifted. */
  'chatRooms.mute': chatRoomMuteEventSchema,
} as const;
export type RealtimeEventType = keyof typeof realtimeEventSchemas;
export type RealtimeEventData<T extends RealtimeEventType> = z.output<(typeof realtimeEventSchemas)[T]>;

const topicSchema = z.string().regex(realtimeLimits.topicPattern);

/** What a browser may send. */
export const realtimeClientMessageSchema = z.discriminatedUnion('op', [
  /** Binds the connection to a member session; sending it again with another token switches, `null` drops it. */
  z.strictObject({ op: z.literal('auth'), token: z.string().min(1).max(256).nullable() }),
  /**
   * Binds the connection to an operator session (the back office): it then receives the desk's events of the
   * merchants and permissions the operator holds, on the topic {@link DESK_TOPIC}. `null` drops it.
   */
  z.strictObject({ op: z.literal('operator'), token: z.string().min(1).max(256).nullable() }),
  z.strictObject({ op: z.literal('subscribe'), topic: topicSchema }),
  z.strictObject({ op: z.literal('unsubscribe'), topic: topicSchema }),
  z.strictObject({ op: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/**
 * What the server sends. `event.topic` is `member` for the member's own events, else the public topic.
 * `error.code` is a catalogue code; `ref` names the op or topic it answers.
 */
export const realtimeServerMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ready'), member: z.boolean(), operator: z.boolean().optional() }),
  z.object({ op: z.literal('subscribed'), topic: z.string() }),
  z.object({ op: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ op: z.literal('event'), topic: z.string(), type: z.string(), data: z.unknown() }),
  z.object({ op: z.literal('error'), code: z.string(), ref: z.string().optional() }),
  z.object({ op: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

/** The topic name of a member's own events. */
export const MEMBER_TOPIC = 'member';

/** The topic name of the desk's events on an operator's connection. */
export const DESK_TOPIC = 'desk';
