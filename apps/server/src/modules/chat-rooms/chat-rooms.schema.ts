import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/** A named host of a merchant's chat rooms (decision 0164); a disabled host's rooms are hidden from members. */
export const chatRoomHosts = pgTable(
  'chat_room_hosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    name: text('name').notNull(),
    /** An https picture; null: the site draws the host's initial. */
    avatarUrl: text('avatar_url'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('chat_room_hosts_merchant_idx').on(table.merchantCode, table.name)],
);

/**
 * A merchant's room. `lastSeq` is the number of the room's last log entry: an entry takes `lastSeq + 1` in the
 * transaction that stores it, with the room's row locked, so numbers have no gaps and no repeats.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => chatRoomHosts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    open: boolean('open').notNull().default(true),
    lastSeq: integer('last_seq').notNull().default(0),
    /**
     * Days a log entry is kept: the hourly `chat_rooms_retention` job deletes older ones (decision 0164). null: kept
     * for good. `lastSeq` never goes back, so numbers stay unique after a deletion.
     */
    messageRetentionDays: integer('message_retention_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('chat_rooms_merchant_idx').on(table.merchantCode, table.name),
    index('chat_rooms_host_idx').on(table.hostId),
    check('chat_rooms_slow_mode_check', sql`${table.slowModeSeconds} BETWEEN 0 AND 3600`),
    check('chat_rooms_retention_check', sql`${table.messageRetentionDays} BETWEEN 1 AND 365`),
  ],
);

/**
 * A room's log: a member's message, or an operator's removal of an earlier message (`removedSeq`). A removed message
 * keeps its row (and its text, for the back office) with `removedAt` set; members read it without its text.
 */
export const chatRoomMessages = pgTable(
  'chat_room_messages',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<'message' | 'removal'>().notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** The author's username when it wrote; empty on a removal. */
    author: text('author').notNull().default(''),
    body: text('body').notNull().default(''),
    removedSeq: integer('removed_seq'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The operator's username who removed the message, or who wrote the removal. */
    removedBy: text('removed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.seq] }),
    index('chat_room_messages_member_idx').on(table.roomId, table.memberId, table.seq),
    check('chat_room_messages_kind_check', sql`${table.kind} IN ('message', 'removal')`),
  ],
);

/** A member muted in every room of its merchant, until `mutedUntil` (null: until lifted). One row a member. */
export const chatRoomMutes = pgTable(
  'chat_room_mutes',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    merchantCode: text('merchant_code').notNull(),
    /** The member's username (usernames do not change): the back office's list shows it. */
    username: text('username').notNull(),
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    reason: text('reason'),
    mutedBy: text('muted_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('chat_room_mutes_merchant_idx').on(table.merchantCode, table.createdAt)],
);
