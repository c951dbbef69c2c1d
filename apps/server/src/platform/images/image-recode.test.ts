import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { recodeImage, sniffImageType, sniffRefusedImageKind } from './image-recode';

const limits = { maxBytes: 1_000_000, maxSide: 512 };

const jpegWithExif = (): Buffer => {
  const width = 16;
  const height = 8;
  const data = Buffer.alloc(width * height * 4, 128);
  const plain = jpeg.encode({ data, width, height }, 90).data;
  const payload = Buffer.from('Exif\0\0GPS 51.5N 0.1W secret-camera-serial');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), payload]);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
};

describe('recodeImage', () => {
  it('re-encodes a jpeg without its EXIF block', () => {
    const input = jpegWithExif();
    expect(input.includes(Buffer.from('secret-camera-serial'))).toBe(true);
    const out = recodeImage(input, limits);
    expect(out).toMatchObject({ mediaType: 'image/jpeg', width: 16, height: 8 });
    expect(out.bytes.includes(Buffer.from('secret-camera-serial'))).toBe(false);
    expect(sniffImageType(out.bytes)).toBe('image/jpeg');
  });

  it('keeps a png’s pixels', () => {
    const png = new PNG({ width: 3, height: 2 });
    png.data.fill(0);
    png.data[0] = 255;
    png.data[3] = 255;
    const out = recodeImage(PNG.sync.write(png), limits);
    const back = PNG.sync.read(out.bytes);
    expect([back.data[0], back.data[1], back.data[3]]).toEqual([255, 0, 255]);
  });

  it('refuses by bytes, size and dimensions before decoding', () => {
    expect(() => recodeImage(Buffer.from('not an image'), limits)).toThrow('image_invalid');
    expect(() => recodeImage(Buffer.alloc(2_000_000), limits)).toThrow('image_too_large');
    const wide = new PNG({ width: 600, height: 1 });
    expect(() => recodeImage(PNG.sync.write(wide), limits)).toThrow('image_too_large');
  });
});

describe('sniffRefusedImageKind (decision 0124)', () => {
  it('names gif, webp, bmp and svg by their bytes, and nothing else', () => {
    expect(sniffRefusedImageKind(Buffer.concat([Buffer.from('GIF87a'), Buffer.alloc(10)]))).toBe('gif');
    expect(sniffRefusedImageKind(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(10)]))).toBe('gif');
    expect(sniffRefusedImageKind(Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(10)]))).toBe('webp');
    expect(sniffRefusedImageKind(Buffer.concat([Buffer.from('BM'), Buffer.alloc(40)]))).toBe('bmp');
    expect(sniffRefusedImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(
      sniffRefusedImageKind(Buffer.from('\uFEFF  <?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n<SVG width="1">')),
    ).toBe('svg');
    expect(sniffRefusedImageKind(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffRefusedImageKind(Buffer.from('BMW'))).toBeNull();
    expect(sniffRefusedImageKind(Buffer.alloc(0))).toBeNull();
    expect(sniffRefusedImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });
});
