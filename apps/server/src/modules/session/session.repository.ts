import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { loginChallenges, memberSessions } from './session.schema';

export const createSessionRepository = (db: Db) => ({
  insertSession: async (values: typeof memberSessions.$inferInsert): Promise<string> => {
    const rows = await db.insert(memberSessions).values(values).returning({ id: memberSessions.id });
    const id = rows[0]?.id;
    if (!id) throw new Error('session insert returned no row');
    return id;
  },

  /** The live session of a token hash, its idle clock touched in the same statement. */
  touchSession: async (tokenHash: string, idleMs: number) => {
    const rows = await db
      .update(memberSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(memberSessions.tokenHash, tokenHash),
          isNull(memberSessions.revokedAt),
          gt(memberSessions.expiresAt, sql`now()`),
          gt(memberSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
        ),
      )
      .returning({ id: memberSessions.id, memberId: memberSessions.memberId });
    return rows[0] ?? null;
  },

  revokeSession: async (id: string): Promise<void> => {
    await db.update(memberSessions).set({ revokedAt: sql`now()` }).where(eq(memberSessions.id, id));
  },

  /** Ends every live session of a member except `keepId` (after a password change). */
  revokeOtherSessions: async (memberId: string, keepId: string | null): Promise<void> => {
    const live = and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt));
    await db
      .update(memberSessions)
      .set({ revokedAt: sql`now()` })
      .where(keepId ? and(live, ne(memberSessions.id, keepId)) : live);
  },

  insertChallenge: async (values: typeof loginChallenges.$inferInsert): Promise<void> => {
    await db.insert(loginChallenges).values(values);
  },

  /** Counts an attempt on a live challenge (at most five) and returns it. */
  attemptChallenge: async (tokenHash: string) => {
    const rows = await db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
          sql`${loginChallenges.attempts} < 5`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  findLiveChallenge: async (tokenHash: string) => {
    const rows = await db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  },

  useChallenge: async (id: string): Promise<boolean> => {
    const rows = await db
      .update(loginChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
      .returning({ id: loginChallenges.id });
    return rows.length > 0;
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;
