import { CONTENT_IMAGE_MAX_BYTES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { imageFileProblem, readFileAsBase64 } from './image-file';

describe('banner picture files', () => {
  it('keeps back an empty file and one above 5 MB with the server’s own codes, and sends the rest', () => {
    expect(imageFileProblem({ size: 0 })).toBe('image_invalid');
    expect(imageFileProblem({ size: CONTENT_IMAGE_MAX_BYTES + 1 })).toBe('image_too_large');
    expect(imageFileProblem({ size: CONTENT_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('reads a file as plain base64, without the data-URL prefix', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await readFileAsBase64(new Blob([bytes], { type: 'image/png' }))).toBe('iVBORw0KGgo=');
  });
});
