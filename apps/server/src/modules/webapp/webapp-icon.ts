import { encodePng } from '../../platform/images/image-recode';
import { captchaGlyphs, GLYPH_HEIGHT, GLYPH_WIDTH, type Glyph, type Point } from '../../platform/security/captcha-font';
import { type Canvas, strokePolyline } from '../../platform/security/captcha-image';

export type Rgb = readonly [number, number, number];

/** The sizes a manifest offers: 192 and 512 for install, 512 maskable for adaptive launchers, 180 for iOS. */
export const appIconKinds = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'icon-maskable-512': { size: 512, maskable: true },
  'apple-touch-icon': { size: 180, maskable: true },
} as const;
export type AppIconKind = keyof typeof appIconKinds;

export const isAppIconKind = (name: string): name is AppIconKind => Object.hasOwn(appIconKinds, name);

const ellipse = (cx: number, cy: number, rx: number, ry: number): Point[] =>
  Array.from({ length: 33 }, (_, i): Point => {
    const angle = (i / 32) * 2 * Math.PI;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)];
  });

/** The captcha font leaves out the letters a person could confuse; a monogram needs them. */
const extraGlyphs: Readonly<Record<string, Glyph>> = {
  I: [
    [
      [5, 0],
      [5, 14],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 14],
      [9, 14],
    ],
  ],
  O: [ellipse(5, 7, 5, 7)],
  '0': [ellipse(5, 7, 4.5, 7)],
  '1': [
    [
      [2, 3],
      [6, 0],
      [6, 14],
    ],
  ],
};

const glyphOf = (char: string): Glyph | undefined => captchaGlyphs[char] ?? extraGlyphs[char];

/**
 * The monogram of a site name: the first letter of its first two words that the font can draw (Latin letters
 * and digits, after removing accents), upper case. Empty when none can be drawn (a name in another script);
 * the icon then shows the mosaic mark instead.
 */
export const monogramOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[\s\-_.·]+/u)
    .map((word) => [...word.toUpperCase()].find((char) => glyphOf(char) !== undefined) ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('');

const SPACING = 3;

/** Strokes the monogram centred on the canvas, its glyph box `textHeight` pixels tall. */
const drawMonogram = (canvas: Canvas, text: string, textHeight: number, maxWidth: number): void => {
  const units = text.length * GLYPH_WIDTH + (text.length - 1) * SPACING;
  const scale = Math.min(textHeight / GLYPH_HEIGHT, maxWidth / units);
  const left = (canvas.width - units * scale) / 2;
  const top = (canvas.height - GLYPH_HEIGHT * scale) / 2;
  const halfWidth = Math.max(1, scale * 1.3);
  [...text].forEach((char, index) => {
    const glyph = glyphOf(char);
    if (!glyph) return;
    const x0 = left + index * (GLYPH_WIDTH + SPACING) * scale;
    for (const stroke of glyph) {
      strokePolyline(
        canvas,
        stroke.map(([x, y]): Point => [x0 + x * scale, top + y * scale]),
        halfWidth,
      );
    }
  });
};

/** Four tiles of a mosaic (a tessera), for a name the font cannot spell. */
const drawMosaic = (canvas: Canvas, extent: number): void => {
  const { width, height, coverage } = canvas;
  const tile = extent * 0.44;
  const gap = extent * 0.12;
  const start = (width - extent) / 2;
  const radius = tile * 0.18;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const localX = x + 0.5 - start;
      const localY = y + 0.5 - (height - extent) / 2;
      if (localX < 0 || localY < 0 || localX > extent || localY > extent) continue;
      const inX = localX % (tile + gap);
      const inY = localY % (tile + gap);
      if (inX > tile || inY > tile) continue;
      const dx = Math.max(radius - inX, inX - (tile - radius), 0);
      const dy = Math.max(radius - inY, inY - (tile - radius), 0);
      const value = Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(dx, dy)));
      coverage[y * width + x] = value;
    }
  }
};

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** How much of a pixel lies inside a square of side `size` with corners rounded by `radius` (anti-aliased). */
const roundedSquareCoverage = (x: number, y: number, size: number, radius: number): number => {
  const dx = Math.max(radius - x, x - (size - radius), 0);
  const dy = Math.max(radius - y, y - (size - radius), 0);
  return Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(dx, dy)));
};

export interface AppIconInput {
  size: number;
  /** Full bleed with the mark inside the central safe circle (adaptive launchers crop to any shape). */
  maskable: boolean;
  background: Rgb;
  foreground: Rgb;
  monogram: string;
}

/**
 * Paints a merchant's app icon as a PNG: the brand colour with a soft diagonal light, and the site's monogram
 * (or a mosaic mark) in the colour that reads on it. A plain icon is a rounded square on transparency; a
 * maskable one fills the square and keeps its mark within the middle 60 %.
 */
export const renderAppIcon = (input: AppIconInput): Buffer => {
  const { size, maskable, background, foreground, monogram } = input;
  const mark: Canvas = { width: size, height: size, coverage: new Float32Array(size * size) };
  const markExtent = size * (maskable ? 0.46 : 0.58);
  if (monogram) drawMonogram(mark, monogram, markExtent * (monogram.length > 1 ? 0.72 : 0.9), markExtent);
  else drawMosaic(mark, markExtent * 0.9);
  const rgba = new Uint8Array(size * size * 4);
  const radius = size * 0.22;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Light from the top-left corner: up to 14 % white, fading to 10 % shade at the bottom right.
      const t = (x + y) / (2 * size);
      const light = t < 0.5 ? (0.5 - t) * 0.28 : 0;
      const shade = t > 0.5 ? (t - 0.5) * 0.2 : 0;
      const base = background.map((c) => mix(mix(c, 255, light), 0, shade));
      const ink = mark.coverage[y * size + x] ?? 0;
      const offset = (y * size + x) * 4;
      rgba[offset] = mix(base[0] ?? 0, foreground[0], ink);
      rgba[offset + 1] = mix(base[1] ?? 0, foreground[1], ink);
      rgba[offset + 2] = mix(base[2] ?? 0, foreground[2], ink);
      rgba[offset + 3] = maskable ? 255 : Math.round(255 * roundedSquareCoverage(x + 0.5, y + 0.5, size, radius));
    }
  }
  return encodePng(size, size, rgba);
};
