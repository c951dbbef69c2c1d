import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.schema';

/** Password reset links sent by e-mail: the SHA-256 of the token, single use, 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_member_idx').on(table.memberId)],
);
