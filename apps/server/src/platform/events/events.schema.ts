import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox (decision 0050): one row per fact a module announced, written by `events_emit` in the producer's own
 * transaction. `tx_id` is the writing transaction's id: readers take events in (tx_id, id) order and only from
 * transactions older than every one still running, so an event that commits late is never skipped.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    txId: bigint('tx_id', { mode: 'bigint' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    name: text('name').notNull(),
    merchantCode: text('merchant_code').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_position_idx').on(table.txId, table.id)],
);

/** Each subscriber's cursor: the position of the last event it was handed, in (tx_id, id) order. */
export const eventCursors = pgTable('event_cursors', {
  subscriber: text('subscriber').primaryKey(),
  lastTxId: bigint('last_tx_id', { mode: 'bigint' }).notNull().default(sql`0`),
  lastEventId: bigint('last_event_id', { mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per event a subscriber's effect committed, written in that effect's transaction: never twice. */
export const eventReceipts = pgTable(
  'event_receipts',
  {
    subscriber: text('subscriber').notNull(),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriber, table.eventId] })],
);

/** Deliveries that failed: retried with backoff until `dead_at` is set (a dead letter), then only by an operator. */
export const eventFailures = pgTable(
  'event_failures',
  {
    subscriber: text('subscriber').notNull(),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    merchantCode: text('merchant_code').notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriber, table.eventId] }),
    index('event_failures_due_idx').on(table.subscriber, table.nextAttemptAt).where(sql`${table.deadAt} IS NULL`),
    index('event_failures_dead_idx').on(table.merchantCode, table.deadAt).where(sql`${table.deadAt} IS NOT NULL`),
  ],
);
