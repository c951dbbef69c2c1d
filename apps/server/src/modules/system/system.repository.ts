import type pg from 'pg';

/** The SQL of captchas: single-use answers (their HMAC), short-lived. */
export const createSystemRepository = (pool: pg.Pool) => ({
  insertCaptcha: async (row: { merchantCode: string; answerHash: string; expiresAt: Date }): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      'INSERT INTO captchas (merchant_code, answer_hash, expires_at) VALUES ($1, $2, $3) RETURNING id',
      [row.merchantCode, row.answerHash, row.expiresAt],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('captcha insert returned no row');
    return id;
  },

  /** Drops captchas that expired over an hour ago. */
  pruneCaptchas: async (): Promise<void> => {
    await pool.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 hour'`);
  },

  /** Marks an unused, unexpired captcha of the merchant used; answers its answer hash, or null when none was. */
  useCaptcha: async (merchantCode: string, id: string): Promise<string | null> => {
    const { rows } = await pool.query<{ answerHash: string }>(
      `UPDATE captchas SET used_at = now()
        WHERE id = $1 AND merchant_code = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING answer_hash AS "answerHash"`,
      [id, merchantCode],
    );
    return rows[0]?.answerHash ?? null;
  },
});

export type SystemRepository = ReturnType<typeof createSystemRepository>;
