import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_ATTACHMENT_UPLOAD,
  CHAT_LIMITS,
  CHAT_TYPING,
  CHAT_VISITOR_TOPIC,
  type ChatStatus,
  type FileAnswer,
  type RealtimeEventData,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { ImageMediaType } from '../../platform/images/image-recode';
import { recodeOnePicture } from '../../platform/images/proof-images';
import type {
  ClientFacts,
  MemberPrincipal,
  MerchantContext,
  OperatorPrincipal,
  UploadedFile,
} from '../../platform/principals';
import type { RealtimeHub } from '../../platform/realtime';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import {
  type ChatMessageRow,
  type ChatRepository,
  type ConversationRow,
  createChatRepository,
  type NewChatAttachment,
} from './chat.repository';
import type { AuditActor } from './feedback.service';

/** What a sender sends: a text, or a picture with an optional text (decision 0124), and its client id. */
interface Sent {
  body: string;
  clientMessageId?: string | undefined;
  attachment?: NewChatAttachment | undefined;
}

/** A picture's upload checked and re-encoded (`recodeOnePicture`), with the hash a retry is compared by. */
const pictureOf = (files: readonly UploadedFile[]): NewChatAttachment => {
  const [file] = files;
  if (!file) throw fieldError(CHAT_ATTACHMENT_UPLOAD.field, 'field_required');
  const picture = recodeOnePicture(file);
  return { ...picture, sha256: createHash('sha256').update(picture.bytes).digest('hex') };
};

/** The bytes a file endpoint answers, named by the attachment's id and type. */
const fileOf = (row: { id: string; contentType: ImageMediaType; bytes: Buffer }): FileAnswer => ({
  contentType: row.contentType,
  filename: `${row.id}.${row.contentType === 'image/png' ? 'png' : 'jpg'}`,
  bytes: row.bytes,
});

/** Unread messages of the other side, per conversation: the member reads the desk's, the desk the member's. */
const unreadOf = async (repository: ChatRepository, rows: readonly ConversationRow[], reader: 'member' | 'desk') => {
  const map = new Map<string, number>();
  for (const row of rows) {
    const readSeq = reader === 'member' ? row.memberReadSeq : row.deskReadSeq;
    if (row.lastSeq <= readSeq) {
      map.set(row.id, 0);
      continue;
    }
    map.set(row.id, await repository.countAfter(row.id, readSeq, reader === 'member' ? 'operator' : 'member'));
  }
  return map;
};

/**
 * A visitor's key as stored (decision 0104): SHA-256 of the merchant and the key, so the database never holds a key
 * and one browser key names different conversations on different sites.
 */
export const visitorKeyHashOf = (merchantCode: string, key: string): string =>
  createHash('sha256').update(`${merchantCode}\u0000${key}`).digest('hex');

/** The realtime topic of a visitor's conversation: derived from the stored hash, so only the key's holder learns it. */
export const visitorTopicOf = (visitorKeyHash: string): string =>
  `${CHAT_VISITOR_TOPIC}:${createHash('sha256').update(`topic\u0000${visitorKeyHash}`).digest('base64url')}`;

/**
 * Live chat (decision 0068): a member's conversation with the desk. Each message takes the conversation's next
 * number in the transaction that stores it, and is then pushed to the member's stream and the desk's; a client that
 * missed a push (a reconnect, another instance) reads on from the last number it holds, so nothing is lost or shown
 * twice.
 */
