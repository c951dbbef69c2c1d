import type { Queryable } from '../db/queryable';

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
export const createSharedRateLimiter = (db: Queryable) => ({
  hit: async (key: string, limit: number, windowMs: number): Promise<RateLimitResult> => {
    const { rows } = await db.query<{ count: number; resetInMs: number }>(
      `INSERT INTO rate_limit_counters AS c (key, window_start, count) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE c.count + 1 END,
         window_start = CASE WHEN c.window_start <= now() - make_interval(secs => $2) THEN now() ELSE c.window_start END
       RETURNING count,
         (extract(epoch from (window_start + make_interval(secs => $2) - now())) * 1000)::int AS "resetInMs"`,
      [key, windowMs / 1000],
    );
    const row = rows[0] ?? { count: 1, resetInMs: windowMs };
    return { allowed: row.count <= limit, count: row.count, retryAfterMs: Math.max(0, row.resetInMs) };
  },

  /** Reads a counter without counting (e.g. "has this account failed enough to need a captcha?"). */
  peek: async (key: string, windowMs: number): Promise<number> => {
    const { rows } = await db.query<{ count: number }>(
      `SELECT count FROM rate_limit_counters WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
      [key, windowMs / 1000],
    );
    return rows[0]?.count ?? 0;
  },

  reset: async (key: string): Promise<void> => {
    await db.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
  },

  /** Drops counters whose window ended long ago. */
  prune: async (olderThanMs: number): Promise<void> => {
    await db.query('DELETE FROM rate_limit_counters WHERE window_start < now() - make_interval(secs => $1)', [
      olderThanMs / 1000,
    ]);
  },
});

export type SharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;
