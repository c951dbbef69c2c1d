import { CONTENT_IMAGE_MAX_BYTES } from '@tessera/contracts';

/** The picture types the server takes (it checks the bytes; the browser only filters the file dialog). */
export const CONTENT_IMAGE_ACCEPT = 'image/png,image/jpeg';

/** Why a chosen file is not sent at all: larger than the server would take (its own code). */
export const imageFileProblem = (file: Pick<File, 'size'>): 'image_invalid' | 'image_too_large' | null => {
  if (file.size === 0) return 'image_invalid';
  return file.size > CONTENT_IMAGE_MAX_BYTES ? 'image_too_large' : null;
};

const CHUNK = 0x8000;

/** The file's bytes as base64, as the upload endpoint takes them (read in chunks: a 5 MB file is fine). */
export const readFileAsBase64 = async (file: Blob): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
};
