import { CHAT_ROOM_TOPIC } from '@tessera/contracts';
import { defineModule } from '../../platform/modules';
import { createChatRoomsRepository } from './chat-rooms.repository';
import { registerChatRoomsAdminRoutes, registerChatRoomsRoutes } from './chat-rooms.routes';
import { type ChatRoomsService, createChatRoomsService } from './chat-rooms.service';

export { type ChatRoomsService, slowModeLeft } from './chat-rooms.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Chat rooms (issue 30, decision 0164). */
    chatRooms: ChatRoomsService;
  }
}

/**
 * Chat rooms (decision 0164): a merchant's hosts and rooms (CBS_modelList, CBS_launchChat), members' messages numbered
 * per room and pushed on topic `chatroom:<id>`, moderation (remove, mute, slow mode) from the back office.
 */
export const chatRoomsModule = defineModule({
  name: 'chatRooms',
  create: ({ database, services, realtime }) => {
    // Members only: a room's topic carries members' names and messages (decision 0164).
    realtime.defineTopic(CHAT_ROOM_TOPIC, { access: 'member' });
    return createChatRoomsService({
      pool: database.pool,
      repository: createChatRoomsRepository(database.pool),
      limiter: services.limiter,
      realtime: services.realtime,
      members: services.members,
      admin: services.admin,
    });
  },
  routes: (registrar, rooms) => {
    registerChatRoomsRoutes(registrar, rooms);
    registerChatRoomsAdminRoutes(registrar, rooms);
  },
  // Rooms' message retention: `once` only claims the hour; the deletions run after it in short statements of their
  // own, as the platform's retention does (one long transaction would hold the claim's connection throughout).
  jobs: (rooms) => [
    {
      name: 'chat_rooms_retention',
      schedule: { cron: '41 * * * *' },
      run: async (job) => {
        const claimed = await job.once(async () => true);
        if (claimed.ran) await rooms.pruneExpired();
      },
    },
  ],
});
