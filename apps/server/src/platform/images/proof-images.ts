import { PROOF_UPLOAD, type ProofImage } from '@tessera/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import type { UploadedFile } from '../http/registrar';
import { type ImageMediaType, recodeImage } from './image-recode';

/** Largest width or height of a proof picture (a phone's screenshot or photo fits). */
const PROOF_MAX_SIDE = 8192;

/**
 * A table of proof images attached to one kind of order (a withdrawal's confirmation, a bank-transfer deposit):
 * the re-encoded bytes in PostgreSQL, in upload order. Each module declares its own in its schema file.
 */
export const proofImagesTable = <TName extends string>(
  name: TName,
  owner: { column: string; references: () => AnyPgColumn; indexName: string },
) =>
  pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      ownerId: uuid(owner.column).notNull().references(owner.references),
      /** Order of upload, as the member attached them. */
      position: smallint('position').notNull(),
      contentType: text('content_type').$type<ImageMediaType>().notNull(),
      bytes: bytea('bytes').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index(owner.indexName).on(table.ownerId)],
  );

export type ProofImagesTable = ReturnType<typeof proofImagesTable<string>>;

/** A proof ready to store: checked and re-encoded. */
export interface RecodedProof {
  contentType: ImageMediaType;
  bytes: Buffer;
}

/**
 * Checks uploaded proofs and re-encodes them (`recodeImage`: magic bytes, size, metadata and trailers dropped):
 * with those an order already holds, at most `PROOF_UPLOAD.maxFiles`. Refuses with `upload_too_many`,
 * `image_too_large` or `image_invalid` before anything is stored.
 */
export const recodeProofImages = (files: readonly UploadedFile[], alreadyStored = 0): RecodedProof[] => {
  if (alreadyStored + files.length > PROOF_UPLOAD.maxFiles) throw new AppError('upload_too_many');
  return files.map((file) => {
    const image = recodeImage(file.bytes, { maxBytes: PROOF_UPLOAD.maxBytes, maxSide: PROOF_MAX_SIDE });
    return { contentType: image.mediaType, bytes: image.bytes };
  });
};

/** What the member and the desk receive: the bytes as base64 inside the JSON envelope. */
export const presentProofImage = (row: { id: string; contentType: ImageMediaType; bytes: Buffer }): ProofImage => ({
  id: row.id,
  contentType: row.contentType,
  data: row.bytes.toString('base64'),
});

/** Reads and writes through the pool or inside a caller's transaction. */
export type ProofExecutor = Pick<Db, 'select' | 'insert'>;

/** The SQL of one proof table; `db` may be a transaction the caller holds. */
export const createProofImagesRepository = (table: ProofImagesTable) => ({
  /** Proof ids per order, in upload order. */
  idsByOwner: async (db: ProofExecutor, ownerIds: readonly string[]): Promise<Map<string, string[]>> => {
    const map = new Map<string, string[]>();
    if (ownerIds.length === 0) return map;
    const rows = await db
      .select({ id: table.id, ownerId: table.ownerId })
      .from(table)
      .where(inArray(table.ownerId, [...ownerIds]))
      .orderBy(asc(table.ownerId), asc(table.position));
    for (const row of rows) map.set(row.ownerId, [...(map.get(row.ownerId) ?? []), row.id]);
    return map;
  },

  /** One proof of one order; another order's proof id answers null. */
  find: async (db: ProofExecutor, ownerId: string, proofId: string) => {
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table.id, proofId), eq(table.ownerId, ownerId)))
      .limit(1);
    return rows[0] ?? null;
  },

  countOf: async (db: ProofExecutor, ownerId: string): Promise<number> => {
    const rows = await db.select({ n: count() }).from(table).where(eq(table.ownerId, ownerId));
    return rows[0]?.n ?? 0;
  },

  /** Appends proofs after the `stored` ones the order already holds. */
  insert: async (db: ProofExecutor, ownerId: string, proofs: readonly RecodedProof[], stored = 0) => {
    if (proofs.length === 0) return;
    await db.insert(table).values(proofs.map((proof, at) => ({ ...proof, ownerId, position: stored + at })));
  },
});
