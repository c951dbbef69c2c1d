import { defineModule } from '../../platform/modules';
import { createBroadcastsRepository } from './broadcasts.repository';
import { type BroadcastsService, createBroadcastsService } from './broadcasts.service';
import { createMessagesRepository } from './messages.repository';
import { registerMessagesRoutes } from './messages.routes';
import { createMessagesService, type MessagesService } from './messages.service';
import { registerMessagesAdminRoutes } from './messages-admin.routes';

export { type BroadcastsService, createBroadcastsService } from './broadcasts.service';
export { registerMessagesRoutes } from './messages.routes';
export { createMessagesService, type MessagesService } from './messages.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Members' inbox; the unread count is pushed to the member's browsers when it changes. */
    messages: MessagesService;
    /** Operators' messages to members: one, VIP levels, an agent's team, a registration range or all (decision 0121). */
    messageBroadcasts: BroadcastsService;
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
      onUnreadChanges: (merchantCode, memberIds) => {
        messages
          .unreadCounts(memberIds)
          .then((counts) => {
            for (const [memberId, unread] of counts) {
              realtime.publishToMember(merchantCode, memberId, 'messages.unread', { unread });
            }
          })
          .catch((error: unknown) => log.warn({ err: error }, 'realtime delivery failed'));
      },
    });
    return messages;
  },
  routes: (registrar, messages) => registerMessagesRoutes(registrar, messages),
});

/**
 * Operators' messages to members' inboxes (decision 0121). Listed after the modules whose members it addresses
 * (members, VIP, agents, responsible gaming); the job sends scheduled ones when due.
 */
export const messageBroadcastsModule = defineModule({
  name: 'messageBroadcasts',
  create: ({ database, services }) =>
    createBroadcastsService({
      pool: database.pool,
      repository: createBroadcastsRepository(database.pool),
      admin: services.admin,
      members: services.members,
      vipMemberIds: services.vip.memberIdsAtLevels,
      downlineIds: services.agents.downlineIds,
      blockedAmong: (merchantCode, memberIds) => services.responsibleGaming.blockedAmong(merchantCode, memberIds),
      announceUnread: services.messages.announceUnread,
    }),
  routes: (registrar, broadcasts) => registerMessagesAdminRoutes(registrar, broadcasts),
  jobs: (broadcasts) => [
    {
      name: 'messages_broadcasts_due',
      schedule: { everySeconds: 15 },
      run: (job) => job.once(() => broadcasts.sendDue()),
    },
  ],
});
