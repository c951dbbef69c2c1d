import type { BroadcastAudience, LanguageCode } from '@tessera/contracts';
import type pg from 'pg';
import type { messageBroadcasts } from './messages.schema';

export type BroadcastRow = typeof messageBroadcasts.$inferSelect;

const COLUMNS = `id, merchant_code AS "merchantCode", audience, texts, fallback_language AS "fallbackLanguage",
  send_at AS "sendAt", status, recipients, created_by AS "createdBy", created_at AS "createdAt", sent_at AS "sentAt"`;

const broadcastOf = (row: Record<string, unknown>): BroadcastRow => ({
  ...(row as unknown as BroadcastRow),
  id: BigInt(row.id as bigint | string),
});

/** The SQL of operators' messages to members (decision 0121). */
export const createBroadcastsRepository = (pool: pg.Pool) => ({
  insert: async (
    client: pg.PoolClient,
    values: {
      merchantCode: string;
      audience: BroadcastAudience;
      texts: Partial<Record<LanguageCode, { title: string; body: string }>>;
      fallbackLanguage: LanguageCode;
      sendAt: Date;
      createdBy: string;
    },
  ): Promise<BroadcastRow> => {
    const { rows } = await client.query(
      `INSERT INTO message_broadcasts (merchant_code, audience, texts, fallback_language, send_at, created_by)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        values.merchantCode,
        JSON.stringify(values.audience),
        JSON.stringify(values.texts),
        values.fallbackLanguage,
        values.sendAt,
        values.createdBy,
      ],
    );
    return broadcastOf(rows[0] as Record<string, unknown>);
  },

  list: async (merchantCode: string, limit: number): Promise<BroadcastRow[]> =>
    (
      await pool.query(
        `SELECT ${COLUMNS} FROM message_broadcasts WHERE merchant_code = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [merchantCode, limit],
      )
    ).rows.map(broadcastOf),

  /** The merchant's message, locked until the transaction ends (null: none of this merchant's). */
  lock: async (client: pg.PoolClient, merchantCode: string, id: string): Promise<BroadcastRow | null> => {
    const { rows } = await client.query(
      `SELECT ${COLUMNS} FROM message_broadcasts WHERE id = $1 AND merchant_code = $2 FOR UPDATE`,
      [id, merchantCode],
    );
    return rows[0] ? broadcastOf(rows[0]) : null;
  },

  /** Scheduled messages now due, locked; those another sender holds are skipped. */
  lockDue: async (client: pg.PoolClient, limit: number): Promise<BroadcastRow[]> =>
    (
      await client.query(
        `SELECT ${COLUMNS} FROM message_broadcasts WHERE status = 'scheduled' AND send_at <= now()
          ORDER BY send_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      )
    ).rows.map(broadcastOf),

  setStatus: async (
    client: pg.PoolClient,
    id: bigint,
    status: 'sent' | 'cancelled',
    recipients: number | null,
  ): Promise<BroadcastRow> => {
    const { rows } = await client.query(
      `UPDATE message_broadcasts SET status = $2, recipients = $3, sent_at = CASE WHEN $2 = 'sent' THEN now() END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, status, recipients],
    );
    return broadcastOf(rows[0] as Record<string, unknown>);
  },

  /**
   * One inbox message per recipient, in one statement; a member who already has this message (a send resumed after
   * a crash) keeps it. Answers the members it was written for.
   */
  insertMessages: async (
    client: pg.PoolClient,
    merchantCode: string,
    broadcastId: bigint,
    recipients: readonly { memberId: string; title: string; body: string }[],
  ): Promise<string[]> => {
    if (recipients.length === 0) return [];
    const { rows } = await client.query<{ memberId: string }>(
      `INSERT INTO member_messages (merchant_code, member_id, type, params, dedupe_key)
       SELECT $1, r.member_id, 'operator_message', jsonb_build_object('title', r.title, 'body', r.body), $2
         FROM unnest($3::uuid[], $4::text[], $5::text[]) AS r(member_id, title, body)
       ON CONFLICT DO NOTHING RETURNING member_id AS "memberId"`,
      [
        merchantCode,
        `broadcast:${broadcastId}`,
        recipients.map((r) => r.memberId),
        recipients.map((r) => r.title),
        recipients.map((r) => r.body),
      ],
    );
    return rows.map((row) => row.memberId);
  },
});

export type BroadcastsRepository = ReturnType<typeof createBroadcastsRepository>;
