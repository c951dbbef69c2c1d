import type pg from 'pg';

export const createAccountRepository = (pool: pg.Pool) => ({
  insertResetToken: async (memberId: string, tokenHash: string, ttlMs: number): Promise<void> => {
    await pool.query('INSERT INTO password_reset_tokens (member_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
      memberId,
      tokenHash,
      new Date(Date.now() + ttlMs),
    ]);
  },

  /** Uses a live reset token once and returns its member, or null. */
  useResetToken: async (tokenHash: string): Promise<string | null> => {
    const { rows } = await pool.query<{ memberId: string }>(
      `UPDATE password_reset_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING member_id AS "memberId"`,
      [tokenHash],
    );
    return rows[0]?.memberId ?? null;
  },
});

export type AccountRepository = ReturnType<typeof createAccountRepository>;
