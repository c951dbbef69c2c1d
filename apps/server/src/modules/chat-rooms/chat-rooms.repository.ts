import type { ChatRoomHostInput, ChatRoomInput } from '@tessera/contracts';
import type pg from 'pg';
import type { Queryable } from '../../platform/db/queryable';

export interface HostRow {
  id: string;
  merchantCode: string;
  name: string;
  avatarUrl: string | null;
  enabled: boolean;
  rooms: number;
  createdAt: Date;
}

export interface RoomRow {
  id: string;
  merchantCode: string;
  hostId: string;
  hostName: string;
  hostAvatarUrl: string | null;
  hostEnabled: boolean;
  name: string;
  slowModeSeconds: number;
  open: boolean;
  lastSeq: number;
  messageRetentionDays: number | null;
  createdAt: Date;
}

export interface EntryRow {
  roomId: string;
  seq: number;
  kind: 'message' | 'removal';
  memberId: string | null;
  author: string;
  body: string;
  removedSeq: number | null;
  removedAt: Date | null;
  removedBy: string | null;
  createdAt: Date;
}

export interface MuteRow {
  memberId: string;
  merchantCode: string;
  username: string;
  mutedUntil: Date | null;
  reason: string | null;
  mutedBy: string;
  createdAt: Date;
}

const HOST_COLUMNS = `h.id, h.merchant_code AS "merchantCode", h.name, h.avatar_url AS "avatarUrl", h.enabled,
  h.created_at AS "createdAt",
  (SELECT count(*)::int FROM chat_rooms r WHERE r.host_id = h.id) AS rooms`;
const ROOM_COLUMNS = `r.id, r.merchant_code AS "merchantCode", r.host_id AS "hostId", h.name AS "hostName",
  h.avatar_url AS "hostAvatarUrl", h.enabled AS "hostEnabled", r.name, r.slow_mode_seconds AS "slowModeSeconds",
  r.open, r.last_seq AS "lastSeq", r.message_retention_days AS "messageRetentionDays", r.created_at AS "createdAt"`;
const ENTRY_COLUMNS = `room_id AS "roomId", seq, kind, member_id AS "memberId", author, body,
  removed_seq AS "removedSeq", removed_at AS "removedAt", removed_by AS "removedBy", created_at AS "createdAt"`;
const MUTE_COLUMNS = `member_id AS "memberId", merchant_code AS "merchantCode", username, muted_until AS "mutedUntil",
  reason, muted_by AS "mutedBy", created_at AS "createdAt"`;
/** A mute in force: without an end, or ending later. */
const MUTE_IN_FORCE = '(muted_until IS NULL OR muted_until > now())';

