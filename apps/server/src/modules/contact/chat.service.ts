import { CHAT_LIMITS, type ChatStatus } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext, OperatorPrincipal } from '../../platform/principals';
import type { RealtimeHub } from '../../platform/realtime';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import {
  type ChatMessageRow,
  type ChatRepository,
  type ConversationRow,
  createChatRepository,
} from './chat.repository';
import type { AuditActor } from './feedback.service';

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

  const push = (conversation: ConversationRow, message: ChatMessageRow | null) => {
    if (message) {
      const event = { conversationId: conversation.id, message: presentMessage(message) };
      deps.realtime.publishToMember(conversation.merchantCode, conversation.memberId, 'contact.chat.message', event);
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

  /** Claims or resolves with its audit row, in one transaction. */
  const change = async (
    merchant: MerchantContext,
    id: string,
    actor: AuditActor & { operator: OperatorPrincipal },
    what: 'claim' | 'resolve',
  ) => {
    await deskConversation(merchant.code, id);
    const row = await inTransaction(deps.pool, async (client) => {
      const updated = await repository.update(
        client,
        merchant.code,
        id,
        what === 'claim'
          ? { claimBy: { operatorId: actor.operator.operatorId, username: actor.operator.username } }
          : { resolve: true },
      );
      if (!updated) throw new AppError('order_state_invalid');
      await deps.admin.auditWith(client, actor, {
        action: what === 'claim' ? 'chat.claim' : 'chat.resolve',
        target: `chat:${id}`,
        merchantCode: merchant.code,
        details: { member: updated.username },
      });
      return updated;
    });
    push(row, null);
    return row;
  };

  return {
    /** The member's open conversation and its messages after `afterSeq`; null when it has none. */
    current: async (member: MemberPrincipal, afterSeq: number) => {
      const conversation = await repository.openOf(member.memberId);
      if (!conversation) return null;
      return { conversation, messages: await repository.messagesAfter(conversation.id, afterSeq) };
    },

    /** A member's message; opens a conversation when it has none. Rate-limited per member. */
    memberSend: async (merchant: MerchantContext, member: MemberPrincipal, body: string) => {
      const hit = await deps.limiter.hit(`chat:${member.memberId}`, CHAT_LIMITS.perMinute, 60_000);
      if (!hit.allowed) throw new AppError('too_many_requests');
      const profile = await deps.members.findById(member.memberId);
      if (!profile) throw new AppError('login.not.session');
      // A conversation resolved between the open and the append: the next attempt opens a new one.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const open = await repository.openOrCreate({
          merchantCode: merchant.code,
          memberId: member.memberId,
          username: profile.username,
        });
        const appended = await repository.append(open.id, { author: 'member', body });
        if (appended) {
          push(appended.conversation, appended.message);
          return { conversation: appended.conversation, messages: [appended.message] };
        }
      }
      throw new AppError('order_state_invalid');
    },

    memberRead: async (member: MemberPrincipal, seq: number) => {
      const open = await repository.openOf(member.memberId);
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
    deskSend: async (merchant: MerchantContext, id: string, operator: OperatorPrincipal, body: string) => {
      await deskConversation(merchant.code, id);
      const appended = await repository.append(id, {
        author: 'operator',
        body,
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
      });
      if (!appended) throw new AppError('order_state_invalid');
      push(appended.conversation, appended.message);
      return { conversation: appended.conversation, messages: [appended.message] };
    },

    deskRead: async (merchantCode: string, id: string, seq: number) => {
      const row = await repository.markRead({ merchantCode }, id, 'desk', seq);
      if (!row) throw new AppError('not_found');
      return row;
    },

    claim: (merchant: MerchantContext, id: string, actor: AuditActor & { operator: OperatorPrincipal }) =>
      change(merchant, id, actor, 'claim'),
    resolve: (merchant: MerchantContext, id: string, actor: AuditActor & { operator: OperatorPrincipal }) =>
      change(merchant, id, actor, 'resolve'),

    unread: (rows: readonly ConversationRow[], reader: 'member' | 'desk') => unreadOf(repository, rows, reader),
  };
};

export const presentMessage = (row: ChatMessageRow) => ({
  seq: row.seq,
  author: row.author,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

export type ChatService = ReturnType<typeof createChatService>;
