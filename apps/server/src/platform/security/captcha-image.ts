import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { captchaGlyphs, GLYPH_HEIGHT, GLYPH_WIDTH, type Point } from './captcha-font';

/** Characters a captcha uses: no 0/O, 1/I/L, which people confuse. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const randomCaptchaText = (length = 4): string => {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  return text;
};

export type CaptchaImageOptions = { width?: number; height?: number; seed?: number };

type Random = () => number;

/** mulberry32: small, fast and good enough to scatter noise; the seed makes a rendering reproducible. */
const createRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const between = (random: Random, min: number, max: number): number => min + (max - min) * random();

/** A coverage mask (0..1 per pixel) that strokes are drawn into. */
export type Canvas = { width: number; height: number; coverage: Float32Array };

/**
 * Strokes a polyline into a coverage mask with a round pen of `halfWidth`, anti-aliased over one pixel.
 * Coverage keeps the maximum, so crossing strokes do not darken twice.
 */
export const strokePolyline = (canvas: Canvas, points: readonly Point[], halfWidth: number): void => {
  const { width, height, coverage } = canvas;
  const reach = halfWidth + 1;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a === undefined || b === undefined) continue;
    const [ax, ay] = a;
    const dx = b[0] - ax;
    const dy = b[1] - ay;
    const lengthSquared = dx * dx + dy * dy;
    const x0 = Math.max(0, Math.floor(Math.min(ax, b[0]) - reach));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, b[0]) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(ay, b[1]) - reach));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, b[1]) + reach));
    for (let y = y0; y <= y1; y++) {
      const cy = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const cx = x + 0.5;
        let t = lengthSquared > 0 ? ((cx - ax) * dx + (cy - ay) * dy) / lengthSquared : 0;
        t = Math.min(1, Math.max(0, t));
        const ex = ax + t * dx - cx;
        const ey = ay + t * dy - cy;
        const value = Math.min(1, halfWidth + 0.5 - Math.sqrt(ex * ex + ey * ey));
        const index = y * width + x;
        if (value > (coverage[index] ?? 0)) coverage[index] = value;
      }
    }
  }
};

/** Splits every segment into pieces of at most `step` pixels, so a warp bends straight strokes smoothly. */
const subdivide = (points: readonly Point[], step: number): Point[] => {
  const result: Point[] = points.slice(0, 1);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a === undefined || b === undefined) continue;
    const pieces = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let j = 1; j <= pieces; j++) {
      result.push([a[0] + ((b[0] - a[0]) * j) / pieces, a[1] + ((b[1] - a[1]) * j) / pieces]);
    }
  }
  return result;
};

/** Draws the glyphs and answers the pen half-width it used. */
const drawText = (canvas: Canvas, text: string, random: Random): number => {
  const { width, height } = canvas;
  const margin = width * 0.06;
  const cell = (width - 2 * margin) / text.length;
  const scale = Math.min((height * 0.62) / GLYPH_HEIGHT, (cell * 0.85) / GLYPH_WIDTH);
  const halfWidth = Math.max(0.9, scale * 0.72);
  // One gentle wave through the whole line of text: it bends strokes, which template matching relies on.
  const waveAmplitude = between(random, 0.8, 1.8) * (height / 40);
  const waveLength = between(random, 0.45, 0.8) * width;
  const wavePhase = between(random, 0, 2 * Math.PI);
  for (const [i, char] of [...text].entries()) {
    const glyph = captchaGlyphs[char];
    if (glyph === undefined) continue;
    const angle = (between(random, -14, 14) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const sx = scale * between(random, 0.92, 1.12);
    const sy = scale * between(random, 0.9, 1.1);
    const skew = between(random, -0.18, 0.18);
    const centerX = margin + cell * (i + 0.5) + between(random, -0.12, 0.12) * cell;
    const centerY = height / 2 + between(random, -0.08, 0.08) * height;
    const strokes = glyph.map((stroke) =>
      subdivide(
        stroke.map(([gx, gy]): Point => {
          const lx = (gx - GLYPH_WIDTH / 2 + skew * (gy - GLYPH_HEIGHT / 2)) * sx;
          const ly = (gy - GLYPH_HEIGHT / 2) * sy;
          return [centerX + lx * cos - ly * sin, centerY + lx * sin + ly * cos];
        }),
        2,
      ).map(([x, y]): Point => [x, y + waveAmplitude * Math.sin((2 * Math.PI * x) / waveLength + wavePhase)]),
    );
    // Jitter, rotation and wave together can push a glyph past the edge; slide it back inside.
    const ys = strokes.flat().map(([, y]) => y);
    const pad = halfWidth + 1;
    const shift = Math.max(0, pad - Math.min(...ys)) - Math.max(0, Math.max(...ys) - (height - pad));
    for (const stroke of strokes)
      strokePolyline(canvas, shift === 0 ? stroke : stroke.map(([x, y]) => [x, y + shift]), halfWidth);
  }
  return halfWidth;
};

/** Cubic curves from edge to edge through the text band, in the glyph ink: one heavy, the rest thin. */
const drawInterference = (canvas: Canvas, random: Random, penHalfWidth: number): void => {
  const { width, height } = canvas;
  const count = 2 + Math.floor(random() * 2);
  for (let n = 0; n < count; n++) {
    const isHeavy = n === 0;
    // The heavy curve runs corner to corner: lying along a row it could close a letter (P into F, C into G).
    const rises = random() < 0.5;
    const [startY, endY] = isHeavy
      ? [between(random, 0.1, 0.3), between(random, 0.7, 0.9)]
      : [between(random, 0.15, 0.85), between(random, 0.15, 0.85)];
    const p0: Point = [-4, (rises && isHeavy ? 1 - startY : startY) * height];
    const p3: Point = [width + 4, (rises && isHeavy ? 1 - endY : endY) * height];
    const bend = isHeavy ? 0.15 : 0.6;
    const p1: Point = [
      between(random, 0.2, 0.45) * width,
      p0[1] + (p3[1] - p0[1]) / 3 + between(random, -bend, bend) * height,
    ];
    const p2: Point = [
      between(random, 0.55, 0.8) * width,
      p0[1] + (2 * (p3[1] - p0[1])) / 3 + between(random, -bend, bend) * height,
    ];
    const points: Point[] = [];
    const steps = Math.ceil(width / 3);
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const u = 1 - t;
      const [b0, b1, b2, b3] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      points.push([
        b0 * p0[0] + b1 * p1[0] + b2 * p2[0] + b3 * p3[0],
        b0 * p0[1] + b1 * p1[1] + b2 * p2[1] + b3 * p3[1],
      ]);
    }
    // The first curve is nearly as heavy as the glyphs, so thinning the image cannot strip it off.
    strokePolyline(canvas, points, isHeavy ? penHalfWidth * 0.7 : between(random, 0.45, 0.75) * (height / 40));
  }
};

