import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';

/**
 * Chat rooms (issue 30, decision 0164): a merchant's rooms, each hosted by a named host, that members join from the
 * chat-room modal. `CBS_modelList` lists the enabled hosts and their rooms, `CBS_launchChat` answers a room's
 * `chatUrl` (a page of the member site). Every entry of a room's log takes the room's next number (`seq`, from 1
 * without gaps): a message, or the removal of an earlier message by an operator. A client that reconnects reads on
 * from the last number it holds, so it misses no message and no removal and shows nothing twice.
 */

export const CHAT_ROOM_LIMITS = {
  /** Longest message, in characters. */
  messageMax: 500,
  /** Messages a member may send a minute, over every room and every server instance. */
  perMinute: 12,
  /** Entries one read returns at most (a client further behind reads again from the last it holds). */
  pageSize: 200,
  /** Entries a newly opened room page starts with (the latest ones). */
  historySize: 50,
  /** Largest slow mode, in seconds. */
  slowModeMaxSeconds: 3600,
  /** A room's message retention, in days (empty: kept for good). */
  retentionMinDays: 1,
  retentionMaxDays: 365,
  /** Longest mute an operator may set, in minutes (30 days); no duration mutes until lifted. */
  muteMaxMinutes: 43_200,
  nameMax: 40,
  reasonMax: 200,
  hostsPerMerchant: 50,
  roomsPerMerchant: 100,
} as const;

/** The realtime topic kind of a room: `chatroom:<roomId>`, members only. */
export const CHAT_ROOM_TOPIC = 'chatroom';
export const chatRoomTopicOf = (roomId: string): string => `${CHAT_ROOM_TOPIC}:${roomId}`;
/** The member site's page of a room: what `CBS_launchChat` answers as `chatUrl`. */
export const chatRoomPathOf = (roomId: string): string => `/chat-rooms/${roomId}`;

/**
 * One entry of a room's log. `kind` message: `body` is the text, empty once removed (`removed` true). `kind` removal:
 * the operator removed message `removedSeq`; it carries no text and no author.
 */
export const chatRoomEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['message', 'removal']),
  /** The author's display name (its username); empty on a removal. */
  author: z.string(),
  /** Whether the reading member wrote it. */
  mine: z.boolean(),
  body: z.string(),
  removed: z.boolean(),
  removedSeq: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ChatRoomEntry = z.infer<typeof chatRoomEntrySchema>;

export const chatRoomSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Seconds a member waits between two of its messages in the room; 0: no slow mode. */
  slowModeSeconds: z.number().int(),
  open: z.boolean(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

/** A host with its rooms, as CBS_modelList answers (enabled hosts, open rooms). */
export const chatRoomHostSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** An https picture of the host; null: the site draws its initial. */
  avatarUrl: z.string().nullable(),
  rooms: z.array(chatRoomSummarySchema),
});
export type ChatRoomHost = z.infer<typeof chatRoomHostSchema>;

/** The member's standing in the rooms: muted (until when, why) and when its next message in this room may go. */
export const chatRoomMeSchema = z.object({
  muted: z.boolean(),
  /** null while muted: until an operator lifts it. */
  mutedUntil: z.string().nullable(),
  muteReason: z.string().nullable(),
  /** Seconds left of the room's slow mode after the member's last message; 0: it may send now. */
  slowModeLeftSeconds: z.number().int(),
});
export type ChatRoomMe = z.infer<typeof chatRoomMeSchema>;

/** A room's page: the room, its host, the entries after `afterSeq` (or the latest ones) and the member's standing. */
export const chatRoomViewSchema = z.object({
  room: chatRoomSummarySchema.extend({ hostName: z.string(), hostAvatarUrl: z.string().nullable() }),
  /** The room's last number: a client holding it is up to date. */
  lastSeq: z.number().int(),
  entries: z.array(chatRoomEntrySchema),
  me: chatRoomMeSchema,
});
export type ChatRoomView = z.infer<typeof chatRoomViewSchema>;

