import { PROOF_UPLOAD, type ProofImage } from '@tessera/contracts';
import { getTableName } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';
import { type Queryable, queryRows } from '../db/queryable';
import { AppError } from '../http/app-error';
import type { UploadedFile } from '../http/registrar';
import { type ImageMediaType, recodeImage, sniffRefusedImageKind } from './image-recode';

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

/** One picture ready to store, with its size and the SHA-256 of its re-encoded bytes (what a retry is compared by). */
export interface RecodedPicture extends RecodedProof {
  width: number;
  height: number;
}

/**
 * One uploaded picture (a chat message's, decision 0124), checked and re-encoded under the proof rule, with its own
 * error for each refusal: `image_empty` (no bytes), `image_type_not_allowed` (a gif, svg, webp or bmp),
 * `image_too_large`, `image_invalid` (anything else that is not a png or jpeg that decodes).
 */
export const recodeOnePicture = (file: UploadedFile): RecodedPicture => {
  if (file.bytes.length === 0) throw new AppError('image_empty');
  if (file.bytes.length > PROOF_UPLOAD.maxBytes) throw new AppError('image_too_large');
  if (sniffRefusedImageKind(file.bytes)) throw new AppError('image_type_not_allowed');
  const image = recodeImage(file.bytes, { maxBytes: PROOF_UPLOAD.maxBytes, maxSide: PROOF_MAX_SIDE });
  return { contentType: image.mediaType, bytes: image.bytes, width: image.width, height: image.height };
};

/** What the member and the desk receive: the bytes as base64 inside the JSON envelope. */
export const presentProofImage = (row: { id: string; contentType: ImageMediaType; bytes: Buffer }): ProofImage => ({
  id: row.id,
  contentType: row.contentType,
  data: row.bytes.toString('base64'),
});

/** Reads and writes through the pool or inside a caller's transaction (a Drizzle one, until its module moves). */
export type ProofExecutor = Queryable;

export interface ProofImageRow {
  id: string;
  ownerId: string;
  position: number;
  contentType: ImageMediaType;
  bytes: Buffer;
  createdAt: Date;
}

/** The SQL of one proof table; `db` may be a transaction the caller holds. */
export const createProofImagesRepository = (table: ProofImagesTable) => {
  // Names from the module's schema, never from input.
  const name = getTableName(table);
  const owner = table.ownerId.name;
  return {
    /** Proof ids per order, in upload order. */
    idsByOwner: async (db: ProofExecutor, ownerIds: readonly string[]): Promise<Map<string, string[]>> => {
      const map = new Map<string, string[]>();
      if (ownerIds.length === 0) return map;
      const rows = await queryRows<{ id: string; ownerId: string }>(
        db,
        `SELECT id, ${owner} AS "ownerId" FROM ${name} WHERE ${owner} = ANY($1::uuid[]) ORDER BY ${owner}, position`,
        [[...ownerIds]],
      );
      for (const row of rows) map.set(row.ownerId, [...(map.get(row.ownerId) ?? []), row.id]);
      return map;
    },

    /** One proof of one order; another order's proof id answers null. */
    find: async (db: ProofExecutor, ownerId: string, proofId: string): Promise<ProofImageRow | null> => {
      const rows = await queryRows<Omit<ProofImageRow, 'createdAt'> & { createdAt: Date | string }>(
        db,
        `SELECT id, ${owner} AS "ownerId", position, content_type AS "contentType", bytes, created_at AS "createdAt"
           FROM ${name} WHERE id = $1 AND ${owner} = $2 LIMIT 1`,
        [proofId, ownerId],
      );
      const row = rows[0];
      return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
    },

    countOf: async (db: ProofExecutor, ownerId: string): Promise<number> => {
      const rows = await queryRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${name} WHERE ${owner} = $1`, [
        ownerId,
      ]);
      return rows[0]?.n ?? 0;
    },

    /** Appends proofs after the `stored` ones the order already holds. */
    insert: async (db: ProofExecutor, ownerId: string, proofs: readonly RecodedProof[], stored = 0) => {
      if (proofs.length === 0) return;
      await queryRows(
        db,
        `INSERT INTO ${name} (${owner}, position, content_type, bytes)
         SELECT $1, position, content_type, bytes
           FROM unnest($2::smallint[], $3::text[], $4::bytea[]) AS p(position, content_type, bytes)`,
        [
          ownerId,
          proofs.map((_, at) => stored + at),
          proofs.map((proof) => proof.contentType),
          proofs.map((proof) => proof.bytes),
        ],
      );
    },
  };
};
