import { z } from 'zod';

/**
 * Proof images a member attaches to an order: a bank-transfer deposit's payment, a withdrawal that did not
 * arrive in full (spec sections 4, 5, 9). png or jpg, at most 3 per order, at most 5 MB each.
 */
export const PROOF_UPLOAD = {
  field: 'proofs',
  maxFiles: 3,
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg'],
} as const;

/** A proof image's bytes, base64, after the server re-encoded them. */
export const proofImageSchema = z.object({
  id: z.string(),
  contentType: z.enum(PROOF_UPLOAD.contentTypes),
  data: z.string(),
});
export type ProofImage = z.infer<typeof proofImageSchema>;

/**
 * What a `responseKind: 'file'` endpoint's handler answers: the bytes, their type and the name the browser is offered.
 * The server sends the bytes as the body; the browser reads them as a Blob.
 */
export const fileAnswerSchema = z.object({
  contentType: z.enum(PROOF_UPLOAD.contentTypes),
  filename: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
export type FileAnswer = z.infer<typeof fileAnswerSchema>;
