import type { OperatorRole } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.schema';

export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<OperatorRole>().notNull(),
  /** null: the operator works across every merchant. */
  merchantCode: text('merchant_code').references(() => merchants.code),
  enabled: boolean('enabled').notNull().default(true),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    operatorId: uuid('operator_id').references(() => operators.id),
    operatorUsername: text('operator_username'),
    merchantCode: text('merchant_code'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_merchant_idx').on(table.merchantCode, table.id),
    index('audit_log_operator_idx').on(table.operatorId, table.id),
  ],
);
