import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from './security.schema';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters in PostgreSQL, so limits hold across every instance: one statement per hit
 * (insert, or restart an expired window, or count up).
 */
export const createSharedRateLimiter = (db: Db) => ({
  hit: async (key: string, limit: number, windowMs: number): Promise<RateLimitResult> => {
    const rows = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`CASE WHEN ${rateLimitCounters.windowStart} <= now() - make_interval(secs => ${windowMs / 1000})
            THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimitCounters.windowStart} <= now() - make_interval(secs => ${windowMs / 1000})
            THEN now() ELSE ${rateLimitCounters.windowStart} END`,
        },
      })
      .returning({
        count: rateLimitCounters.count,
        resetInMs: sql<number>`(extract(epoch from (${rateLimitCounters.windowStart} + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::int`,
      });
    const row = rows[0] ?? { count: 1, resetInMs: windowMs };
    return { allowed: row.count <= limit, count: row.count, retryAfterMs: Math.max(0, row.resetInMs) };
  },

  /** Reads a counter without counting (e.g. "has this account failed enough to need a captcha?"). */
  peek: async (key: string, windowMs: number): Promise<number> => {
    const rows = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(
        sql`${rateLimitCounters.key} = ${key} AND ${rateLimitCounters.windowStart} > now() - make_interval(secs => ${windowMs / 1000})`,
      );
    return rows[0]?.count ?? 0;
  },

  reset: async (key: string): Promise<void> => {
    await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
  },

  /** Drops counters whose window ended long ago. */
  prune: (olderThanMs: number) =>
    db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)),
});

export type SharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;
