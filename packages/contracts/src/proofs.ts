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
