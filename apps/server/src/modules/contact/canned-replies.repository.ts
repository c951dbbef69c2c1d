import type { LanguageCode } from '@tessera/contracts';
import type pg from 'pg';
import type { Queryable } from '../../platform/db/queryable';
import type { contactCannedReplies } from './contact.schema';

export type CannedReplyRow = typeof contactCannedReplies.$inferSelect;
/** What an operator writes of a canned reply. */
export interface CannedReplyValues {
  shortcut: string;
  title: string;
  body: string;
  language: LanguageCode | null;
}

const COLUMNS = `id, merchant_code AS "merchantCode", shortcut, title, body, language, created_by AS "createdBy",
  updated_by AS "updatedBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The SQL of a merchant's canned replies; every statement names the merchant, so one never reaches another's. */
export const createCannedRepliesRepository = (pool: pg.Pool) => ({
  list: async (merchantCode: string): Promise<CannedReplyRow[]> =>
    (
      await pool.query<CannedReplyRow>(
        `SELECT ${COLUMNS} FROM contact_canned_replies WHERE merchant_code = $1 ORDER BY shortcut`,
        [merchantCode],
      )
    ).rows,

  count: async (tx: Queryable, merchantCode: string): Promise<number> => {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contact_canned_replies WHERE merchant_code = $1',
      [merchantCode],
    );
    return rows[0]?.n ?? 0;
  },

  /** The merchant's reply, locked for the change; null when it has none by that id. */
  lock: async (tx: Queryable, merchantCode: string, id: string): Promise<CannedReplyRow | null> => {
    const { rows } = await tx.query<CannedReplyRow>(
      `SELECT ${COLUMNS} FROM contact_canned_replies WHERE id = $1 AND merchant_code = $2 FOR UPDATE`,
      [id, merchantCode],
    );
    return rows[0] ?? null;
  },

  insert: async (
    tx: Queryable,
    merchantCode: string,
    values: CannedReplyValues,
    operator: string,
  ): Promise<CannedReplyRow> => {
    const { rows } = await tx.query<CannedReplyRow>(
      `INSERT INTO contact_canned_replies (merchant_code, shortcut, title, body, language, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
      [merchantCode, values.shortcut, values.title, values.body, values.language, operator],
    );
    const row = rows[0];
    if (!row) throw new Error('canned reply not stored');
    return row;
  },

  update: async (tx: Queryable, id: string, values: CannedReplyValues, operator: string): Promise<CannedReplyRow> => {
    const { rows } = await tx.query<CannedReplyRow>(
      `UPDATE contact_canned_replies
          SET shortcut = $2, title = $3, body = $4, language = $5, updated_by = $6, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, values.shortcut, values.title, values.body, values.language, operator],
    );
    const row = rows[0];
    if (!row) throw new Error('canned reply vanished under its lock');
    return row;
  },

  remove: async (tx: Queryable, id: string): Promise<void> => {
    await tx.query('DELETE FROM contact_canned_replies WHERE id = $1', [id]);
  },
});
