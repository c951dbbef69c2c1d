import { defineModule } from '../../platform/modules';
import { createMessagesRepository } from './messages.repository';
import { registerMessagesRoutes } from './messages.routes';
import { createMessagesService, type MessagesService } from './messages.service';

export { registerMessagesRoutes } from './messages.routes';
export { createMessagesService, type MessagesService } from './messages.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Members' inbox; the unread count is pushed to the member's browsers when it changes. */
    messages: MessagesService;
  }
}

export const messagesModule = defineModule({
  name: 'messages',
  create: ({ database, realtime, log }) => {
    const messages: MessagesService = createMessagesService(createMessagesRepository(database.pool), {
      onUnreadChange: (merchantCode, memberId) => {
        messages
          .unreadCount(memberId)
          .then((unread) => realtime.publishToMember(merchantCode, memberId, 'messages.unread', { unread }))
          .catch((error: unknown) => log.warn({ err: error }, 'realtime delivery failed'));
      },
    });
    return messages;
  },
  routes: (registrar, messages) => registerMessagesRoutes(registrar, messages),
});