/** Realtime, topic `chatroom:<id>` and the desk: a new entry of a room's log. */
export const chatRoomEntryEventSchema = z.object({
  roomId: z.string(),
  entry: chatRoomEntrySchema.omit({ mine: true }),
  /** The author's member id on the desk's event (the back office mutes by it); null on the room's topic and a removal. */
  memberId: z.string().nullable(),
  /** On the desk's event of a removal: the operator who removed; null on the room's topic. */
  removedBy: z.string().nullable(),
});
/** Realtime, to the member's stream: it was muted or its mute was lifted. */
export const chatRoomMuteEventSchema = z.object({
  muted: z.boolean(),
  mutedUntil: z.string().nullable(),
  muteReason: z.string().nullable(),
});
/** Realtime, topic `chatroom:<id>` and the desk: a room changed (opened, closed, renamed, slow mode). */
export const chatRoomChangedEventSchema = z.object({ roomId: z.string() });

const roomId = z.uuid({ message: 'field_invalid' });
const seqNumber = z.coerce.number().int().min(0).max(1_000_000_000);

export const chatRoomSendSchema = z.strictObject({
  roomId,
  body: z
    .string()
    .trim()
    .min(1, { message: 'not_empty' })
    .max(CHAT_ROOM_LIMITS.messageMax, { message: 'field_too_long' }),
});

export const chatRoomEndpoints = {
  modelList: defineEndpoint({
    name: 'chatRooms.modelList',
    method: 'GET',
    path: '/wps/relay/CBS_modelList',
    moduleIds: ['CBS3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(chatRoomHostSchema) }),
    summary:
      "The merchant's chat rooms (decision 0164): its enabled hosts in name order, each with its open rooms. Visitors see the list; joining a room needs a member session.",
  }),
  launchChat: defineEndpoint({
    name: 'chatRooms.launchChat',
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    moduleIds: ['CBS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ roomId }),
    response: z.object({ chatUrl: z.string() }),
    summary:
      "The room's chatUrl: the member site's page of the room (a path of the site). A closed room, a disabled host's, or another merchant's room answers not_found.",
  }),
  room: defineEndpoint({
    name: 'chatRooms.room',
    method: 'GET',
    path: '/wps/chat-rooms/room',
    moduleIds: ['CBS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ roomId, afterSeq: seqNumber.optional() }),
    response: chatRoomViewSchema,
    summary: `A room's page: the room, the entries after afterSeq (at most ${CHAT_ROOM_LIMITS.pageSize}, oldest first; without afterSeq the latest ${CHAT_ROOM_LIMITS.historySize}) and the member's standing (muted, slow mode left). Live entries come on topic chatroom:<roomId>; a client that reconnects reads on from the last number it holds. Another merchant's room, a closed room or a disabled host's answers not_found.`,
  }),
  send: defineEndpoint({
    name: 'chatRooms.send',
    method: 'POST',
    path: '/wps/chat-rooms/messages',
    moduleIds: ['CBS3'],
    access: access.realMember,
    encrypted: false,
    request: chatRoomSendSchema,
    response: chatRoomEntrySchema,
    summary: `Posts a message to a room (real members only). At most ${CHAT_ROOM_LIMITS.messageMax} characters (validation_failed, body: field_too_long); ${CHAT_ROOM_LIMITS.perMinute} a minute over every room (too_many_requests, value { retryAfterSeconds }). Errors: chat_room_slow_mode (value { retryAfterSeconds }: the room's slow mode since the member's last message), chat_room_muted (value { mutedUntil, muteReason }), not_found (a closed room, another merchant's). A refusal stores nothing.`,
  }),
} as const;

// ----- Back office -----

export const adminChatRoomHostSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  enabled: z.boolean(),
  rooms: z.number().int(),
  createdAt: z.string(),
});
export type AdminChatRoomHost = z.infer<typeof adminChatRoomHostSchema>;

export const adminChatRoomSchema = chatRoomSummarySchema.extend({
  hostId: z.string(),
  hostName: z.string(),
  /** Days the room's log entries are kept before the platform deletes them; null: kept for good. */
  messageRetentionDays: z.number().int().nullable(),
  lastSeq: z.number().int(),
  createdAt: z.string(),
});
export type AdminChatRoom = z.infer<typeof adminChatRoomSchema>;

export const adminChatRoomEntrySchema = chatRoomEntrySchema.omit({ mine: true }).extend({
  memberId: z.string().nullable(),
  /** The operator who removed the message (or wrote the removal). */
  removedBy: z.string().nullable(),
});
export type AdminChatRoomEntry = z.infer<typeof adminChatRoomEntrySchema>;

export const adminChatRoomMuteSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  mutedUntil: z.string().nullable(),
  reason: z.string().nullable(),
  mutedBy: z.string(),
  createdAt: z.string(),
});
export type AdminChatRoomMute = z.infer<typeof adminChatRoomMuteSchema>;

