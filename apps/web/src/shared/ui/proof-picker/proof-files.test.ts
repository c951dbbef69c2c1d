import { describe, expect, it } from 'vitest';
import { checkProofFiles } from './proof-files';

const png = (size = 100, name = 'proof.png') => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};
const jpg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], 'proof.jpg', { type: 'image/jpeg' });

describe('checkProofFiles', () => {
  it('accepts up to three png or jpg images', async () => {
    const result = await checkProofFiles([], [png(), jpg(), png()]);
    expect(result.error).toBeNull();
    expect(result.accepted).toHaveLength(3);
  });

  it('refuses a fourth image and keeps the three', async () => {
    const three = (await checkProofFiles([], [png(), png(), png()])).accepted;
    const result = await checkProofFiles(three, [jpg()]);
    expect(result).toMatchObject({ error: 'upload_too_many' });
    expect(result.accepted).toHaveLength(3);
  });

  it('counts the images an order already holds: one stored leaves room for two', async () => {
    const result = await checkProofFiles([], [png(), jpg(), png()], 2);
    expect(result.error).toBe('upload_too_many');
    expect(result.accepted).toHaveLength(2);
  });

  it('refuses an image over 5 MB', async () => {
    const result = await checkProofFiles([], [png(5 * 1024 * 1024 + 1)]);
    expect(result).toEqual({ accepted: [], error: 'image_too_large' });
  });

  it('accepts exactly 5 MB', async () => {
    expect((await checkProofFiles([], [png(5 * 1024 * 1024)])).error).toBeNull();
  });

  it('refuses other types, and a file whose bytes are not the image its name claims', async () => {
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'a.gif', { type: 'image/gif' });
    expect((await checkProofFiles([], [gif])).error).toBe('image_invalid');
    const fake = new File([new TextEncoder().encode('<svg></svg>')], 'fake.png', { type: 'image/png' });
    expect((await checkProofFiles([], [fake])).error).toBe('image_invalid');
  });
});
