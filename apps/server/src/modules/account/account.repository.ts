import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { passwordResetTokens } from './account.schema';

export const createAccountRepository = (db: Db) => ({
  insertResetToken: async (memberId: string, tokenHash: string, ttlMs: number): Promise<void> => {
    await db.insert(passwordResetTokens).values({ memberId, tokenHash, expiresAt: new Date(Date.now() + ttlMs) });
  },

  /** Uses a live reset token once and returns its member, or null. */
  useResetToken: async (tokenHash: string): Promise<string | null> => {
    const rows = await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ memberId: passwordResetTokens.memberId });
    return rows[0]?.memberId ?? null;
  },
});

export type AccountRepository = ReturnType<typeof createAccountRepository>;
