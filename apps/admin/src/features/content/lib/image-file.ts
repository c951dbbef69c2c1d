import { CONTENT_IMAGE_MAX_BYTES } from '@tessera/contracts';

/** The picture types the server takes (it checks the bytes; the browser only filters the file dialog). */
export const CONTENT_IMAGE_ACCEPT = 'image/png,image/jpeg';

/** Why a chosen file is not sent at all: larger than the server would take (its own code). */
export const imageFileProblem = (file: Pick<File, 'size'>): 'image_invalid' | 'image_too_large' | null => {
  if (file.size === 0) return 'image_invalid';
  return file.size > CONTENT_IMAGE_MAX_BYTES ? 'image_too_large' : null;
};

/** The file's bytes as base64 (shared with the other upload fields). */
export { readFileAsBase64 } from '../../../shared/forms/read-file-base64';