/** Chat rooms' tables (decision 0164); every read and write is narrowed to the merchant it is given. */
export const createChatRoomsRepository = (pool: pg.Pool) => {
  const findHost = async (db: Queryable, merchantCode: string, id: string) => {
    const { rows } = await db.query<HostRow>(
      `SELECT ${HOST_COLUMNS} FROM chat_room_hosts h WHERE h.merchant_code = $1 AND h.id = $2`,
      [merchantCode, id],
    );
    return rows[0] ?? null;
  };
  const findRoom = async (db: Queryable, merchantCode: string, id: string) => {
    const { rows } = await db.query<RoomRow>(
      `SELECT ${ROOM_COLUMNS} FROM chat_rooms r JOIN chat_room_hosts h ON h.id = r.host_id
        WHERE r.merchant_code = $1 AND r.id = $2`,
      [merchantCode, id],
    );
    return rows[0] ?? null;
  };

  return {
    findHost: (merchantCode: string, id: string) => findHost(pool, merchantCode, id),
    findRoom: (merchantCode: string, id: string) => findRoom(pool, merchantCode, id),

    hosts: async (merchantCode: string) =>
      (
        await pool.query<HostRow>(
          `SELECT ${HOST_COLUMNS} FROM chat_room_hosts h WHERE h.merchant_code = $1 ORDER BY h.name, h.id`,
          [merchantCode],
        )
      ).rows,

    rooms: async (merchantCode: string) =>
      (
        await pool.query<RoomRow>(
          `SELECT ${ROOM_COLUMNS} FROM chat_rooms r JOIN chat_room_hosts h ON h.id = r.host_id
            WHERE r.merchant_code = $1 ORDER BY h.name, r.name, r.id`,
          [merchantCode],
        )
      ).rows,

    count: async (client: pg.PoolClient, table: 'chat_room_hosts' | 'chat_rooms', merchantCode: string) => {
      // Serialises the merchant's additions, so the cap holds when two operators add at once.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}:${merchantCode}`]);
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE merchant_code = $1`,
        [merchantCode],
      );
      return rows[0]?.n ?? 0;
    },

    insertHost: async (client: pg.PoolClient, merchantCode: string, input: ChatRoomHostInput) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO chat_room_hosts (merchant_code, name, avatar_url, enabled) VALUES ($1, $2, $3, $4) RETURNING id`,
        [merchantCode, input.name, input.avatarUrl, input.enabled],
      );
      return findHost(client, merchantCode, rows[0]?.id ?? '');
    },

    updateHost: async (client: pg.PoolClient, merchantCode: string, id: string, input: ChatRoomHostInput) => {
      const { rowCount } = await client.query(
        `UPDATE chat_room_hosts SET name = $3, avatar_url = $4, enabled = $5, updated_at = now()
          WHERE merchant_code = $1 AND id = $2`,
        [merchantCode, id, input.name, input.avatarUrl, input.enabled],
      );
      return rowCount ? findHost(client, merchantCode, id) : null;
    },

    insertRoom: async (client: pg.PoolClient, merchantCode: string, input: ChatRoomInput) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO chat_rooms (merchant_code, host_id, name, slow_mode_seconds, open, message_retention_days)
          VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [merchantCode, input.hostId, input.name, input.slowModeSeconds, input.open, input.messageRetentionDays],
      );
      return findRoom(client, merchantCode, rows[0]?.id ?? '');
    },

    updateRoom: async (client: pg.PoolClient, merchantCode: string, id: string, input: ChatRoomInput) => {
      const { rowCount } = await client.query(
        `UPDATE chat_rooms SET host_id = $3, name = $4, slow_mode_seconds = $5, open = $6,
           message_retention_days = $7, updated_at = now()
          WHERE merchant_code = $1 AND id = $2`,
        [merchantCode, id, input.hostId, input.name, input.slowModeSeconds, input.open, input.messageRetentionDays],
      );
      return rowCount ? findRoom(client, merchantCode, id) : null;
    },

    /** The room's row, locked until the transaction ends: entries of one room are numbered one at a time. */
    lockRoom: async (client: pg.PoolClient, merchantCode: string, id: string) => {
      await client.query('SELECT 1 FROM chat_rooms WHERE merchant_code = $1 AND id = $2 FOR UPDATE', [
        merchantCode,
        id,
      ]);
      return findRoom(client, merchantCode, id);
    },

    /** Seconds since the member's last message in the room; null when it wrote none. */
    secondsSinceLast: async (client: pg.PoolClient, roomId: string, memberId: string) => {
      const { rows } = await client.query<{ seconds: number }>(
        `SELECT extract(epoch FROM now() - created_at)::float8 AS seconds FROM chat_room_messages
          WHERE room_id = $1 AND member_id = $2 AND kind = 'message' ORDER BY seq DESC LIMIT 1`,
        [roomId, memberId],
      );
      return rows[0]?.seconds ?? null;
    },

    /** Appends an entry with the room's next number (the room's row is locked by `lockRoom`). */
    append: async (
      client: pg.PoolClient,
      roomId: string,
      entry: { kind: 'message' | 'removal'; memberId: string | null; author: string; body: string } & {
        removedSeq?: number;
        removedBy?: string;
      },
    ) => {
      const { rows } = await client.query<EntryRow>(
        `WITH next AS (UPDATE chat_rooms SET last_seq = last_seq + 1 WHERE id = $1 RETURNING last_seq)
         INSERT INTO chat_room_messages (room_id, seq, kind, member_id, author, body, removed_seq, removed_by)
         SELECT $1, next.last_seq, $2, $3, $4, $5, $6, $7 FROM next
         RETURNING ${ENTRY_COLUMNS}`,
        [
          roomId,
          entry.kind,
          entry.memberId,
          entry.author,
          entry.body,
          entry.removedSeq ?? null,
          entry.removedBy ?? null,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error(`chat room ${roomId} vanished while appending`);
      return row;
    },

    /** Marks a message removed; null when `seq` is no message of the room or is removed already. */
    markRemoved: async (client: pg.PoolClient, roomId: string, seq: number, by: string) => {
      const { rows } = await client.query<EntryRow>(
        `UPDATE chat_room_messages SET removed_at = now(), removed_by = $3
          WHERE room_id = $1 AND seq = $2 AND kind = 'message' AND removed_at IS NULL
          RETURNING ${ENTRY_COLUMNS}`,
        [roomId, seq, by],
      );
      return rows[0] ?? null;
    },

    /** Entries after `afterSeq`, oldest first; without it, the latest `limit` (oldest first too). */
    entries: async (roomId: string, afterSeq: number | undefined, limit: number) => {
      const { rows } =
        afterSeq === undefined
          ? await pool.query<EntryRow>(
              `SELECT * FROM (SELECT ${ENTRY_COLUMNS} FROM chat_room_messages WHERE room_id = $1
                 ORDER BY seq DESC LIMIT $2) latest ORDER BY seq`,
              [roomId, limit],
            )
          : await pool.query<EntryRow>(
              `SELECT ${ENTRY_COLUMNS} FROM chat_room_messages WHERE room_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
              [roomId, afterSeq, limit],
            );
      return rows;
    },

    /**
     * One batch of log entries older than their room's retention (rooms without one keep everything). The room's
     * `last_seq` is untouched: new entries go on from it, so no number is ever given twice.
     */
    pruneExpiredBatch: async (limit: number) => {
      const { rowCount } = await pool.query(
        `DELETE FROM chat_room_messages WHERE ctid IN (
           SELECT m.ctid FROM chat_rooms r JOIN chat_room_messages m ON m.room_id = r.id
            WHERE r.message_retention_days IS NOT NULL
              AND m.created_at < now() - make_interval(days => r.message_retention_days)
            LIMIT $1)`,
        [limit],
      );
      return rowCount ?? 0;
    },

    muteOf: async (db: Queryable, memberId: string) => {
      const { rows } = await db.query<MuteRow>(
        `SELECT ${MUTE_COLUMNS} FROM chat_room_mutes WHERE member_id = $1 AND ${MUTE_IN_FORCE}`,
        [memberId],
      );
      return rows[0] ?? null;
    },

    mutes: async (merchantCode: string) =>
      (
        await pool.query<MuteRow>(
          `SELECT ${MUTE_COLUMNS} FROM chat_room_mutes WHERE merchant_code = $1 AND ${MUTE_IN_FORCE}
            ORDER BY created_at DESC LIMIT 500`,
          [merchantCode],
        )
      ).rows,

    /** Sets the member's mute, replacing the one it had. */
    mute: async (
      client: pg.PoolClient,
      mute: Omit<MuteRow, 'createdAt' | 'mutedUntil'> & { minutes: number | null },
    ): Promise<MuteRow> => {
      const { rows } = await client.query<MuteRow>(
        `INSERT INTO chat_room_mutes (member_id, merchant_code, username, muted_until, reason, muted_by)
         VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(mins => $4::int) END, $5, $6)
         ON CONFLICT (member_id) DO UPDATE SET muted_until = EXCLUDED.muted_until, reason = EXCLUDED.reason,
           muted_by = EXCLUDED.muted_by, created_at = now()
         RETURNING ${MUTE_COLUMNS}`,
        [mute.memberId, mute.merchantCode, mute.username, mute.minutes, mute.reason, mute.mutedBy],
      );
      const row = rows[0];
      if (!row) throw new Error('mute not stored');
      return row;
    },

    /** Lifts a mute in force; null when the member has none. */
    unmute: async (client: pg.PoolClient, merchantCode: string, memberId: string) => {
      const { rows } = await client.query<MuteRow>(
        `DELETE FROM chat_room_mutes WHERE merchant_code = $1 AND member_id = $2 AND ${MUTE_IN_FORCE}
          RETURNING ${MUTE_COLUMNS}`,
        [merchantCode, memberId],
      );
      return rows[0] ?? null;
    },
  };
};

export type ChatRoomsRepository = ReturnType<typeof createChatRoomsRepository>;
