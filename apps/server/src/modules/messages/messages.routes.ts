import { messagesEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { MessagesService } from './messages.service';

export const registerMessagesRoutes = (r: Registrar, messages: MessagesService): void => {
  r.site(messagesEndpoints.unreadCount, async ({ ctx }) => {
    if (!ctx.member) throw new AppError('login.not.session');
    // Trial accounts have no inbox (spec section 4: they skip the unread-message fetch).
    if (ctx.member.type === 4) throw new AppError('in_need_true_account');
    return { unread: await messages.unreadCount(ctx.member.memberId) };
  });
};
