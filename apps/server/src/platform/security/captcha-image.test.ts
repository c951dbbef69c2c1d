import { inflateSync, crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { captchaGlyphs } from './captcha-font';
import { CAPTCHA_ALPHABET, crc32, randomCaptchaText, renderCaptchaPng } from './captcha-image';

type Chunk = { type: string; data: Buffer; crc: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const readChunks = (png: Buffer): Chunk[] => {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    chunks.push({ type, data, crc: png.readUInt32BE(offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
};

const decode = (png: Buffer) => {
  const chunks = readChunks(png);
  const header = chunks.find((chunk) => chunk.type === 'IHDR');
  if (header === undefined) throw new Error('no IHDR');
  const idat = Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data));
  return {
    chunks,
    width: header.data.readUInt32BE(0),
    height: header.data.readUInt32BE(4),
    bitDepth: header.data[8],
    colourType: header.data[9],
    scanlines: inflateSync(idat),
  };
};

/** Luminance of every pixel, scanline filter bytes dropped. */
const luminances = (png: Buffer): number[] => {
  const { width, height, scanlines } = decode(png);
  const values: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (1 + width * 3) + 1 + x * 3;
      values.push(0.299 * (scanlines[at] ?? 0) + 0.587 * (scanlines[at + 1] ?? 0) + 0.114 * (scanlines[at + 2] ?? 0));
    }
  }
  return values;
};

describe('renderCaptchaPng', () => {
  it('writes a PNG: signature, IHDR first with the default 120 × 40 RGB size, IEND last', () => {
    const png = renderCaptchaPng('AB3K', { seed: 1 });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const { chunks, width, height, bitDepth, colourType } = decode(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect({ width, height, bitDepth, colourType }).toEqual({ width: 120, height: 40, bitDepth: 8, colourType: 2 });
  });

  it('honours a requested size, and its IDAT inflates to one filter byte plus three bytes a pixel per row', () => {
    for (const [w, h] of [
      [120, 40],
      [200, 60],
      [97, 31],
    ] as const) {
      const { width, height, scanlines } = decode(renderCaptchaPng('XY7Z', { width: w, height: h, seed: 5 }));
      expect([width, height]).toEqual([w, h]);
      expect(scanlines.length).toBe(w * h * 3 + h);
      for (let y = 0; y < h; y++) expect(scanlines[y * (1 + w * 3)], `filter byte of row ${y}`).toBe(0);
    }
  });

  it('gives every chunk a valid CRC over its type and data', () => {
    const png = renderCaptchaPng('QRST', { seed: 9 });
    for (const chunk of readChunks(png)) {
      const typed = Buffer.concat([Buffer.from(chunk.type, 'latin1'), chunk.data]);
      expect(chunk.crc, chunk.type).toBe(zlibCrc32(typed));
    }
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('draws the same image for the same text and seed, and a different one otherwise', () => {
    const image = renderCaptchaPng('HJ45', { seed: 42 });
    expect(renderCaptchaPng('HJ45', { seed: 42 }).equals(image)).toBe(true);
    expect(renderCaptchaPng('HJ46', { seed: 42 }).equals(image)).toBe(false);
    expect(renderCaptchaPng('HJ45', { seed: 43 }).equals(image)).toBe(false);
    expect(renderCaptchaPng('HJ45').equals(renderCaptchaPng('HJ45'))).toBe(false);
  });

  it('draws different texts differently under the same seed, pixel for pixel', () => {
    const a = decode(renderCaptchaPng('AAAA', { seed: 7 })).scanlines;
    const b = decode(renderCaptchaPng('WWWW', { seed: 7 })).scanlines;
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
    expect(differing).toBeGreaterThan(a.length * 0.05);
  });

  it('puts dark ink on a light background', () => {
    const values = luminances(renderCaptchaPng('MN8P', { seed: 3 })).sort((x, y) => x - y);
    const median = values[Math.floor(values.length / 2)] ?? 0;
    const dark = values.filter((value) => value < 110).length;
    expect(median).toBeGreaterThan(200);
    expect(dark).toBeGreaterThan(values.length * 0.08);
  });

  it('renders every character of the alphabet, lowercase input as uppercase', () => {
    for (const char of CAPTCHA_ALPHABET) expect(() => renderCaptchaPng(char.repeat(4), { seed: 1 })).not.toThrow();
    expect(renderCaptchaPng('abcd', { seed: 2 }).equals(renderCaptchaPng('ABCD', { seed: 2 }))).toBe(true);
  });

  it('refuses text it cannot draw and sizes that make no sense', () => {
    for (const text of ['', 'AB0C', 'O', 'I1L', 'AB C', 'ÄBCD', 'A'.repeat(13)]) {
      expect(() => renderCaptchaPng(text), JSON.stringify(text)).toThrow(RangeError);
    }
    for (const size of [{ width: 10 }, { height: 5 }, { width: 120.5 }, { width: 5000 }]) {
      expect(() => renderCaptchaPng('ABCD', size), JSON.stringify(size)).toThrow(RangeError);
    }
  });
});

describe('captcha alphabet', () => {
  it('leaves out the characters people confuse, and has a glyph for each of the rest', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
    expect(CAPTCHA_ALPHABET).toHaveLength(31);
    expect(Object.keys(captchaGlyphs).sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
  });

  it('draws random texts of the requested length from the alphabet', () => {
    expect(randomCaptchaText()).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/);
    const texts = Array.from({ length: 200 }, () => randomCaptchaText(6));
    for (const text of texts) expect(text).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(new Set(texts).size).toBeGreaterThan(190);
    expect(new Set(texts.join('')).size).toBeGreaterThan(25);
  });
});
