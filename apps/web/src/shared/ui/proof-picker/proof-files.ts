import { PROOF_UPLOAD } from '@tessera/contracts';

export type ProofFileError = 'image_invalid' | 'image_too_large' | 'upload_too_many';

export interface ProofCheck {
  accepted: File[];
  /** The first problem found, as a catalogue code (the browser shows it under the picker). */
  error: ProofFileError | null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** Whether the file's first bytes are a PNG or JPEG signature (its name and type can lie). */
export const hasImageSignature = async (file: Blob): Promise<boolean> => {
  const bytes = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return startsWith(bytes, PNG) || startsWith(bytes, JPEG);
};

/**
 * The browser's check of proof images before upload (spec sections 5 and 9): png or jpg, at most 5 MB each,
 * at most `maxFiles` in all (3, less those the order already holds). The server checks again by the bytes and
 * re-encodes; this spares a doomed upload.
 */
export const checkProofFiles = async (
  current: readonly File[],
  added: readonly File[],
  maxFiles: number = PROOF_UPLOAD.maxFiles,
): Promise<ProofCheck> => {
  const accepted = [...current];
  for (const file of added) {
    if (!(PROOF_UPLOAD.contentTypes as readonly string[]).includes(file.type) || !(await hasImageSignature(file))) {
      return { accepted, error: 'image_invalid' };
    }
    if (file.size > PROOF_UPLOAD.maxBytes) return { accepted, error: 'image_too_large' };
    if (accepted.length >= maxFiles) return { accepted, error: 'upload_too_many' };
    accepted.push(file);
  }
  return { accepted, error: null };
};