export const createChatService = (deps: {
  pool: pg.Pool;
  limiter: SharedRateLimiter;
  members: MembersService;
  admin: AdminService;
  realtime: RealtimeHub;
}) => {
  const repository = createChatRepository(deps.pool);

  /** An event to the conversation's customer: the member's stream, or the visitor's topic (decision 0104). */
  const toCustomer = <T extends 'contact.chat.message' | 'contact.chat.read'>(
    conversation: ConversationRow,
    type: T,
    event: RealtimeEventData<T>,
  ) => {
    if (conversation.memberId) {
      deps.realtime.publishToMember(conversation.merchantCode, conversation.memberId, type, event);
    } else if (conversation.visitorKeyHash) {
      deps.realtime.broadcast(conversation.merchantCode, visitorTopicOf(conversation.visitorKeyHash), type, event);
    }
  };

  const push = (conversation: ConversationRow, message: ChatMessageRow | null) => {
    if (message) {
      const event = { conversationId: conversation.id, message: presentMessage(message) };
      toCustomer(conversation, 'contact.chat.message', event);
      deps.realtime.publishToDesk(conversation.merchantCode, 'contact.read', 'contact.chat.message', event);
    }
    deps.realtime.publishToDesk(conversation.merchantCode, 'contact.read', 'contact.chat.conversation', {
      conversationId: conversation.id,
      status: conversation.status,
    });
  };

  const deskConversation = async (merchantCode: string, id: string) => {
    const row = await repository.find({ merchantCode }, id);
    if (!row) throw new AppError('not_found');
    return row;
  };

  /**
   * Claims, hands over (to `to`, another desk operator) or resolves, with its audit row, in one transaction.
   */
  const change = async (
    merchant: MerchantContext,
    id: string,
    actor: AuditActor & { operator: OperatorPrincipal },
    what: 'claim' | 'resolve' | { transferTo: { operatorId: string; username: string } },
  ) => {
    const before = await deskConversation(merchant.code, id);
    const row = await inTransaction(deps.pool, async (client) => {
      const updated = await repository.update(
        client,
        merchant.code,
        id,
        what === 'resolve'
          ? { resolve: true }
          : {
              claimBy:
                what === 'claim'
                  ? { operatorId: actor.operator.operatorId, username: actor.operator.username }
                  : what.transferTo,
            },
      );
      if (!updated) throw new AppError('order_state_invalid');
      await deps.admin.auditWith(client, actor, {
        action: what === 'claim' ? 'chat.claim' : what === 'resolve' ? 'chat.resolve' : 'chat.transfer',
        target: `chat:${id}`,
        merchantCode: merchant.code,
        details:
          typeof what === 'object'
            ? { member: updated.username, from: before.operatorUsername, to: what.transferTo.username }
            : { member: updated.username },
      });
      return updated;
    });
    push(row, null);
    return row;
  };

  /** The operators who may answer this merchant's chats. */
  const desk = (merchantCode: string) => deps.admin.operatorsWith(merchantCode, 'contact.reply');

  /**
   * The message a sender already stored under its client id (decision 0111), as a send answers it; null when none.
   * The same id with another text, or from another sender, is idempotency_conflict: a client reused an id.
   */
  const original = async (
    owner: { memberId: string } | { visitorKeyHash: string } | { merchantCode: string },
    conversationId: string | null,
    sent: Sent & { operatorId: string | null },
  ) => {
    if (!sent.clientMessageId) return null;
    const found = await repository.byClientId(owner, sent.clientMessageId, conversationId);
    if (!found) return null;
    const { message } = found;
    const sameSender =
      message.author === (sent.operatorId ? 'operator' : 'member') && message.operatorId === sent.operatorId;
    if (!sameSender || message.body !== sent.body) throw new AppError('idempotency_conflict');
    // A picture's retry is the same picture (decision 0124): the same re-encoded bytes, by their hash.
    const storedHash = message.attachmentId ? await repository.attachmentHash(message.attachmentId) : null;
    if (storedHash !== (sent.attachment?.sha256 ?? null)) throw new AppError('idempotency_conflict');
    return { conversation: found.conversation, messages: [message] };
  };

  /**
   * Appends the customer's message to the opener's open conversation, opening one when it has none. A retry of a
   * message already stored (same client id) answers that message, even when its conversation was resolved since.
   */
  const customerSend = async (
    merchant: MerchantContext,
    opener: { memberId: string } | { visitorKeyHash: string },
    username: string,
    sent: Sent,
  ) => {
    const retried = { ...sent, operatorId: null };
    const before = await original(opener, null, retried);
    if (before) return before;
    // A conversation resolved between the open and the append: the next attempt opens a new one.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const open = await repository.openOrCreate({ merchantCode: merchant.code, opener, username });
      const appended = await repository.append(open.id, {
        author: 'member',
        body: sent.body,
        clientMessageId: sent.clientMessageId,
        attachment: sent.attachment,
      });
      if (appended === 'duplicate') {
        const raced = await original(opener, open.id, retried);
        if (raced) return raced;
        throw new Error('duplicate chat message not found');
      }
      if (appended) {
        push(appended.conversation, appended.message);
        return { conversation: appended.conversation, messages: [appended.message] };
      }
    }
    throw new AppError('order_state_invalid');
  };

  const limit = async (key: string, count: number, windowMs: number) => {
    const hit = await deps.limiter.hit(key, count, windowMs);
    if (!hit.allowed) throw new AppError('too_many_requests');
  };

  /** The customer is typing: the desk hears of it when the opener has an open conversation; nothing is stored. */
  const typing = async (opener: { memberId: string } | { visitorKeyHash: string }, limitKey: string) => {
    await limit(limitKey, CHAT_TYPING.perMinute, 60_000);
    const open = await repository.openOf(opener);
    if (open)
      deps.realtime.publishToDesk(open.merchantCode, 'contact.read', 'contact.chat.typing', {
        conversationId: open.id,
      });
  };

  return {
    memberTyping: (member: MemberPrincipal) => typing({ memberId: member.memberId }, `chat:typing:${member.memberId}`),
    visitorTyping: (merchant: MerchantContext, key: string) => {
      const visitorKeyHash = visitorKeyHashOf(merchant.code, key);
      return typing({ visitorKeyHash }, `chatv:typing:${visitorKeyHash}`);
    },

    /** A visitor's open conversation (by its browser key) and its messages after `afterSeq`; null when none. */
    visitorCurrent: async (merchant: MerchantContext, key: string, afterSeq: number) => {
      const visitorKeyHash = visitorKeyHashOf(merchant.code, key);
      const conversation = await repository.openOf({ visitorKeyHash });
      if (!conversation) return null;
      return { conversation, messages: await repository.messagesAfter(conversation.id, afterSeq) };
    },

    /**
     * A visitor's message (decision 0104). Limits: per key as for a member, per IP address a minute, and per IP
     * address and per merchant's waiting queue when it opens a conversation; each refusal writes no message.
     */
    visitorSend: async (
      merchant: MerchantContext,
      key: string,
      sent: { body: string; clientMessageId?: string | undefined },
      client: ClientFacts,
      files?: readonly UploadedFile[],
    ) => {
      const visitorKeyHash = visitorKeyHashOf(merchant.code, key);
      // A picture counts as a message and as a picture; both limits come before its bytes are decoded.
      if (files) await limit(`chatv:pictures:${visitorKeyHash}`, CHAT_LIMITS.attachmentsPerMinute, 60_000);
      await limit(`chatv:key:${visitorKeyHash}`, CHAT_LIMITS.perMinute, 60_000);
      await limit(`chatv:ip:${merchant.code}:${client.ip}`, CHAT_LIMITS.visitorPerMinutePerIp, 60_000);
      if (!(await repository.openOf({ visitorKeyHash }))) {
        await limit(`chatv:open:${merchant.code}:${client.ip}`, CHAT_LIMITS.visitorOpensPerHourPerIp, 3_600_000);
        if ((await repository.waitingVisitors(merchant.code)) >= CHAT_LIMITS.visitorWaitingPerMerchant) {
          throw new AppError('too_many_requests');
        }
      }
      const attachment = files ? pictureOf(files) : undefined;
      const username = `visitor-${randomBytes(3).toString('hex')}`;
      return customerSend(merchant, { visitorKeyHash }, username, { ...sent, attachment });
    },

    visitorRead: async (merchant: MerchantContext, key: string, seq: number) => {
      const visitorKeyHash = visitorKeyHashOf(merchant.code, key);
      const open = await repository.openOf({ visitorKeyHash });
      if (!open) return 0;
      const row = await repository.markRead({ visitorKeyHash }, open.id, 'member', seq);
      return row ? ((await unreadOf(repository, [row], 'member')).get(row.id) ?? 0) : 0;
    },

    /**
     * After sign-in: the conversation the browser's key opened becomes the member's (decision 0104), and the desk
     * hears of the change. Answers the member's open conversation.
     */
    adopt: async (merchant: MerchantContext, member: MemberPrincipal, key: string) => {
      const profile = await deps.members.findById(member.memberId);
      if (!profile) throw new AppError('login.not.session');
      const adopted = await repository.adopt(visitorKeyHashOf(merchant.code, key), merchant.code, {
        memberId: member.memberId,
        username: profile.username,
      });
      if (adopted) push(adopted, null);
      const conversation = await repository.openOf({ memberId: member.memberId });
      if (!conversation) return null;
      return { conversation, messages: await repository.messagesAfter(conversation.id, 0) };
    },

    /** The member's open conversation and its messages after `afterSeq`; null when it has none. */
    current: async (member: MemberPrincipal, afterSeq: number) => {
      const conversation = await repository.openOf({ memberId: member.memberId });
      if (!conversation) return null;
      return { conversation, messages: await repository.messagesAfter(conversation.id, afterSeq) };
    },

    /** A member's message; opens a conversation when it has none. Rate-limited per member. */
    memberSend: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      sent: { body: string; clientMessageId?: string | undefined },
      files?: readonly UploadedFile[],
    ) => {
      // A picture counts as a message and as a picture; both limits come before its bytes are decoded.
      if (files) await limit(`chat:pictures:${member.memberId}`, CHAT_LIMITS.attachmentsPerMinute, 60_000);
      await limit(`chat:${member.memberId}`, CHAT_LIMITS.perMinute, 60_000);
      const attachment = files ? pictureOf(files) : undefined;
      const profile = await deps.members.findById(member.memberId);
      if (!profile) throw new AppError('login.not.session');
      return customerSend(merchant, { memberId: member.memberId }, profile.username, { ...sent, attachment });
    },

    /** A picture of one of the member's own conversations; any other (another member's) is not_found. */
    memberAttachment: async (member: MemberPrincipal, attachmentId: string) => {
      const row = await repository.attachment({ memberId: member.memberId }, attachmentId, null);
      if (!row) throw new AppError('not_found');
      return fileOf(row);
    },

    /** A picture of the conversation a visitor's key holds; any other is not_found. */
    visitorAttachment: async (merchant: MerchantContext, key: string, attachmentId: string) => {
      const visitorKeyHash = visitorKeyHashOf(merchant.code, key);
      const row = await repository.attachment({ visitorKeyHash }, attachmentId, null);
      if (!row) throw new AppError('not_found');
      return fileOf(row);
    },

    /** A picture of this merchant's conversation `id`; another conversation's or merchant's is not_found. */
    deskAttachment: async (merchantCode: string, id: string, attachmentId: string) => {
      const row = await repository.attachment({ merchantCode }, attachmentId, id);
      if (!row) throw new AppError('not_found');
      return fileOf(row);
    },

    memberRead: async (member: MemberPrincipal, seq: number) => {
      const open = await repository.openOf({ memberId: member.memberId });
      if (!open) return 0;
      const row = await repository.markRead({ memberId: member.memberId }, open.id, 'member', seq);
      return row ? ((await unreadOf(repository, [row], 'member')).get(row.id) ?? 0) : 0;
    },

    list: (merchantCode: string, status: ChatStatus | undefined) => repository.list(merchantCode, status),

    thread: async (merchantCode: string, id: string, afterSeq: number) => {
      const conversation = await deskConversation(merchantCode, id);
      return { conversation, messages: await repository.messagesAfter(id, afterSeq) };
    },

    /** The desk's message: in a conversation this operator holds, or a waiting one (taken by it). */
    deskSend: async (
      merchant: MerchantContext,
      id: string,
      operator: OperatorPrincipal,
      sent: { body: string; clientMessageId?: string | undefined },
      files?: readonly UploadedFile[],
    ) => {
      const conversation = await deskConversation(merchant.code, id);
      // A picture to a resolved conversation has its own answer (decision 0124), before its bytes are decoded.
      if (files && conversation.status === 'resolved') throw new AppError('chat_closed');
      const attachment = files ? pictureOf(files) : undefined;
      const owner = { merchantCode: merchant.code };
      const retried = { ...sent, attachment, operatorId: operator.operatorId };
      const before = await original(owner, id, retried);
      if (before) return before;
      const appended = await repository.append(id, {
        author: 'operator',
        body: sent.body,
        clientMessageId: sent.clientMessageId,
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
        attachment,
      });
      if (appended === 'duplicate') {
        const raced = await original(owner, id, retried);
        if (raced) return raced;
        throw new Error('duplicate chat message not found');
      }
      if (!appended) {
        const now = files ? await repository.find(owner, id) : null;
        throw new AppError(now?.status === 'resolved' ? 'chat_closed' : 'order_state_invalid');
      }
      push(appended.conversation, appended.message);
      return { conversation: appended.conversation, messages: [appended.message] };
    },

    /** The desk read up to `seq`: the member (or visitor) hears of it, and shows its messages read (decision 0111). */
    deskRead: async (merchantCode: string, id: string, seq: number) => {
      const row = await repository.markRead({ merchantCode }, id, 'desk', seq);
      if (!row) throw new AppError('not_found');
      toCustomer(row, 'contact.chat.read', { conversationId: row.id, deskReadSeq: row.deskReadSeq });
      return row;
    },

    claim: (merchant: MerchantContext, id: string, actor: AuditActor & { operator: OperatorPrincipal }) =>
      change(merchant, id, actor, 'claim'),
    resolve: (merchant: MerchantContext, id: string, actor: AuditActor & { operator: OperatorPrincipal }) =>
      change(merchant, id, actor, 'resolve'),

    desk,

    /**
     * Hands an open conversation to another operator of the desk (or assigns a waiting one); the member's messages
     * and the conversation's numbers are untouched. A target who cannot answer this merchant's chats is a field error.
     */
    transfer: async (
      merchant: MerchantContext,
      id: string,
      operatorId: string,
      actor: AuditActor & { operator: OperatorPrincipal },
    ) => {
      const target = (await desk(merchant.code)).find((row) => row.id === operatorId);
      if (!target) throw fieldError('operatorId', 'field_invalid');
      return change(merchant, id, actor, { transferTo: { operatorId: target.id, username: target.username } });
    },

    unread: (rows: readonly ConversationRow[], reader: 'member' | 'desk') => unreadOf(repository, rows, reader),

    /** The desk's response times of these conversations (first reply, waiting since), by conversation id. */
    timings: (rows: readonly ConversationRow[]) => repository.timings(rows.map((row) => row.id)),
  };
};

export const presentMessage = (row: ChatMessageRow) => ({
  seq: row.seq,
  author: row.author,
  body: row.body,
  attachment: row.attachment,
  createdAt: row.createdAt.toISOString(),
});

export type ChatService = ReturnType<typeof createChatService>;
