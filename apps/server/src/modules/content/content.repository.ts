import type { ContentData, ContentKind } from '@tessera/contracts';
import type pg from 'pg';
import type { contentImages, contentItems } from './content.schema';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentImageRow = typeof contentImages.$inferSelect;

export interface ContentItemValues {
  merchantCode: string;
  kind: ContentKind;
  language: string;
  sortOrder: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  data: ContentData['data'];
}

const ITEM_COLUMNS = `id, merchant_code AS "merchantCode", kind, language, sort_order AS "sortOrder", enabled,
  starts_at AS "startsAt", ends_at AS "endsAt", data, created_at AS "createdAt", updated_at AS "updatedAt"`;
const IMAGE_COLUMNS = `id, merchant_code AS "merchantCode", media_type AS "mediaType", bytes, width, height,
  byte_size AS "byteSize", created_at AS "createdAt"`;

/** An item's columns in the order the statements name them; `data` travels as JSON text (pg would turn an array into a PostgreSQL array). */
const itemValues = (values: ContentItemValues) => [
  values.merchantCode,
  values.kind,
  values.language,
  values.sortOrder,
  values.enabled,
  values.startsAt,
  values.endsAt,
  JSON.stringify(values.data),
];

export const createContentRepository = (pool: pg.Pool) => ({
  /** Enabled items in the given languages whose schedule covers `now`, in display order. */
  visible: async (
    merchantCode: string,
    languages: readonly string[],
    kinds: readonly ContentKind[],
    now: Date,
  ): Promise<ContentItemRow[]> =>
    (
      await pool.query<ContentItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM content_items
          WHERE merchant_code = $1 AND language = ANY($2::text[]) AND kind = ANY($3::text[]) AND enabled
            AND (starts_at IS NULL OR starts_at <= $4) AND (ends_at IS NULL OR ends_at > $4)
          ORDER BY sort_order, created_at`,
        [merchantCode, [...languages], [...kinds], now],
      )
    ).rows,

  list: async (merchantCode: string, language: string, kind: ContentKind | undefined): Promise<ContentItemRow[]> =>
    (
      await pool.query<ContentItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM content_items
          WHERE merchant_code = $1 AND language = $2 AND ($3::text IS NULL OR kind = $3)
          ORDER BY kind, sort_order, created_at`,
        [merchantCode, language, kind || null],
      )
    ).rows,

  find: async (merchantCode: string, id: string): Promise<ContentItemRow | null> => {
    const { rows } = await pool.query<ContentItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM content_items WHERE merchant_code = $1 AND id = $2`,
      [merchantCode, id],
    );
    return rows[0] ?? null;
  },

  sameLanguageOfKind: async (merchantCode: string, language: string, kind: ContentKind): Promise<ContentItemRow[]> =>
    (
      await pool.query<ContentItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM content_items WHERE merchant_code = $1 AND language = $2 AND kind = $3`,
        [merchantCode, language, kind],
      )
    ).rows,

  insert: async (values: ContentItemValues): Promise<ContentItemRow> => {
    const { rows } = await pool.query<ContentItemRow>(
      `INSERT INTO content_items (merchant_code, kind, language, sort_order, enabled, starts_at, ends_at, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING ${ITEM_COLUMNS}`,
      itemValues(values),
    );
    const row = rows[0];
    if (!row) throw new Error('content insert returned nothing');
    return row;
  },

  insertMany: async (values: readonly ContentItemValues[]): Promise<void> => {
    if (values.length === 0) return;
    // One statement, as one multi-row insert: the rows in order, one `now()` for all.
    await pool.query(
      `INSERT INTO content_items (merchant_code, kind, language, sort_order, enabled, starts_at, ends_at, data)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::boolean[], $6::timestamptz[],
                            $7::timestamptz[], $8::jsonb[])`,
      [
        values.map((v) => v.merchantCode),
        values.map((v) => v.kind),
        values.map((v) => v.language),
        values.map((v) => v.sortOrder),
        values.map((v) => v.enabled),
        values.map((v) => v.startsAt),
        values.map((v) => v.endsAt),
        values.map((v) => JSON.stringify(v.data)),
      ],
    );
  },

  update: async (merchantCode: string, id: string, values: ContentItemValues): Promise<ContentItemRow | null> => {
    const { rows } = await pool.query<ContentItemRow>(
      `UPDATE content_items
          SET merchant_code = $3, kind = $4, language = $5, sort_order = $6, enabled = $7, starts_at = $8,
              ends_at = $9, data = $10::jsonb, updated_at = now()
        WHERE merchant_code = $1 AND id = $2 RETURNING ${ITEM_COLUMNS}`,
      [merchantCode, id, ...itemValues(values)],
    );
    return rows[0] ?? null;
  },

  remove: async (merchantCode: string, id: string): Promise<boolean> => {
    const { rowCount } = await pool.query('DELETE FROM content_items WHERE merchant_code = $1 AND id = $2', [
      merchantCode,
      id,
    ]);
    return (rowCount ?? 0) > 0;
  },

  countFor: async (merchantCode: string): Promise<number> => {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM content_items WHERE merchant_code = $1',
      [merchantCode],
    );
    return rows[0]?.n ?? 0;
  },

  insertImage: async (
    values: Omit<typeof contentImages.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<ContentImageRow> => {
    const { rows } = await pool.query<ContentImageRow>(
      `INSERT INTO content_images (merchant_code, media_type, bytes, width, height, byte_size)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${IMAGE_COLUMNS}`,
      [values.merchantCode, values.mediaType, values.bytes, values.width, values.height, values.byteSize],
    );
    const row = rows[0];
    if (!row) throw new Error('image insert returned nothing');
    return row;
  },

  image: async (id: string): Promise<ContentImageRow | null> => {
    const { rows } = await pool.query<ContentImageRow>(`SELECT ${IMAGE_COLUMNS} FROM content_images WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  },

  imageOfMerchant: async (merchantCode: string, id: string): Promise<boolean> => {
    const { rows } = await pool.query('SELECT id FROM content_images WHERE merchant_code = $1 AND id = $2', [
      merchantCode,
      id,
    ]);
    return rows.length > 0;
  },

  /** How far the agent has read the agent centre's announcements (null: never opened them). */
  noticesReadThrough: async (merchantCode: string, memberId: string): Promise<Date | null> => {
    const { rows } = await pool.query<{ readThrough: Date }>(
      `SELECT read_through AS "readThrough" FROM content_notice_reads WHERE merchant_code = $1 AND member_id = $2`,
      [merchantCode, memberId],
    );
    return rows[0]?.readThrough ?? null;
  },

  /** Moves the agent's read mark to `at`, never back (two devices opening the page in either order agree). */
  markNoticesRead: async (merchantCode: string, memberId: string, at: Date): Promise<void> => {
    await pool.query(
      `INSERT INTO content_notice_reads (merchant_code, member_id, read_through) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_code, member_id)
       DO UPDATE SET read_through = GREATEST(content_notice_reads.read_through, EXCLUDED.read_through)`,
      [merchantCode, memberId, at],
    );
  },
});

export type ContentRepository = ReturnType<typeof createContentRepository>;
