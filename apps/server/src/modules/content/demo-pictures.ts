import { encodeJpeg } from '../../platform/images/image-recode';

type Rgb = readonly [number, number, number];

export interface PictureSpec {
  width: number;
  height: number;
  /** Gradient from the top-left colour to the bottom-right one. */
  from: Rgb;
  to: Rgb;
  /** Soft discs: centre and radius as fractions of the height, colour and strength. */
  discs: readonly { x: number; y: number; r: number; color: Rgb; alpha: number }[];
  /** Diagonal light stripes, for texture. */
  stripes: boolean;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/**
 * Paints the demo merchant's pictures (banners, the license badge) pixel by pixel: a diagonal gradient with
 * soft glowing discs and optional stripes, as JPEG (opaque pictures: a 1200 x 400 banner is about a tenth of its
 * PNG's size). Nothing is copied from anywhere; the seed stores them through the same re-encoder uploads use.
 */
export const paintPicture = (spec: PictureSpec): Buffer => {
  const { width, height } = spec;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x / width) * 0.6 + (y / height) * 0.4;
      let r = mix(spec.from[0], spec.to[0], t);
      let g = mix(spec.from[1], spec.to[1], t);
      let b = mix(spec.from[2], spec.to[2], t);
      for (const disc of spec.discs) {
        const dx = x - disc.x * width;
        const dy = y - disc.y * height;
        const distance = Math.sqrt(dx * dx + dy * dy) / (disc.r * height);
        if (distance < 1) {
          const strength = disc.alpha * (1 - distance * distance);
          r = mix(r, disc.color[0], strength);
          g = mix(g, disc.color[1], strength);
          b = mix(b, disc.color[2], strength);
        }
      }
      if (spec.stripes && Math.floor((x + y) / 28) % 2 === 0) {
        r = mix(r, 255, 0.04);
        g = mix(g, 255, 0.04);
        b = mix(b, 255, 0.04);
      }
      const offset = (y * width + x) * 4;
      rgba[offset] = Math.round(r);
      rgba[offset + 1] = Math.round(g);
      rgba[offset + 2] = Math.round(b);
      rgba[offset + 3] = 255;
    }
  }
  return encodeJpeg(width, height, rgba);
};

const gold: Rgb = [255, 200, 87];
const teal: Rgb = [45, 212, 191];
const rose: Rgb = [251, 113, 133];
const white: Rgb = [255, 255, 255];

/** The demo's pictures by name. */
export const demoPictures = {
  welcome: {
    width: 1200,
    height: 400,
    from: [30, 27, 75],
    to: [91, 33, 182],
    discs: [
      { x: 0.78, y: 0.45, r: 0.75, color: gold, alpha: 0.55 },
      { x: 0.92, y: 0.15, r: 0.3, color: white, alpha: 0.25 },
      { x: 0.12, y: 0.9, r: 0.5, color: rose, alpha: 0.25 },
    ],
    stripes: true,
  },
  cashback: {
    width: 1200,
    height: 400,
    from: [6, 78, 59],
    to: [12, 74, 110],
    discs: [
      { x: 0.8, y: 0.5, r: 0.7, color: teal, alpha: 0.6 },
      { x: 0.65, y: 0.2, r: 0.25, color: white, alpha: 0.2 },
    ],
    stripes: false,
  },
  fairPlay: {
    width: 1200,
    height: 400,
    from: [69, 10, 10],
    to: [124, 45, 18],
    discs: [
      { x: 0.75, y: 0.55, r: 0.65, color: rose, alpha: 0.45 },
      { x: 0.9, y: 0.25, r: 0.35, color: gold, alpha: 0.4 },
    ],
    stripes: true,
  },
  sideMenu: {
    width: 480,
    height: 200,
    from: [17, 24, 39],
    to: [67, 56, 202],
    discs: [{ x: 0.8, y: 0.5, r: 0.8, color: gold, alpha: 0.5 }],
    stripes: false,
  },
  loginBanner: {
    width: 800,
    height: 240,
    from: [17, 24, 39],
    to: [76, 29, 149],
    discs: [
      { x: 0.82, y: 0.5, r: 0.9, color: gold, alpha: 0.5 },
      { x: 0.95, y: 0.1, r: 0.35, color: white, alpha: 0.2 },
    ],
    stripes: true,
  },
  registerBanner: {
    width: 800,
    height: 240,
    from: [6, 78, 59],
    to: [30, 27, 75],
    discs: [
      { x: 0.8, y: 0.55, r: 0.85, color: teal, alpha: 0.55 },
      { x: 0.62, y: 0.15, r: 0.3, color: gold, alpha: 0.35 },
    ],
    stripes: false,
  },
  forgetBanner: {
    width: 800,
    height: 240,
    from: [15, 23, 42],
    to: [12, 74, 110],
    discs: [
      { x: 0.85, y: 0.5, r: 0.7, color: teal, alpha: 0.45 },
      { x: 0.85, y: 0.5, r: 0.3, color: white, alpha: 0.3 },
    ],
    stripes: true,
  },
  license: {
    width: 480,
    height: 160,
    from: [15, 23, 42],
    to: [30, 41, 59],
    discs: [
      { x: 0.15, y: 0.5, r: 0.42, color: teal, alpha: 0.7 },
      { x: 0.15, y: 0.5, r: 0.22, color: white, alpha: 0.5 },
    ],
    stripes: true,
  },
} satisfies Record<string, PictureSpec>;
export type DemoPicture = keyof typeof demoPictures;
