import { adminChatRoomEndpoints, chatRoomEndpoints } from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import {
  presentAdminEntry,
  presentAdminHost,
  presentAdminRoom,
  presentEntry,
  presentMute,
  presentRoomSummary,
} from './chat-rooms.presenter';
import type { ChatRoomsActor, ChatRoomsService } from './chat-rooms.service';

export const registerChatRoomsRoutes = (r: Registrar, rooms: ChatRoomsService): void => {
  r.site(chatRoomEndpoints.modelList, async ({ ctx }) => ({
    list: (await rooms.modelList(ctx.merchant.code)).map(({ host, rooms: hostRooms }) => ({
      id: host.id,
      name: host.name,
      avatarUrl: host.avatarUrl,
      rooms: hostRooms.map(presentRoomSummary),
    })),
  }));

  r.site(chatRoomEndpoints.launchChat, async ({ input, ctx }) => rooms.launch(ctx.merchant, input.roomId));

  r.site(chatRoomEndpoints.room, async ({ input, ctx }) => {
    const view = await rooms.view(ctx.merchant, ctx.member, input.roomId, input.afterSeq);
    return {
      room: {
        ...presentRoomSummary(view.room),
        hostName: view.room.hostName,
        hostAvatarUrl: view.room.hostAvatarUrl,
      },
      lastSeq: view.room.lastSeq,
      entries: view.entries.map((entry) => presentEntry(entry, ctx.member.memberId)),
      me: view.me,
    };
  });

  r.site(chatRoomEndpoints.send, async ({ input, ctx }) =>
    presentEntry(await rooms.send(ctx.merchant, ctx.member, input.roomId, input.body), ctx.member.memberId),
  );
};

export const registerChatRoomsAdminRoutes = (r: Registrar, rooms: ChatRoomsService): void => {
  const actorOf = (ctx: AdminContext): ChatRoomsActor => ({ operator: ctx.operator, caller: ctx });

  r.admin(adminChatRoomEndpoints.hosts, async ({ ctx }) => ({
    list: (await rooms.hosts(ctx.merchant.code)).map(presentAdminHost),
  }));
  r.admin(adminChatRoomEndpoints.createHost, async ({ input, ctx }) =>
    presentAdminHost(await rooms.createHost(ctx.merchant, input, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.updateHost, async ({ input, params, ctx }) =>
    presentAdminHost(await rooms.updateHost(ctx.merchant, params.id, input, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.rooms, async ({ ctx }) => ({
    list: (await rooms.rooms(ctx.merchant.code)).map(presentAdminRoom),
  }));
  r.admin(adminChatRoomEndpoints.createRoom, async ({ input, ctx }) =>
    presentAdminRoom(await rooms.createRoom(ctx.merchant, input, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.updateRoom, async ({ input, params, ctx }) =>
    presentAdminRoom(await rooms.updateRoom(ctx.merchant, params.id, input, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.entries, async ({ input, params, ctx }) => {
    const { room, entries } = await rooms.adminEntries(ctx.merchant.code, params.id, input.afterSeq);
    return { lastSeq: room.lastSeq, list: entries.map(presentAdminEntry) };
  });
  r.admin(adminChatRoomEndpoints.remove, async ({ input, params, ctx }) =>
    presentAdminEntry(await rooms.remove(ctx.merchant, params.id, input.seq, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.mutes, async ({ ctx }) => ({
    list: (await rooms.mutes(ctx.merchant.code)).map(presentMute),
  }));
  r.admin(adminChatRoomEndpoints.mute, async ({ input, ctx }) =>
    presentMute(await rooms.mute(ctx.merchant, input, actorOf(ctx))),
  );
  r.admin(adminChatRoomEndpoints.unmute, async ({ params, ctx }) => {
    await rooms.unmute(ctx.merchant, params.id, actorOf(ctx));
    return null;
  });
};