type Rgb = readonly [number, number, number];
const INKS: readonly Rgb[] = [
  [28, 38, 92],
  [86, 24, 34],
  [22, 72, 46],
  [64, 30, 88],
  [34, 34, 40],
  [20, 70, 96],
];

const paint = (width: number, height: number, text: Canvas, lines: Canvas, random: Random): Uint8Array => {
  const ink = INKS[Math.floor(random() * INKS.length)] ?? [0, 0, 0];
  const left: Rgb = [between(random, 232, 252), between(random, 232, 252), between(random, 232, 252)];
  const right: Rgb = [between(random, 232, 252), between(random, 232, 252), between(random, 232, 252)];
  // Speckles: a few percent of the pixels dabbed with the ink at partial strength.
  const speckle = new Float32Array(width * height);
  for (let n = Math.round(width * height * 0.05); n > 0; n--) {
    speckle[Math.floor(random() * speckle.length)] = between(random, 0.2, 0.6);
  }
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height); // every row starts with filter type 0 (none)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      const mix = x / width;
      const grain = (random() - 0.5) * 14;
      const ofLines = (lines.coverage[index] ?? 0) * 0.8;
      const ofText = text.coverage[index] ?? 0;
      const amount = Math.max(ofText, ofLines, speckle[index] ?? 0);
      for (let c = 0; c < 3; c++) {
        const background = (left[c] ?? 0) * (1 - mix) + (right[c] ?? 0) * mix + grain;
        const value = background + ((ink[c] ?? 0) - background) * amount;
        raw[y * stride + 1 + x * 3 + c] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
    }
  }
  return raw;
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export const crc32 = (bytes: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array): Buffer => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGB PNG from scanlines that already carry their filter byte. */
const encodePng = (width: number, height: number, scanlines: Uint8Array): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', new Uint8Array(0)),
  ]);
};

/**
 * Draws the captcha text as a PNG: distorted vector glyphs, interference curves and speckles in one ink on a
 * light background. The same `seed` and text give the same image; without a seed every call differs.
 */
export const renderCaptchaPng = (text: string, options: CaptchaImageOptions = {}): Buffer => {
  const { width = 120, height = 40, seed = randomInt(2 ** 32) } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 12) {
    throw new RangeError('captcha size must be whole pixels, at least 16 × 12');
  }
  if (width > 2000 || height > 1000) throw new RangeError('captcha size too large');
  const chars = text.toUpperCase();
  if (chars.length === 0 || chars.length > 12 || [...chars].some((char) => !CAPTCHA_ALPHABET.includes(char))) {
    throw new RangeError('captcha text must be 1 to 12 characters of CAPTCHA_ALPHABET');
  }
  const random = createRandom(seed);
  const canvas = (): Canvas => ({ width, height, coverage: new Float32Array(width * height) });
  const textLayer = canvas();
  const lineLayer = canvas();
  const penHalfWidth = drawText(textLayer, chars, random);
  drawInterference(lineLayer, random, penHalfWidth);
  return encodePng(width, height, paint(width, height, textLayer, lineLayer, random));
};
