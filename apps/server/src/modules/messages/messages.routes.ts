import { type MemberMessage, messagesEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { MemberMessageRow } from './messages.repository';
import type { MessagesService } from './messages.service';

const presentMessage = (row: MemberMessageRow): MemberMessage => ({
  id: String(row.id),
  type: row.type,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export const registerMessagesRoutes = (r: Registrar, messages: MessagesService): void => {
  r.site(messagesEndpoints.unreadCount, async ({ ctx }) => ({
    unread: await messages.unreadCount(ctx.member.memberId),
  }));

  r.site(messagesEndpoints.inbox, async ({ input, ctx }) => {
    const { rows, totalPages, unread } = await messages.inbox(ctx.member.memberId, input.pageNo);
    return { list: rows.map(presentMessage), totalPages, unread };
  });

  r.site(messagesEndpoints.markRead, async ({ input, ctx }) => {
    const member = ctx.member;
    return { unread: await messages.markRead(member.merchantCode, member.memberId, input) };
  });
};
