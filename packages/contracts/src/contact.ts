import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { fileAnswerSchema, PROOF_UPLOAD, proofImageSchema } from './proofs';

/** The feedback question types of spec section 3. */
export const feedbackTypes = ['deposit', 'withdrawal', 'game', 'customer_service', 'application', 'other'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

/** open: waiting for the desk; answered: the desk replied; closed: the desk closed it (no more replies). */
export const feedbackStatuses = ['open', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

/**
 * Bounds of a feedback's text (spec section 5: "between two configured bounds, not shown"), and of a reply.
 * The images follow the proof-image rule: png or jpg, at most 3, at most 5 MB each, under the field `images`.
 */
export const FEEDBACK_LIMITS = {
  contentMin: 10,
  contentMax: 500,
  replyMax: 1000,
  /** Submissions per member per hour. */
  perHour: 5,
} as const;
export const FEEDBACK_UPLOAD = { ...PROOF_UPLOAD, field: 'images' } as const;

/** Feedback a page. */
export const FEEDBACK_PAGE_SIZE = 10;

export const feedbackReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const feedbackTicketSchema = z.object({
  id: z.string(),
  /** What the member quotes to the desk (FB000123). */
  reference: z.string(),
  type: z.enum(feedbackTypes),
  content: z.string(),
  status: z.enum(feedbackStatuses),
  imageIds: z.array(z.string()),
  replies: z.array(feedbackReplySchema),
  createdAt: z.string(),
});
export type FeedbackTicket = z.infer<typeof feedbackTicketSchema>;

export const adminFeedbackTicketSchema = feedbackTicketSchema.extend({
  memberId: z.string(),
  username: z.string(),
  replies: z.array(feedbackReplySchema.extend({ operator: z.string() })),
});
export type AdminFeedbackTicket = z.infer<typeof adminFeedbackTicketSchema>;

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const imageParams = z.strictObject({ id: z.uuid(), imageId: z.uuid() });
const adminTicketParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const contactEndpoints = {
  submitFeedback: defineEndpoint({
    name: 'contact.submitFeedback',
    method: 'PUT',
    path: '/wps/feedback',
    moduleIds: ['FEEDBACK3'],
    access: access.realMember,
    encrypted: false,
    bodyKind: 'multipart',
    upload: FEEDBACK_UPLOAD,
    request: z.strictObject({
      type: z.enum(feedbackTypes, { message: 'field_not_allowed' }),
      content: z.string().trim().min(FEEDBACK_LIMITS.contentMin).max(FEEDBACK_LIMITS.contentMax),
    }),
    response: feedbackTicketSchema,
    summary: `multipart/form-data: type, content (${FEEDBACK_LIMITS.contentMin}-${FEEDBACK_LIMITS.contentMax} characters) and up to 3 "images" files (png or jpg, 5 MB each), checked by their bytes and re-encoded. ${FEEDBACK_LIMITS.perHour} a member an hour (too_many_requests). Errors: image_invalid, image_too_large, upload_too_many.`,
  }),
  feedbackList: defineEndpoint({
    name: 'contact.feedbackList',
    method: 'GET',
    path: '/wps/feedback',
    moduleIds: ['FEEDBACK3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({ pageNo }),
    response: z.object({ list: z.array(feedbackTicketSchema), totalPages: z.number().int() }),
    summary: `The member's own feedback, newest first, ${FEEDBACK_PAGE_SIZE} a page, with the desk's replies.`,
  }),
  feedbackImage: defineEndpoint({
    name: 'contact.feedbackImage',
    method: 'GET',
    path: '/wps/feedback/:id/images/:imageId',
    moduleIds: ['FEEDBACK3'],
    access: access.realMember,
    encrypted: false,
    params: imageParams,
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: "One image of the member's own feedback; another member's answers not_found.",
  }),
} as const;

export const adminContactEndpoints = {
  feedbackQueue: defineEndpoint({
    name: 'admin.feedbackQueue',
    method: 'GET',
    path: '/api/admin/merchants/:code/feedback',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({ status: z.enum(feedbackStatuses).optional(), pageNo }),
    response: z.object({ list: z.array(adminFeedbackTicketSchema), totalPages: z.number().int() }),
    summary: 'The merchant’s feedback and complaints, oldest waiting first, by status (owner, support).',
  }),
  replyFeedback: defineEndpoint({
    name: 'admin.replyFeedback',
    method: 'POST',
    path: '/api/admin/merchants/:code/feedback/:id/replies',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: adminTicketParams,
    request: z.strictObject({ body: z.string().trim().min(1).max(FEEDBACK_LIMITS.replyMax) }),
    response: adminFeedbackTicketSchema,
    summary:
      "Answers a feedback: the reply is stored, the ticket becomes answered, and a message reaches the member's inbox; audited. A closed ticket answers order_state_invalid (owner, support).",
  }),
  closeFeedback: defineEndpoint({
    name: 'admin.closeFeedback',
    method: 'POST',
    path: '/api/admin/merchants/:code/feedback/:id/close',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: adminTicketParams,
    request: z.strictObject({}),
    response: adminFeedbackTicketSchema,
    summary: 'Closes a feedback; audited. Closing twice answers order_state_invalid (owner, support).',
  }),
  feedbackImage: defineEndpoint({
    name: 'admin.feedbackImage',
    method: 'GET',
    path: '/api/admin/merchants/:code/feedback/:id/images/:imageId',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid(), imageId: z.uuid() }),
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: 'One image of a feedback (owner, support).',
  }),
} as const;

/** Live chat (issue 30): a conversation waits for the desk, is taken by an operator, and is resolved. */
export const chatStatuses = ['waiting', 'active', 'resolved'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

export const CHAT_LIMITS = {
  /** Longest message, in characters. */
  messageMax: 1000,
  /** Messages a member may send a minute. */
  perMinute: 20,
  /** Messages one read returns at most (a client that is further behind reads again from the last it has). */
  pageSize: 200,
  /** Messages all visitors of one IP address may send a minute (each visitor key also has `perMinute`). */
  visitorPerMinutePerIp: 60,
  /** Conversations visitors of one IP address may open an hour. */
  visitorOpensPerHourPerIp: 5,
  /** Visitors' conversations a merchant's queue holds waiting at most; beyond it new ones wait (too_many_requests). */
  visitorWaitingPerMerchant: 100,
  /** Pictures a member (or a visitor's key) may send a minute; each also counts as a message (decision 0124). */
  attachmentsPerMinute: 5,
} as const;

/**
 * A chat message's picture (decision 0124): png or jpg, one a message, at most 5 MB, under the multipart field
 * `image`, checked by its bytes and re-encoded as proof images are.
 */
export const CHAT_ATTACHMENT_UPLOAD = {
  field: 'image',
  maxFiles: 1,
  maxBytes: PROOF_UPLOAD.maxBytes,
  contentTypes: PROOF_UPLOAD.contentTypes,
} as const;

/** A message's picture as the thread shows it; its bytes are read from the attachment endpoints by `id`. */
export const chatAttachmentSchema = z.object({
  id: z.string(),
  contentType: z.enum(PROOF_UPLOAD.contentTypes),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/**
 * A visitor's browser key (decision 0104): 32 random bytes in base64url, made and kept by the browser. It is the only
 * proof a visitor owns its conversation; the server keeps its SHA-256 only.
 */
export const chatVisitorKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'field_not_allowed' });
/** The realtime topic kind of a visitor's conversation: `chatv:<token>`, the token answered with the thread. */
export const CHAT_VISITOR_TOPIC = 'chatv';

/** One chat message; `seq` numbers the conversation's messages from 1 without gaps. */
export const chatMessageSchema = z.object({
  seq: z.number().int(),
  author: z.enum(['member', 'operator']),
  /** The text; empty for a picture sent without one. */
  body: z.string(),
  /** The message's picture (decision 0124); null for a text message. */
  attachment: chatAttachmentSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  status: z.enum(chatStatuses),
  /** The last message's number. */
  lastSeq: z.number().int(),
  /** Messages from the other side not yet read by the reader. */
  unread: z.number().int(),
  /** The desk has read the conversation up to this number (decision 0111): the member site shows "Read". */
  deskReadSeq: z.number().int(),
  createdAt: z.string(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const adminChatConversationSchema = chatConversationSchema.extend({
  /** null: a visitor without an account (yet). */
  memberId: z.string().nullable(),
  /** The member's username, or `visitor-xxxxxx` for a visitor. */
  username: z.string(),
  visitor: z.boolean(),
  /** The operator who took it; null while waiting. */
  operator: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * Since when the member's unanswered messages wait: the first member message after the desk's last one (null: the
   * desk had the last word, or the conversation is resolved).
   */
  waitingSince: z.string().nullable(),
  /** Seconds from the member's first message to the desk's first answer (null: not answered yet). */
  firstReplySeconds: z.number().int().nullable(),
});
export type AdminChatConversation = z.infer<typeof adminChatConversationSchema>;

/** An operator who can answer a merchant's chats: the desk a conversation can be handed to. */
export const chatDeskOperatorSchema = z.object({ id: z.string(), username: z.string(), displayName: z.string() });
export type ChatDeskOperator = z.infer<typeof chatDeskOperatorSchema>;

/** A conversation and its messages after `afterSeq`, oldest first. */
export const chatThreadSchema = z.object({
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
});
/** A visitor's thread, with the realtime topic its pushes arrive on. */
export const chatVisitorThreadSchema = chatThreadSchema.extend({ topic: z.string() });
export const adminChatThreadSchema = z.object({
  conversation: adminChatConversationSchema,
  messages: z.array(chatMessageSchema),
});

/** The realtime event of a new chat message, to the member's stream and to the desk's. */
export const chatMessageEventSchema = z.object({ conversationId: z.string(), message: chatMessageSchema });
/** The realtime event of the desk having read a conversation up to `deskReadSeq`, to the member (or visitor). */
export const chatReadEventSchema = z.object({ conversationId: z.string(), deskReadSeq: z.number().int() });
/** The desk's realtime event of the customer typing in a conversation (decision 0111); the console shows it a while. */
export const chatTypingEventSchema = z.object({ conversationId: z.string() });
/** How long the console shows "typing" after the last signal, and how often a browser sends one while typing. */
export const CHAT_TYPING = { showMs: 5000, everyMs: 2500, perMinute: 30 } as const;
/** The realtime event of a conversation that changed for the desk (new, taken, resolved, new message). */
export const chatConversationEventSchema = z.object({ conversationId: z.string(), status: z.enum(chatStatuses) });

/**
 * The sender's own id of a message (decision 0111): a UUID the browser makes once per message and sends again with
 * every retry of it. A retry with the same id from the same sender in the same conversation answers the message first
 * stored and stores nothing; the same id with another text, or from another sender, answers idempotency_conflict.
 * Optional: a client that sends none (an older tab) is not deduplicated.
 */
export const clientMessageIdSchema = z.uuid({ message: 'field_invalid' });
/** A new client message id: a random (version 4) UUID, also where `crypto.randomUUID` is missing (plain http). */
export const newClientMessageId = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const chatBody = z.strictObject({
  body: z.string().trim().min(1).max(CHAT_LIMITS.messageMax),
  clientMessageId: clientMessageIdSchema.optional(),
});
/** A picture message's text fields (multipart): an optional text beside the `image` file. */
const chatImageBody = z.strictObject({
  body: z.string().trim().max(CHAT_LIMITS.messageMax).default(''),
  clientMessageId: clientMessageIdSchema.optional(),
});
const IMAGE_SEND_ERRORS =
  'Errors: image_invalid (not a png or jpeg picture), image_too_large (over 5 MB), image_empty, image_type_not_allowed (gif, svg, webp, bmp), upload_too_many (more than one file), field_required on image (no file)';
const attachmentParams = z.strictObject({ id: z.uuid() });
const afterSeq = z.coerce.number().int().min(0).max(1_000_000_000).default(0);
const readSeq = z.strictObject({ seq: z.number().int().min(0).max(1_000_000_000) });
const chatParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const chatEndpoints = {
  current: defineEndpoint({
    name: 'contact.chatCurrent',
    method: 'GET',
    path: '/wps/contact/chat',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({ afterSeq }),
    response: chatThreadSchema.nullable(),
    summary:
      "The member's open conversation (waiting or active) and its messages after afterSeq, oldest first; null when none. A client that reconnects reads from the last number it has.",
  }),
  send: defineEndpoint({
    name: 'contact.chatSend',
    method: 'POST',
    path: '/wps/contact/chat/messages',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: chatBody,
    response: chatThreadSchema,
    summary: `Sends a message to the desk, opening a conversation when the member has none. At most ${CHAT_LIMITS.messageMax} characters, ${CHAT_LIMITS.perMinute} a minute (too_many_requests). Answers the conversation with the new message. A retry with the same clientMessageId answers the message first stored and stores none.`,
  }),
  typing: defineEndpoint({
    name: 'contact.chatTyping',
    method: 'POST',
    path: '/wps/contact/chat/typing',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.null(),
    summary: `The member is typing: the desk's console shows it (decision 0111). Nothing is stored; without an open conversation nothing happens. At most ${CHAT_TYPING.perMinute} a minute (too_many_requests).`,
  }),
  read: defineEndpoint({
    name: 'contact.chatRead',
    method: 'POST',
    path: '/wps/contact/chat/read',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: readSeq,
    response: z.object({ unread: z.number().int() }),
    summary: "Marks the desk's messages up to seq read; answers the member's unread count.",
  }),
  sendImage: defineEndpoint({
    name: 'contact.chatSendImage',
    method: 'POST',
    path: '/wps/contact/chat/images',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    bodyKind: 'multipart',
    upload: CHAT_ATTACHMENT_UPLOAD,
    request: chatImageBody,
    response: chatThreadSchema,
    summary: `multipart/form-data: one "image" file (png or jpg, 5 MB at most) with an optional body and clientMessageId. Sends a picture to the desk as send does (opening a conversation when none is open); ${CHAT_LIMITS.attachmentsPerMinute} pictures a minute (too_many_requests). A retry with the same clientMessageId, text and picture answers the message first stored. ${IMAGE_SEND_ERRORS}; nothing is stored on any.`,
  }),
  attachment: defineEndpoint({
    name: 'contact.chatAttachment',
    method: 'GET',
    path: '/wps/contact/chat/attachments/:id',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    responseKind: 'file',
    params: attachmentParams,
    request: z.strictObject({}),
    response: fileAnswerSchema,
    summary:
      "The picture of a message in one of the member's own conversations, as its bytes (image/png or image/jpeg, nosniff, private caching); any other answers not_found.",
  }),
} as const;

const visitorKey = { key: chatVisitorKeySchema };

/** Live chat for visitors without an account (decision 0104): the browser key in the body, never in a URL. */
export const chatVisitorEndpoints = {
  current: defineEndpoint({
    name: 'contact.chatVisitorCurrent',
    method: 'POST',
    path: '/wps/contact/chat/visitor',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ ...visitorKey, afterSeq }),
    response: chatVisitorThreadSchema.nullable(),
    summary:
      "The open conversation of the visitor's browser key and its messages after afterSeq; null when none. The answer's topic carries its pushes.",
  }),
  send: defineEndpoint({
    name: 'contact.chatVisitorSend',
    method: 'POST',
    path: '/wps/contact/chat/visitor/messages',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: chatBody.extend(visitorKey),
    response: chatVisitorThreadSchema,
    summary: `A visitor's message to the desk, opening a conversation when its key has none. ${CHAT_LIMITS.perMinute} a minute a key, ${CHAT_LIMITS.visitorPerMinutePerIp} a minute and ${CHAT_LIMITS.visitorOpensPerHourPerIp} new conversations an hour an IP address, ${CHAT_LIMITS.visitorWaitingPerMerchant} visitors waiting a merchant (too_many_requests). A retry with the same clientMessageId answers the message first stored.`,
  }),
  typing: defineEndpoint({
    name: 'contact.chatVisitorTyping',
    method: 'POST',
    path: '/wps/contact/chat/visitor/typing',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject(visitorKey),
    response: z.null(),
    summary: `The visitor is typing in its key's open conversation: the desk's console shows it. Nothing is stored. At most ${CHAT_TYPING.perMinute} a minute a key (too_many_requests).`,
  }),
  read: defineEndpoint({
    name: 'contact.chatVisitorRead',
    method: 'POST',
    path: '/wps/contact/chat/visitor/read',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ ...visitorKey, seq: readSeq.shape.seq }),
    response: z.object({ unread: z.number().int() }),
    summary: "Marks the desk's messages up to seq read by the visitor; answers its unread count.",
  }),
  adopt: defineEndpoint({
    name: 'contact.chatAdopt',
    method: 'POST',
    path: '/wps/contact/chat/adopt',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject(visitorKey),
    response: chatThreadSchema.nullable(),
    summary:
      "After sign-in: the conversation this browser opened as a visitor becomes the member's, and the key no longer opens it. Answers the member's open conversation (null when none).",
  }),
  sendImage: defineEndpoint({
    name: 'contact.chatVisitorSendImage',
    method: 'POST',
    path: '/wps/contact/chat/visitor/images',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    bodyKind: 'multipart',
    upload: CHAT_ATTACHMENT_UPLOAD,
    request: chatImageBody.extend(visitorKey),
    response: chatVisitorThreadSchema,
    summary: `multipart/form-data: the key, one "image" file and an optional body and clientMessageId. A visitor's picture, limited as its messages are and ${CHAT_LIMITS.attachmentsPerMinute} pictures a minute a key. ${IMAGE_SEND_ERRORS}.`,
  }),
  attachment: defineEndpoint({
    name: 'contact.chatVisitorAttachment',
    method: 'POST',
    path: '/wps/contact/chat/visitor/attachments/:id',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    responseKind: 'file',
    params: attachmentParams,
    request: z.strictObject(visitorKey),
    response: fileAnswerSchema,
    summary:
      "The picture of a message in the conversation the visitor's key holds, as its bytes (the key in the body, never in a URL); any other answers not_found.",
  }),
} as const;

export const adminChatEndpoints = {
  list: defineEndpoint({
    name: 'admin.chatList',
    method: 'GET',
    path: '/api/admin/merchants/:code/chats',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({ status: z.enum(chatStatuses).optional() }),
    response: z.array(adminChatConversationSchema),
    summary: 'The merchant’s conversations, longest waiting first, at most 100 (owner, support).',
  }),
  thread: defineEndpoint({
    name: 'admin.chatThread',
    method: 'GET',
    path: '/api/admin/merchants/:code/chats/:id',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: z.strictObject({ afterSeq }),
    response: adminChatThreadSchema,
    summary: 'A conversation and its messages after afterSeq, oldest first (owner, support).',
  }),
  claim: defineEndpoint({
    name: 'admin.chatClaim',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/claim',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: z.strictObject({}),
    response: adminChatConversationSchema,
    summary:
      'Takes a waiting conversation (or one another operator holds); audited. A resolved one answers order_state_invalid (owner, support).',
  }),
  send: defineEndpoint({
    name: 'admin.chatSend',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/messages',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: chatBody,
    response: adminChatThreadSchema,
    summary:
      'Answers in a conversation the operator holds (a waiting one is taken first); another operator’s or a resolved one answers order_state_invalid. A retry with the same clientMessageId answers the message first stored (owner, support).',
  }),
  read: defineEndpoint({
    name: 'admin.chatRead',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/read',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: readSeq,
    response: adminChatConversationSchema,
    summary: "Marks the member's messages up to seq read by the desk (owner, support).",
  }),
  desk: defineEndpoint({
    name: 'admin.chatDesk',
    method: 'GET',
    path: '/api/admin/merchants/:code/chat-desk',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({}),
    response: z.array(chatDeskOperatorSchema),
    summary:
      'The operators a conversation of this merchant can be handed to: enabled, allowed to answer chats, of this merchant or of every merchant (owner, support).',
  }),
  transfer: defineEndpoint({
    name: 'admin.chatTransfer',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/transfer',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: z.strictObject({ operatorId: z.uuid({ message: 'field_invalid' }) }),
    response: adminChatConversationSchema,
    summary:
      'Hands a waiting or taken conversation to another desk operator (assigns it); one that cannot answer this merchant’s chats answers field_invalid on operatorId, a resolved conversation order_state_invalid. Audited (owner, support).',
  }),
  resolve: defineEndpoint({
    name: 'admin.chatResolve',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/resolve',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: chatParams,
    request: z.strictObject({}),
    response: adminChatConversationSchema,
    summary: 'Resolves a conversation; the member’s next message opens a new one. Audited (owner, support).',
  }),
  sendImage: defineEndpoint({
    name: 'admin.chatSendImage',
    method: 'POST',
    path: '/api/admin/merchants/:code/chats/:id/images',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    bodyKind: 'multipart',
    upload: CHAT_ATTACHMENT_UPLOAD,
    params: chatParams,
    request: chatImageBody,
    response: adminChatThreadSchema,
    summary: `multipart/form-data: one "image" file and an optional body and clientMessageId. Answers with a picture as send does; a resolved conversation answers chat_closed, another operator’s order_state_invalid, another merchant’s not_found. ${IMAGE_SEND_ERRORS} (owner, support).`,
  }),
  attachment: defineEndpoint({
    name: 'admin.chatAttachment',
    method: 'GET',
    path: '/api/admin/merchants/:code/chats/:id/attachments/:attachmentId',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    responseKind: 'file',
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid(), attachmentId: z.uuid() }),
    request: z.strictObject({}),
    response: fileAnswerSchema,
    summary:
      'The picture of a message of this conversation, as its bytes; another conversation’s or merchant’s answers not_found (owner, support).',
  }),
} as const;

