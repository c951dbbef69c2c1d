import {
  type AuditAction,
  CHAT_ROOM_LIMITS,
  type ChatRoomHostInput,
  type ChatRoomInput,
  type ChatRoomMe,
  type ChatRoomMuteInput,
  chatRoomPathOf,
  chatRoomTopicOf,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext, OperatorPrincipal } from '../../platform/principals';
import type { RealtimeHub } from '../../platform/realtime';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import { presentEntryEvent } from './chat-rooms.presenter';
import type { ChatRoomsRepository, EntryRow, MuteRow, RoomRow } from './chat-rooms.repository';

export type ChatRoomsActor = Parameters<AdminService['auditWith']>[1] & { operator: OperatorPrincipal };

/** Seconds a member still waits under a slow mode, given the seconds since its last message (whole seconds, up). */
export const slowModeLeft = (slowModeSeconds: number, secondsSinceLast: number | null): number =>
  slowModeSeconds <= 0 || secondsSinceLast === null ? 0 : Math.max(0, Math.ceil(slowModeSeconds - secondsSinceLast));

/** Open, and its host enabled: what members may see of a room. */
const isVisible = (room: RoomRow | null): room is RoomRow => Boolean(room?.open && room.hostEnabled);

/** Entries deleted per statement by the retention job, and statements per run at most (the rest wait an hour). */
const PRUNE_BATCH = 5000;
const PRUNE_MAX_BATCHES = 200;

const muteValue = (mute: MuteRow) => ({
  mutedUntil: mute.mutedUntil?.toISOString() ?? null,
  muteReason: mute.reason,
});

/**
 * Chat rooms (decision 0164). A member's message is checked against the shared rate limit, then in one transaction
 * with the room's row locked: the room is open, the member is not muted, the room's slow mode has passed since its
 * last message; the message takes the room's next number. After commit the entry goes to the room's topic and the
 * desk. An operator's removal is an entry of the log too, so a client reading on from its last number sees it.
 */