const name = z.string().trim().min(1, { message: 'not_empty' }).max(CHAT_ROOM_LIMITS.nameMax, {
  message: 'field_too_long',
});
const avatarUrl = z
  .string()
  .trim()
  .max(500, { message: 'field_too_long' })
  .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), { message: 'field_invalid' })
  .transform((value) => (value === '' ? null : value));

export const chatRoomHostInputSchema = z.strictObject({
  name,
  avatarUrl: avatarUrl.optional().default(''),
  enabled: z.boolean(),
});
export type ChatRoomHostInput = z.output<typeof chatRoomHostInputSchema>;
export type ChatRoomHostRequest = z.input<typeof chatRoomHostInputSchema>;

export const chatRoomInputSchema = z.strictObject({
  name,
  hostId: z.uuid({ message: 'field_invalid' }),
  slowModeSeconds: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(CHAT_ROOM_LIMITS.slowModeMaxSeconds, { message: 'field_too_large' }),
  open: z.boolean(),
  /** Days entries are kept; null or absent: kept for good. */
  messageRetentionDays: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(CHAT_ROOM_LIMITS.retentionMinDays, { message: 'field_too_small' })
    .max(CHAT_ROOM_LIMITS.retentionMaxDays, { message: 'field_too_large' })
    .nullable()
    .default(null),
});
export type ChatRoomInput = z.output<typeof chatRoomInputSchema>;
export type ChatRoomRequest = z.input<typeof chatRoomInputSchema>;

