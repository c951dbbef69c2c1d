import type {
  AdminChatRoom,
  AdminChatRoomEntry,
  AdminChatRoomHost,
  AdminChatRoomMute,
  ChatRoomEntry,
  ChatRoomSummary,
} from '@tessera/contracts';
import type { EntryRow, HostRow, MuteRow, RoomRow } from './chat-rooms.repository';

/** An entry as everyone in the room sees it: a removed message keeps its number and author, never its text. */
const publicEntry = (row: EntryRow): Omit<ChatRoomEntry, 'mine'> => ({
  seq: row.seq,
  kind: row.kind,
  author: row.author,
  body: row.removedAt ? '' : row.body,
  removed: row.removedAt !== null,
  removedSeq: row.removedSeq,
  createdAt: row.createdAt.toISOString(),
});

export const presentEntry = (row: EntryRow, memberId: string): ChatRoomEntry => ({
  ...publicEntry(row),
  mine: row.memberId !== null && row.memberId === memberId,
});

export const presentEntryEvent = (row: EntryRow) => ({
  roomId: row.roomId,
  entry: publicEntry(row),
  memberId: row.memberId,
  removedBy: row.removedBy,
});

export const presentAdminEntry = (row: EntryRow): AdminChatRoomEntry => ({
  ...publicEntry(row),
  body: row.body,
  memberId: row.memberId,
  removedBy: row.removedBy,
});

export const presentRoomSummary = (row: RoomRow): ChatRoomSummary => ({
  id: row.id,
  name: row.name,
  slowModeSeconds: row.slowModeSeconds,
  open: row.open,
});

export const presentAdminRoom = (row: RoomRow): AdminChatRoom => ({
  ...presentRoomSummary(row),
  hostId: row.hostId,
  hostName: row.hostName,
  messageRetentionDays: row.messageRetentionDays,
  lastSeq: row.lastSeq,
  createdAt: row.createdAt.toISOString(),
});

export const presentAdminHost = (row: HostRow): AdminChatRoomHost => ({
  id: row.id,
  name: row.name,
  avatarUrl: row.avatarUrl,
  enabled: row.enabled,
  rooms: row.rooms,
  createdAt: row.createdAt.toISOString(),
});

export const presentMute = (row: MuteRow): AdminChatRoomMute => ({
  memberId: row.memberId,
  username: row.username,
  mutedUntil: row.mutedUntil?.toISOString() ?? null,
  reason: row.reason,
  mutedBy: row.mutedBy,
  createdAt: row.createdAt.toISOString(),
});
