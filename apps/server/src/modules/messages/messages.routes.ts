import { type MemberMessage, messagesEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { SiteContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { memberMessages } from './messages.schema';
import type { MessagesService } from './messages.service';

/** Trial accounts have no inbox (spec section 4: they skip the unread-message fetch). */
const inboxOwner = (ctx: SiteContext) => {
  if (!ctx.member) throw new AppError('login.not.session');
  if (ctx.member.type === 4) throw new AppError('in_need_true_account');
  return ctx.member;
};

const presentMessage = (row: typeof memberMessages.$inferSelect): MemberMessage => ({
  id: String(row.id),
  type: row.type,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export const registerMessagesRoutes = (r: Registrar, messages: MessagesService): void => {
  r.site(messagesEndpoints.unreadCount, async ({ ctx }) => ({
    unread: await messages.unreadCount(inboxOwner(ctx).memberId),
  }));

  r.site(messagesEndpoints.inbox, async ({ input, ctx }) => {
    const { rows, totalPages, unread } = await messages.inbox(inboxOwner(ctx).memberId, input.pageNo);
    return { list: rows.map(presentMessage), totalPages, unread };
  });

  r.site(messagesEndpoints.markRead, async ({ input, ctx }) => {
    const member = inboxOwner(ctx);
    return { unread: await messages.markRead(member.merchantCode, member.memberId, input) };
  });
};