export const createChatRoomsService = (deps: {
  pool: pg.Pool;
  repository: ChatRoomsRepository;
  limiter: SharedRateLimiter;
  realtime: RealtimeHub;
  members: MembersService;
  admin: AdminService;
}) => {
  const { repository, realtime } = deps;

  const publishEntry = (room: RoomRow, entry: EntryRow) => {
    const event = presentEntryEvent(entry);
    // Members in the room do not learn each other's ids nor the operators' names; the desk mutes by the ids.
    realtime.broadcast(room.merchantCode, chatRoomTopicOf(room.id), 'chatRooms.entry', {
      ...event,
      memberId: null,
      removedBy: null,
    });
    realtime.publishToDesk(room.merchantCode, 'chatRooms.read', 'chatRooms.entry', event);
  };
  const publishRoom = (room: RoomRow) => {
    realtime.broadcast(room.merchantCode, chatRoomTopicOf(room.id), 'chatRooms.room', { roomId: room.id });
    realtime.publishToDesk(room.merchantCode, 'chatRooms.read', 'chatRooms.room', { roomId: room.id });
  };

  /** A room members may see: the merchant's, open, its host enabled; anything else is not_found. */
  const visibleRoom = async (merchantCode: string, roomId: string) => {
    const room = await repository.findRoom(merchantCode, roomId);
    if (!isVisible(room)) throw new AppError('not_found');
    return room;
  };

  const adminRoom = async (merchantCode: string, roomId: string) => {
    const room = await repository.findRoom(merchantCode, roomId);
    if (!room) throw new AppError('not_found');
    return room;
  };

  /** The host the input names must be the merchant's: another merchant's (or none) is a field error. */
  const checkHost = async (merchantCode: string, hostId: string) => {
    if (!(await repository.findHost(merchantCode, hostId))) throw fieldError('hostId', 'field_invalid');
  };

  const audited = <T>(
    actor: ChatRoomsActor,
    merchantCode: string,
    work: (client: pg.PoolClient) => Promise<{ result: T; action: AuditAction; target: string; details: object }>,
  ) =>
    inTransaction(deps.pool, async (client) => {
      const { result, action, target, details } = await work(client);
      await deps.admin.auditWith(client, actor, {
        action,
        target,
        merchantCode,
        details: details as Record<string, unknown>,
      });
      return result;
    });

  return {
    /** CBS_modelList: enabled hosts with their open rooms (hosts without one are left out). */
    modelList: async (merchantCode: string) => {
      const [hosts, rooms] = await Promise.all([repository.hosts(merchantCode), repository.rooms(merchantCode)]);
      return hosts
        .filter((host) => host.enabled)
        .map((host) => ({ host, rooms: rooms.filter((room) => room.hostId === host.id && room.open) }))
        .filter((entry) => entry.rooms.length > 0);
    },

    launch: async (merchant: MerchantContext, roomId: string) => {
      const room = await visibleRoom(merchant.code, roomId);
      return { chatUrl: chatRoomPathOf(room.id) };
    },

    /** A room's page for a member: entries after `afterSeq` (or the latest), and its standing. */
    view: async (merchant: MerchantContext, member: MemberPrincipal, roomId: string, afterSeq?: number) => {
      const room = await visibleRoom(merchant.code, roomId);
      const limit = afterSeq === undefined ? CHAT_ROOM_LIMITS.historySize : CHAT_ROOM_LIMITS.pageSize;
      const entries = await repository.entries(room.id, afterSeq, limit);
      const mute = await repository.muteOf(deps.pool, member.memberId);
      const since = await inTransaction(deps.pool, (client) =>
        repository.secondsSinceLast(client, room.id, member.memberId),
      );
      const me: ChatRoomMe = {
        muted: mute !== null,
        ...(mute ? muteValue(mute) : { mutedUntil: null, muteReason: null }),
        slowModeLeftSeconds: slowModeLeft(room.slowModeSeconds, since),
      };
      return { room, entries, me };
    },

    /** A member's message; every refusal stores nothing. */
    send: async (merchant: MerchantContext, member: MemberPrincipal, roomId: string, body: string) => {
      const hit = await deps.limiter.hit(`chatroom:${member.memberId}`, CHAT_ROOM_LIMITS.perMinute, 60_000);
      if (!hit.allowed) {
        throw new AppError('too_many_requests', { value: { retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) } });
      }
      const profile = await deps.members.findById(member.memberId);
      if (!profile) throw new AppError('login.not.session');
      const { room, entry } = await inTransaction(deps.pool, async (client) => {
        const locked = await repository.lockRoom(client, merchant.code, roomId);
        if (!isVisible(locked)) throw new AppError('not_found');
        const mute = await repository.muteOf(client, member.memberId);
        if (mute) throw new AppError('chat_room_muted', { value: muteValue(mute) });
        const left = slowModeLeft(
          locked.slowModeSeconds,
          await repository.secondsSinceLast(client, locked.id, member.memberId),
        );
        if (left > 0) throw new AppError('chat_room_slow_mode', { value: { retryAfterSeconds: left } });
        const appended = await repository.append(client, locked.id, {
          kind: 'message',
          memberId: member.memberId,
          author: profile.username,
          body,
        });
        return { room: locked, entry: appended };
      });
      publishEntry(room, entry);
      return entry;
    },

    // ----- Back office -----

    hosts: (merchantCode: string) => repository.hosts(merchantCode),
    rooms: (merchantCode: string) => repository.rooms(merchantCode),
    mutes: (merchantCode: string) => repository.mutes(merchantCode),

    createHost: (merchant: MerchantContext, input: ChatRoomHostInput, actor: ChatRoomsActor) =>
      audited(actor, merchant.code, async (client) => {
        if ((await repository.count(client, 'chat_room_hosts', merchant.code)) >= CHAT_ROOM_LIMITS.hostsPerMerchant) {
          throw new AppError('too_many_requests');
        }
        const host = await repository.insertHost(client, merchant.code, input);
        if (!host) throw new Error('host not stored');
        return {
          result: host,
          action: 'chat_rooms.host_create' as const,
          target: `chat-host:${host.id}`,
          details: input,
        };
      }),

    updateHost: async (merchant: MerchantContext, id: string, input: ChatRoomHostInput, actor: ChatRoomsActor) => {
      const host = await audited(actor, merchant.code, async (client) => {
        const updated = await repository.updateHost(client, merchant.code, id, input);
        if (!updated) throw new AppError('not_found');
        return {
          result: updated,
          action: 'chat_rooms.host_update' as const,
          target: `chat-host:${id}`,
          details: input,
        };
      });
      for (const room of await repository.rooms(merchant.code)) if (room.hostId === id) publishRoom(room);
      return host;
    },

    createRoom: async (merchant: MerchantContext, input: ChatRoomInput, actor: ChatRoomsActor) => {
      await checkHost(merchant.code, input.hostId);
      return audited(actor, merchant.code, async (client) => {
        if ((await repository.count(client, 'chat_rooms', merchant.code)) >= CHAT_ROOM_LIMITS.roomsPerMerchant) {
          throw new AppError('too_many_requests');
        }
        const room = await repository.insertRoom(client, merchant.code, input);
        if (!room) throw new Error('room not stored');
        return {
          result: room,
          action: 'chat_rooms.room_create' as const,
          target: `chat-room:${room.id}`,
          details: input,
        };
      });
    },

    updateRoom: async (merchant: MerchantContext, id: string, input: ChatRoomInput, actor: ChatRoomsActor) => {
      await checkHost(merchant.code, input.hostId);
      const room = await audited(actor, merchant.code, async (client) => {
        const updated = await repository.updateRoom(client, merchant.code, id, input);
        if (!updated) throw new AppError('not_found');
        return {
          result: updated,
          action: 'chat_rooms.room_update' as const,
          target: `chat-room:${id}`,
          details: input,
        };
      });
      publishRoom(room);
      return room;
    },

    adminEntries: async (merchantCode: string, roomId: string, afterSeq?: number) => {
      const room = await adminRoom(merchantCode, roomId);
      const limit = afterSeq === undefined ? CHAT_ROOM_LIMITS.historySize : CHAT_ROOM_LIMITS.pageSize;
      return { room, entries: await repository.entries(room.id, afterSeq, limit) };
    },

    /** Removes a message: marks it and appends a removal entry, which everyone in the room receives. */
    remove: async (merchant: MerchantContext, roomId: string, seq: number, actor: ChatRoomsActor) => {
      const { room, removal } = await audited(actor, merchant.code, async (client) => {
        const locked = await repository.lockRoom(client, merchant.code, roomId);
        if (!locked) throw new AppError('not_found');
        const by = actor.operator.username;
        const message = await repository.markRemoved(client, locked.id, seq, by);
        if (!message) throw new AppError('not_found');
        const appended = await repository.append(client, locked.id, {
          kind: 'removal',
          memberId: null,
          author: '',
          body: '',
          removedSeq: seq,
          removedBy: by,
        });
        return {
          result: { room: locked, removal: appended },
          action: 'chat_rooms.message_remove' as const,
          target: `chat-room:${locked.id}`,
          details: { seq, author: message.author, memberId: message.memberId, body: message.body },
        };
      });
      publishEntry(room, removal);
      return removal;
    },

    /**
     * Deletes log entries older than their room's retention, batch by batch, each its own short statement (a room's
     * sender never waits long on them); returns how many went. Idempotent: a run cut short leaves the rest to the next.
     */
    pruneExpired: async (batchSize = PRUNE_BATCH) => {
      let total = 0;
      for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch += 1) {
        const removed = await repository.pruneExpiredBatch(batchSize);
        total += removed;
        if (removed < batchSize) break;
      }
      return total;
    },

    mute: async (merchant: MerchantContext, input: ChatRoomMuteInput, actor: ChatRoomsActor) => {
      const member = await deps.members.findById(input.memberId);
      if (!member || member.merchantCode !== merchant.code) throw new AppError('not_found');
      const mute = await audited(actor, merchant.code, async (client) => {
        const row = await repository.mute(client, {
          memberId: member.id,
          merchantCode: merchant.code,
          username: member.username,
          minutes: input.minutes ?? null,
          reason: input.reason ? input.reason : null,
          mutedBy: actor.operator.username,
        });
        return {
          result: row,
          action: 'chat_rooms.member_mute' as const,
          target: `member:${member.id}`,
          details: { username: member.username, minutes: input.minutes ?? null, reason: row.reason },
        };
      });
      realtime.publishToMember(merchant.code, member.id, 'chatRooms.mute', { muted: true, ...muteValue(mute) });
      return mute;
    },

    unmute: async (merchant: MerchantContext, memberId: string, actor: ChatRoomsActor) => {
      const lifted = await audited(actor, merchant.code, async (client) => {
        const row = await repository.unmute(client, merchant.code, memberId);
        if (!row) throw new AppError('not_found');
        return {
          result: row,
          action: 'chat_rooms.member_unmute' as const,
          target: `member:${memberId}`,
          details: { username: row.username },
        };
      });
      realtime.publishToMember(merchant.code, lifted.memberId, 'chatRooms.mute', {
        muted: false,
        mutedUntil: null,
        muteReason: null,
      });
    },
  };
};

export type ChatRoomsService = ReturnType<typeof createChatRoomsService>;
