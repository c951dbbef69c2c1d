import type pg from 'pg';
import type { OutgoingMessage } from './message-sender';

/** A message as the outbox keeps it: what was sent, through which provider, and how it went. */
export interface OutboxRow extends OutgoingMessage {
  id: bigint;
  provider: string;
  status: 'stored' | 'sent' | 'failed';
  createdAt: Date;
}

/** A code to store: only its HMAC, with how often and how long it may be tried. */
export interface NewCode {
  merchantCode: string;
  purpose: string;
  recipient: string;
  codeHash: string;
  maxAttempts: number;
  expiresAt: Date;
}

const OUTBOX_COLUMNS = `id, merchant_code AS "merchantCode", channel, recipient, template, params, body, provider, status,
  created_at AS "createdAt"`;

export const createVerificationRepository = (pool: pg.Pool) => ({
  insertCode: async (values: NewCode): Promise<void> => {
    await pool.query(
      `INSERT INTO verification_codes (merchant_code, purpose, recipient, code_hash, max_attempts, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [values.merchantCode, values.purpose, values.recipient, values.codeHash, values.maxAttempts, values.expiresAt],
    );
  },

  /** Counts one attempt on the newest live code and returns it, or null when there is none left to try. */
  attemptLatest: async (
    merchantCode: string,
    purpose: string,
    recipient: string,
  ): Promise<{ id: string; codeHash: string } | null> => {
    const { rows } = await pool.query<{ id: string; codeHash: string }>(
      `UPDATE verification_codes SET attempts = attempts + 1
       WHERE id = (SELECT id FROM verification_codes
                   WHERE merchant_code = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL
                     AND expires_at > now()
                   ORDER BY created_at DESC LIMIT 1)
         AND attempts < max_attempts
       RETURNING id, code_hash AS "codeHash"`,
      [merchantCode, purpose, recipient],
    );
    return rows[0] ?? null;
  },

  /** Marks a code used; false if another request used it first. */
  markUsed: async (id: string): Promise<boolean> => {
    const { rowCount } = await pool.query(
      'UPDATE verification_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL',
      [id],
    );
    return (rowCount ?? 0) > 0;
  },

  listOutbox: async (
    merchantCode: string | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: OutboxRow[]; total: number }> => {
    const where = '($1::text IS NULL OR merchant_code = $1)';
    const [rows, totals] = await Promise.all([
      pool.query<OutboxRow>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox_messages WHERE ${where} ORDER BY id DESC OFFSET $2 LIMIT $3`,
        [merchantCode, offset, limit],
      ),
      pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM outbox_messages WHERE ${where}`, [
        merchantCode,
      ]),
    ]);
    return { rows: rows.rows.map((row) => ({ ...row, id: BigInt(row.id) })), total: totals.rows[0]?.total ?? 0 };
  },
});

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
