import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { outboxMessages, verificationCodes } from './verification.schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export const createVerificationRepository = (db: Db) => ({
  insertCode: async (values: typeof verificationCodes.$inferInsert): Promise<void> => {
    await db.insert(verificationCodes).values(values);
  },

  /** Counts one attempt on the newest live code and returns it, or null when there is none left to try. */
  attemptLatest: async (merchantCode: string, purpose: string, recipient: string) => {
    const latest = db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.merchantCode, merchantCode),
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.recipient, recipient),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const rows = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          sql`${verificationCodes.id} = (${latest})`,
          sql`${verificationCodes.attempts} < ${verificationCodes.maxAttempts}`,
        ),
      )
      .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
    return rows[0] ?? null;
  },

  /** Marks a code used; false if another request used it first. */
  markUsed: async (id: string): Promise<boolean> => {
    const rows = await db
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length > 0;
  },

  listOutbox: async (merchantCode: string | null, offset: number, limit: number) => {
    const where = merchantCode === null ? undefined : eq(outboxMessages.merchantCode, merchantCode);
    const [rows, totals] = await Promise.all([
      db.select().from(outboxMessages).where(where).orderBy(desc(outboxMessages.id)).offset(offset).limit(limit),
      db.select({ total: sql<number>`count(*)::int` }).from(outboxMessages).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
