import type { ContentData, ContentKind } from '@tessera/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { contentImages, contentItems } from './content.schema';

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

export const createContentRepository = (db: Db) => ({
  /** Enabled items in the given languages whose schedule covers `now`, in display order. */
  visible: (merchantCode: string, languages: readonly string[], kinds: readonly ContentKind[], now: Date) =>
    db
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.merchantCode, merchantCode),
          inArray(contentItems.language, [...languages]),
          inArray(contentItems.kind, [...kinds]),
          eq(contentItems.enabled, true),
          sql`(${contentItems.startsAt} IS NULL OR ${contentItems.startsAt} <= ${now})`,
          sql`(${contentItems.endsAt} IS NULL OR ${contentItems.endsAt} > ${now})`,
        ),
      )
      .orderBy(asc(contentItems.sortOrder), asc(contentItems.createdAt)),

  list: (merchantCode: string, language: string, kind: ContentKind | undefined) =>
    db
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.merchantCode, merchantCode),
          eq(contentItems.language, language),
          kind ? eq(contentItems.kind, kind) : undefined,
        ),
      )
      .orderBy(asc(contentItems.kind), asc(contentItems.sortOrder), asc(contentItems.createdAt)),

  find: async (merchantCode: string, id: string): Promise<ContentItemRow | null> => {
    const rows = await db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.merchantCode, merchantCode), eq(contentItems.id, id)));
    return rows[0] ?? null;
  },

  sameLanguageOfKind: (merchantCode: string, language: string, kind: ContentKind) =>
    db
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.merchantCode, merchantCode),
          eq(contentItems.language, language),
          eq(contentItems.kind, kind),
        ),
      ),

  insert: async (values: ContentItemValues): Promise<ContentItemRow> => {
    const rows = await db.insert(contentItems).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('content insert returned nothing');
    return row;
  },

  insertMany: async (values: readonly ContentItemValues[]): Promise<void> => {
    if (values.length > 0) await db.insert(contentItems).values([...values]);
  },

  update: async (merchantCode: string, id: string, values: ContentItemValues): Promise<ContentItemRow | null> => {
    const rows = await db
      .update(contentItems)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(contentItems.merchantCode, merchantCode), eq(contentItems.id, id)))
      .returning();
    return rows[0] ?? null;
  },

  remove: async (merchantCode: string, id: string): Promise<boolean> => {
    const rows = await db
      .delete(contentItems)
      .where(and(eq(contentItems.merchantCode, merchantCode), eq(contentItems.id, id)))
      .returning({ id: contentItems.id });
    return rows.length > 0;
  },

  countFor: async (merchantCode: string): Promise<number> => {
    const rows = await db.select({ n: count() }).from(contentItems).where(eq(contentItems.merchantCode, merchantCode));
    return rows[0]?.n ?? 0;
  },

  insertImage: async (
    values: Omit<typeof contentImages.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<ContentImageRow> => {
    const rows = await db.insert(contentImages).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('image insert returned nothing');
    return row;
  },

  image: async (id: string): Promise<ContentImageRow | null> => {
    const rows = await db.select().from(contentImages).where(eq(contentImages.id, id));
    return rows[0] ?? null;
  },

  imageOfMerchant: async (merchantCode: string, id: string): Promise<boolean> => {
    const rows = await db
      .select({ id: contentImages.id })
      .from(contentImages)
      .where(and(eq(contentImages.merchantCode, merchantCode), eq(contentImages.id, id)));
    return rows.length > 0;
  },
});

export type ContentRepository = ReturnType<typeof createContentRepository>;
