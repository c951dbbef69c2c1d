import type pg from 'pg';

/** A session or a login challenge to write: who, from where, until when. */
export interface NewSession {
  memberId: string;
  tokenHash: string;
  ip: string;
  userAgent?: string | null;
  expiresAt: Date;
}

/** A login held back because it came from a new IP. */
export interface ChallengeRow {
  id: string;
  memberId: string;
  tokenHash: string;
  ip: string;
  userAgent: string | null;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

const CHALLENGE_COLUMNS = `id, member_id AS "memberId", token_hash AS "tokenHash", ip, user_agent AS "userAgent",
  attempts, expires_at AS "expiresAt", used_at AS "usedAt"`;

export const createSessionRepository = (pool: pg.Pool) => ({
  insertSession: async (values: NewSession): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO member_sessions (member_id, token_hash, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [values.memberId, values.tokenHash, values.ip, values.userAgent ?? null, values.expiresAt],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('session insert returned no row');
    return id;
  },

  /**
   * The live session of a token hash with what authentication needs of its member, in one prepared read; `stale`
   * when its idle clock was last touched over `touchMs` ago (the caller then touches it: at most one write a
   * `touchMs`, never one per request). `expiresInMs` and `touchInMs` say, on the database's clock, how long until the
   * session expires and until its idle clock is due to be written (what bounds keeping it in memory).
   */
  findLiveSession: async (tokenHash: string, idleMs: number, touchMs: number) => {
    const { rows } = await pool.query<{
      id: string;
      member_id: string;
      merchant_code: string;
      type: number;
      locked: boolean;
      stale: boolean;
      expires_in_ms: number;
      touch_in_ms: number;
    }>({
      name: 'session.findLive',
      text: `SELECT s.id, s.member_id, m.merchant_code, m.type, m.locked_at IS NOT NULL AS locked,
                    s.last_seen_at < now() - make_interval(secs => $3) AS stale,
                    (extract(epoch FROM s.expires_at - now()) * 1000)::float8 AS expires_in_ms,
                    (($3 - extract(epoch FROM now() - s.last_seen_at)) * 1000)::float8 AS touch_in_ms
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
          expiresInMs: row.expires_in_ms,
          touchInMs: row.touch_in_ms,
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
    await pool.query('UPDATE member_sessions SET revoked_at = now() WHERE id = $1', [id]);
  },

  /** Ends every live session of a member except `keepId` (after a password change). */
  revokeOtherSessions: async (memberId: string, keepId: string | null): Promise<void> => {
    await pool.query(
      `UPDATE member_sessions SET revoked_at = now()
       WHERE member_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [memberId, keepId],
    );
  },

  insertChallenge: async (values: NewSession): Promise<void> => {
    await pool.query(
      `INSERT INTO login_challenges (member_id, token_hash, ip, user_agent, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [values.memberId, values.tokenHash, values.ip, values.userAgent ?? null, values.expiresAt],
    );
  },

  /** Counts an attempt on a live challenge (at most five) and returns it. */
  attemptChallenge: async (tokenHash: string): Promise<ChallengeRow | null> => {
    const { rows } = await pool.query<ChallengeRow>(
      `UPDATE login_challenges SET attempts = attempts + 1
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts < 5
       RETURNING ${CHALLENGE_COLUMNS}`,
      [tokenHash],
    );
    return rows[0] ?? null;
  },

  findLiveChallenge: async (tokenHash: string): Promise<ChallengeRow | null> => {
    const { rows } = await pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM login_challenges
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() LIMIT 1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  },

  useChallenge: async (id: string): Promise<boolean> => {
    const { rowCount } = await pool.query(
      'UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL',
      [id],
    );
    return (rowCount ?? 0) > 0;
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;
