import type { MemberMessageType } from '@tessera/contracts';
import type pg from 'pg';
import type { memberMessages } from './messages.schema';

export type MemberMessageRow = typeof memberMessages.$inferSelect;

/** A message to store; `params` fill the type's template in the browser. */
export interface NewMemberMessage {
  merchantCode: string;
  memberId: string;
  type: MemberMessageType;
  params: Record<string, string>;
  dedupeKey: string;
}

const COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", type, params, dedupe_key AS "dedupeKey",
  created_at AS "createdAt", read_at AS "readAt"`;

const messageOf = (row: Record<string, unknown>): MemberMessageRow => ({
  ...(row as unknown as MemberMessageRow),
  id: BigInt(row.id as bigint | string),
});

/** The SQL of members' inbox messages. */
export const createMessagesRepository = (pool: pg.Pool) => ({
  unreadCount: async (memberId: string): Promise<number> => {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL',
      [memberId],
    );
    return rows[0]?.n ?? 0;
  },

  /** The unread counts of several members (those with none left out). */
  unreadCounts: async (memberIds: readonly string[]): Promise<Map<string, number>> => {
    const { rows } = await pool.query<{ memberId: string; n: number }>(
      `SELECT member_id AS "memberId", count(*)::int AS n FROM member_messages
        WHERE member_id = ANY($1::uuid[]) AND read_at IS NULL GROUP BY member_id`,
      [[...memberIds]],
    );
    return new Map(rows.map((row) => [row.memberId, row.n]));
  },

  /** Stores a message unless the member has one under its dedupe key; answers whether it did. */
  insertIfAbsent: async (input: NewMemberMessage): Promise<boolean> => {
    const { rows } = await pool.query(
      `INSERT INTO member_messages (merchant_code, member_id, type, params, dedupe_key) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [input.merchantCode, input.memberId, input.type, JSON.stringify(input.params), input.dedupeKey],
    );
    return rows.length > 0;
  },

  /** One page of the member's messages, newest first. */
  page: async (memberId: string, limit: number, offset: number): Promise<MemberMessageRow[]> => {
    const { rows } = await pool.query(
      `SELECT ${COLUMNS} FROM member_messages WHERE member_id = $1 ORDER BY created_at DESC, id DESC
        LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    );
    return rows.map(messageOf);
  },

  countFor: async (memberId: string): Promise<number> => {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1',
      [memberId],
    );
    return rows[0]?.n ?? 0;
  },

  /** Marks the member's unread messages read: those of `ids` (others' ids match nothing), or all (`ids` null). */
  markRead: async (memberId: string, ids: readonly bigint[] | null): Promise<number> => {
    const { rowCount } = await pool.query(
      `UPDATE member_messages SET read_at = now()
        WHERE member_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
      [memberId, ids === null ? null : ids.map(String)],
    );
    return rowCount ?? 0;
  },
});

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
