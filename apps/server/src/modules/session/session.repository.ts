import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/db/database';
import { loginChallenges, memberSessions } from './session.schema';

export const createSessionRepository = (db: Db, pool: pg.Pool) => ({
  insertSession: async (values: typeof memberSessions.$inferInsert): Promise<string> => {
    const rows = await db.insert(memberSessions).values(values).returning({ id: memberSessions.id });
    const id = rows[0]?.id;
    if (!id) throw new Error('session insert returned no row');
    return id;
  },

  /**
   * The live session of a token hash with what authentication needs of its member, in one prepared read; `stale`
   * when its idle clock was last touched over `touchMs` ago (the caller then touches it: at most one write a
   * `touchMs`, never one per request).
   */
  findLiveSession: async (tokenHash: string, idleMs: number, touchMs: number) => {
    const { rows } = await pool.query<{
      id: string;
      member_id: string;
      merchant_code: string;
      type: number;
      locked: boolean;
      stale: boolean;
    }>({
      name: 'session.findLive',
      text: `SELECT s.id, s.member_id, m.merchant_code, m.type, m.locked_at IS NOT NULL AS locked,
                    s.last_seen_at < now() - make_interval(secs => $3) AS stale
             FROM member_sessions s JOIN members m ON m.id = s.member_id
             WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
               AND s.last_seen_at > now() - make_interval(secs => $2)`,
      values: [tokenHash, idleMs / 1000, touchMs / 1000],
    });
    const row = rows[0];
    return row
      ? {
          id: row.id,
          memberId: row.member_id,
          merchantCode: row.merchant_code,
          type: row.type,
          locked: row.locked,
          stale: row.stale,
        }
      : null;
  },

  /** Restarts a session's idle clock. */
  touchSession: async (id: string): Promise<void> => {
    await pool.query({
      name: 'session.touch',
      text: 'UPDATE member_sessions SET last_seen_at = now() WHERE id = $1',
      values: [id],
    });
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