/** Canned replies (issue 30): a merchant's prepared answers, which the chat console inserts by `/shortcut`. */
export const CANNED_REPLY_LIMITS = {
  titleMax: 80,
  shortcutMax: 32,
  /** Replies a merchant may keep. */
  perMerchant: 500,
} as const;

/** What an operator types after "/" in the console: lower-case letters, digits, `-` and `_`, starting alphanumeric. */
export const cannedReplyShortcutSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(CANNED_REPLY_LIMITS.shortcutMax)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { message: 'field_not_allowed' });

export const cannedReplyInputSchema = z.strictObject({
  shortcut: cannedReplyShortcutSchema,
  title: z.string().trim().min(1).max(CANNED_REPLY_LIMITS.titleMax),
  body: z.string().trim().min(1).max(CHAT_LIMITS.messageMax),
  /** The language it is written in, shown beside it in the picker; null: any. */
  language: z.enum(languageCodes, { message: 'field_not_allowed' }).nullable(),
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;

export const cannedReplySchema = z.object({
  id: z.string(),
  shortcut: z.string(),
  title: z.string(),
  body: z.string(),
  language: z.enum(languageCodes).nullable(),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

const cannedParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const adminCannedReplyEndpoints = {
  list: defineEndpoint({
    name: 'admin.cannedReplyList',
    method: 'GET',
    path: '/api/admin/merchants/:code/canned-replies',
    moduleIds: [],
    access: access.operator('contact.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({}),
    response: z.array(cannedReplySchema),
    summary: 'The merchant’s canned replies by shortcut, for the console’s picker and their page (owner, support).',
  }),
  create: defineEndpoint({
    name: 'admin.cannedReplyCreate',
    method: 'POST',
    path: '/api/admin/merchants/:code/canned-replies',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: cannedReplyInputSchema,
    response: cannedReplySchema,
    summary: `Adds a canned reply; a shortcut the merchant already uses answers shortcut_taken on shortcut, more than ${CANNED_REPLY_LIMITS.perMerchant} replies too_many_requests. Audited (owner, support).`,
  }),
  update: defineEndpoint({
    name: 'admin.cannedReplyUpdate',
    method: 'PUT',
    path: '/api/admin/merchants/:code/canned-replies/:id',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: cannedParams,
    request: cannedReplyInputSchema,
    response: cannedReplySchema,
    summary:
      'Replaces a canned reply; another merchant’s answers not_found, a shortcut in use shortcut_taken. Audited with before and after (owner, support).',
  }),
  remove: defineEndpoint({
    name: 'admin.cannedReplyRemove',
    method: 'DELETE',
    path: '/api/admin/merchants/:code/canned-replies/:id',
    moduleIds: [],
    access: access.operator('contact.reply', 'merchant'),
    encrypted: false,
    params: cannedParams,
    request: z.strictObject({}),
    response: z.null(),
    summary: 'Removes a canned reply; another merchant’s answers not_found. Audited (owner, support).',
  }),
} as const;