export const chatRoomMuteInputSchema = z.strictObject({
  memberId: z.uuid({ message: 'field_invalid' }),
  /** Empty or absent: until lifted. */
  minutes: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(1, { message: 'field_too_small' })
    .max(CHAT_ROOM_LIMITS.muteMaxMinutes, { message: 'field_too_large' })
    .nullable()
    .optional(),
  reason: z.string().trim().max(CHAT_ROOM_LIMITS.reasonMax, { message: 'field_too_long' }).optional(),
});
export type ChatRoomMuteInput = z.output<typeof chatRoomMuteInputSchema>;
export type ChatRoomMuteRequest = z.input<typeof chatRoomMuteInputSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const idParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const adminChatRoomEndpoints = {
  hosts: defineEndpoint({
    name: 'admin.chatRoomHosts',
    method: 'GET',
    path: '/api/admin/merchants/:code/chat-rooms/hosts',
    moduleIds: [],
    access: access.operator('chatRooms.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminChatRoomHostSchema) }),
    summary: "The merchant's chat-room hosts in name order, with their number of rooms.",
  }),
  createHost: defineEndpoint({
    name: 'admin.createChatRoomHost',
    method: 'POST',
    path: '/api/admin/merchants/:code/chat-rooms/hosts',
    moduleIds: [],
    access: access.operator('chatRooms.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: chatRoomHostInputSchema,
    response: adminChatRoomHostSchema,
    summary: `Adds a host (name, optional https avatar, enabled); audited. At most ${CHAT_ROOM_LIMITS.hostsPerMerchant} a merchant (too_many_requests).`,
  }),
  updateHost: defineEndpoint({
    name: 'admin.updateChatRoomHost',
    method: 'PUT',
    path: '/api/admin/merchants/:code/chat-rooms/hosts/:id',
    moduleIds: [],
    access: access.operator('chatRooms.manage', 'merchant'),
    encrypted: false,
    params: idParams,
    request: chatRoomHostInputSchema,
    response: adminChatRoomHostSchema,
    summary: "Changes a host; a disabled host's rooms leave CBS_modelList and their pages. Audited.",
  }),
  rooms: defineEndpoint({
    name: 'admin.chatRooms',
    method: 'GET',
    path: '/api/admin/merchants/:code/chat-rooms/rooms',
    moduleIds: [],
    access: access.operator('chatRooms.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminChatRoomSchema) }),
    summary: "The merchant's rooms with their host and last number.",
  }),
  createRoom: defineEndpoint({
    name: 'admin.createChatRoom',
    method: 'POST',
    path: '/api/admin/merchants/:code/chat-rooms/rooms',
    moduleIds: [],
    access: access.operator('chatRooms.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: chatRoomInputSchema,
    response: adminChatRoomSchema,
    summary: `Adds a room (name, host of the merchant, slow mode 0-${CHAT_ROOM_LIMITS.slowModeMaxSeconds} seconds, open, message retention ${CHAT_ROOM_LIMITS.retentionMinDays}-${CHAT_ROOM_LIMITS.retentionMaxDays} days or null for good); audited. A host of another merchant is a field error on hostId. At most ${CHAT_ROOM_LIMITS.roomsPerMerchant} a merchant (too_many_requests).`,
  }),
  updateRoom: defineEndpoint({
    name: 'admin.updateChatRoom',
    method: 'PUT',
    path: '/api/admin/merchants/:code/chat-rooms/rooms/:id',
    moduleIds: [],
    access: access.operator('chatRooms.manage', 'merchant'),
    encrypted: false,
    params: idParams,
    request: chatRoomInputSchema,
    response: adminChatRoomSchema,
    summary:
      "Changes a room (name, host, slow mode, open or closed, message retention); members in it hear of it live. Audited. Entries older than the retention are deleted by the hourly chat_rooms_retention job; the room's numbers go on from its last one, so a client reading on from a number it holds gets the entries still kept after it.",
  }),
  entries: defineEndpoint({
    name: 'admin.chatRoomEntries',
    method: 'GET',
    path: '/api/admin/merchants/:code/chat-rooms/rooms/:id/entries',
    moduleIds: [],
    access: access.operator('chatRooms.read', 'merchant'),
    encrypted: false,
    params: idParams,
    request: z.strictObject({ afterSeq: seqNumber.optional() }),
    response: z.object({ lastSeq: z.number().int(), list: z.array(adminChatRoomEntrySchema) }),
    summary: `A room's log after afterSeq (at most ${CHAT_ROOM_LIMITS.pageSize}; without it the latest ${CHAT_ROOM_LIMITS.historySize}), removed messages with their text. New entries come live on the desk.`,
  }),
  remove: defineEndpoint({
    name: 'admin.removeChatRoomMessage',
    method: 'POST',
    path: '/api/admin/merchants/:code/chat-rooms/rooms/:id/remove',
    moduleIds: [],
    access: access.operator('chatRooms.moderate', 'merchant'),
    encrypted: false,
    params: idParams,
    request: z.strictObject({ seq: z.number().int().min(1).max(1_000_000_000) }),
    response: adminChatRoomEntrySchema,
    summary:
      "Removes a message: it disappears live for everyone in the room (a removal entry takes the room's next number). Audited. A removal, an already removed message or an unknown number answers not_found.",
  }),
  mutes: defineEndpoint({
    name: 'admin.chatRoomMutes',
    method: 'GET',
    path: '/api/admin/merchants/:code/chat-rooms/mutes',
    moduleIds: [],
    access: access.operator('chatRooms.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminChatRoomMuteSchema) }),
    summary: "The merchant's members muted now, newest first.",
  }),
  mute: defineEndpoint({
    name: 'admin.muteChatRoomMember',
    method: 'POST',
    path: '/api/admin/merchants/:code/chat-rooms/mutes',
    moduleIds: [],
    access: access.operator('chatRooms.moderate', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: chatRoomMuteInputSchema,
    response: adminChatRoomMuteSchema,
    summary: `Mutes a member of the merchant in every room of the merchant, for minutes (1-${CHAT_ROOM_LIMITS.muteMaxMinutes}) or until lifted, with an optional reason; a new mute replaces the one in force. The member hears of it live. Audited. Another merchant's member answers not_found.`,
  }),
  unmute: defineEndpoint({
    name: 'admin.unmuteChatRoomMember',
    method: 'POST',
    path: '/api/admin/merchants/:code/chat-rooms/mutes/:id/lift',
    moduleIds: [],
    access: access.operator('chatRooms.moderate', 'merchant'),
    encrypted: false,
    params: idParams,
    request: z.strictObject({}),
    response: z.null(),
    summary:
      'Lifts the mute of member :id; the member hears of it live. Audited. A member not muted answers not_found.',
  }),
} as const;
