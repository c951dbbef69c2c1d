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
  /** Objects drawn over the background, in order (later ones on top): the picture's composition. */
  props?: readonly Prop[];
}

/**
 * An object of a composed picture: centre (fractions of width and height), size (fraction of the height: a
 * radius for round things, half the side for cards and dice) and a turn in degrees.
 */
export type Prop =
  | { kind: 'coin'; x: number; y: number; size: number }
  | { kind: 'chip'; x: number; y: number; size: number; color: Rgb }
  | { kind: 'card'; x: number; y: number; size: number; turn: number; suit: 'heart' | 'spade' | 'diamond' }
  | { kind: 'die'; x: number; y: number; size: number; turn: number; pips: 1 | 2 | 3 | 4 | 5 | 6; color: Rgb }
  | { kind: 'sparkle'; x: number; y: number; size: number }
  | { kind: 'shield'; x: number; y: number; size: number; color: Rgb };

type Paint = { color: Rgb; alpha: number } | null;

/** How much of a pixel lies inside an edge at signed distance `d` (negative inside): one pixel of soft edge. */
const cover = (d: number) => Math.max(0, Math.min(1, 0.5 - d));

const GOLD_DARK: Rgb = [161, 98, 7];
const GOLD_LIGHT: Rgb = [254, 240, 138];
const INK: Rgb = [17, 24, 39];
const RED: Rgb = [220, 38, 38];
const PAPER: Rgb = [250, 250, 249];

const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t)];

/** The rounded box's signed distance at (u, v) from its centre: half sides a, b and corner radius r. */
const roundedBox = (u: number, v: number, a: number, b: number, r: number) => {
  const qx = Math.abs(u) - a + r;
  const qy = Math.abs(v) - b + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};

/** The colour a prop gives the pixel (px, py), or null outside it. `h` is the picture's height in pixels. */
const paintProp = (prop: Prop, px: number, py: number, width: number, h: number): Paint => {
  const cx = prop.x * width;
  const cy = prop.y * h;
  const size = prop.size * h;
  const dx = px - cx;
  const dy = py - cy;
  if (Math.abs(dx) > size * 1.7 || Math.abs(dy) > size * 1.7) return null;
  switch (prop.kind) {
    case 'coin':
    case 'chip': {
      const distance = Math.hypot(dx, dy);
      const alpha = cover(distance - size);
      if (alpha === 0) return null;
      const light = Math.max(0, Math.min(1, 0.55 - (dx + dy) / (size * 2.6)));
      if (prop.kind === 'coin') {
        const base = mixRgb(GOLD_DARK, GOLD_LIGHT, light);
        const ring = Math.abs(distance - size * 0.74) < size * 0.06;
        return { color: ring ? mixRgb(base, GOLD_DARK, 0.6) : base, alpha };
      }
      const angle = Math.atan2(dy, dx);
      const isStripe = distance > size * 0.78 && Math.floor(((angle + Math.PI) / (2 * Math.PI)) * 12) % 2 === 0;
      const isInner = distance < size * 0.55;
      const shade = mixRgb(prop.color, [255, 255, 255], light * 0.35);
      return {
        color: isStripe ? PAPER : isInner ? mixRgb(shade, [255, 255, 255], 0.18) : shade,
        alpha,
      };
    }
    case 'card':
    case 'die':
    case 'shield': {
      const turn = (('turn' in prop ? prop.turn : 0) * Math.PI) / 180;
      const u = dx * Math.cos(turn) + dy * Math.sin(turn);
      const v = -dx * Math.sin(turn) + dy * Math.cos(turn);
      if (prop.kind === 'shield') {
        // A shield: a rounded top half and a pointed bottom.
        const inTop = v < 0 ? roundedBox(u, v + size * 0.2, size * 0.8, size * 0.8, size * 0.2) : -1;
        const inBottom = v >= 0 ? Math.abs(u) / (size * 0.8) + v / (size * 1.1) - 1 : -1;
        const d = v < 0 ? inTop : inBottom * size * 0.6;
        const alpha = cover(d);
        if (alpha === 0) return null;
        // A check mark: verified.
        const segment = (ax: number, ay: number, bx: number, by: number) => {
          const [x1, y1, x2, y2] = [ax * size, ay * size, bx * size, by * size];
          const t = Math.max(
            0,
            Math.min(1, ((u - x1) * (x2 - x1) + (v - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)),
          );
          return Math.hypot(u - (x1 + t * (x2 - x1)), v - (y1 + t * (y2 - y1)));
        };
        const isCross = Math.min(segment(-0.38, -0.05, -0.1, 0.25), segment(-0.1, 0.25, 0.42, -0.35)) < size * 0.11;
        return { color: isCross ? PAPER : mixRgb(prop.color, [255, 255, 255], Math.max(0, -u / size) * 0.3), alpha };
      }
      const half = prop.kind === 'card' ? [size * 0.72, size] : [size, size];
      const d = roundedBox(u, v, half[0] as number, half[1] as number, size * 0.16);
      const alpha = cover(d);
      if (alpha === 0) return null;
      if (d > -size * 0.04)
        return { color: prop.kind === 'card' ? [203, 213, 225] : mixRgb(prop.color, INK, 0.4), alpha };
      if (prop.kind === 'card') {
        const red = prop.suit !== 'spade';
        const s = size * 0.42;
        const inSuit =
          prop.suit === 'diamond'
            ? Math.abs(u) / (s * 0.75) + Math.abs(v) / s < 1
            : prop.suit === 'heart'
              ? Math.hypot(Math.abs(u) - s * 0.42, v + s * 0.3) < s * 0.46 ||
                (v >= -s * 0.3 && Math.abs(u) < s * 0.9 * (1 - (v + s * 0.3) / (s * 1.25)))
              : Math.hypot(Math.abs(u) - s * 0.42, v - s * 0.1) < s * 0.46 ||
                (v <= s * 0.1 && Math.abs(u) < s * 0.9 * (1 - (s * 0.1 - v) / (s * 1.1))) ||
                (Math.abs(u) < s * 0.12 && v > 0 && v < s * 0.9);
        return { color: inSuit ? (red ? RED : INK) : PAPER, alpha };
      }
      const spots: Record<number, readonly (readonly [number, number])[]> = {
        1: [[0, 0]],
        2: [
          [-1, -1],
          [1, 1],
        ],
        3: [
          [-1, -1],
          [0, 0],
          [1, 1],
        ],
        4: [
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ],
        5: [
          [-1, -1],
          [1, -1],
          [0, 0],
          [-1, 1],
          [1, 1],
        ],
        6: [
          [-1, -1],
          [1, -1],
          [-1, 0],
          [1, 0],
          [-1, 1],
          [1, 1],
        ],
      };
      const isPip = (spots[prop.pips] ?? []).some(
        ([a, b]) => Math.hypot(u - a * size * 0.5, v - b * size * 0.5) < size * 0.17,
      );
      const face = mixRgb(prop.color, [255, 255, 255], Math.max(0, (-u - v) / (size * 4)));
      const pipColour: Rgb = prop.color[0] > 200 && prop.color[1] > 200 ? INK : PAPER;
      return { color: isPip ? pipColour : face, alpha };
    }
    case 'sparkle': {
      // A four-pointed star: |u|^½ + |v|^½ < size^½.
      const value = Math.sqrt(Math.abs(dx)) + Math.sqrt(Math.abs(dy)) - Math.sqrt(size);
      if (value > 0.3) return null;
      return { color: [255, 255, 255], alpha: Math.min(1, -value * 1.5 + 0.45) * 0.9 };
    }
  }
};

/** A soft shadow under each prop (below and to the right), so the objects sit on the picture. */
const shadowOf = (props: readonly Prop[], px: number, py: number, width: number, h: number): number => {
  let shade = 0;
  for (const prop of props) {
    if (prop.kind === 'sparkle') continue;
    const distance = Math.hypot(px - (prop.x * width + prop.size * h * 0.12), py - (prop.y * h + prop.size * h * 0.2));
    const reach = prop.size * h * 1.25;
    if (distance < reach) shade = Math.max(shade, 0.35 * (1 - distance / reach));
  }
  return shade;
};

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
      if (spec.props) {
        const shade = shadowOf(spec.props, x, y, width, height);
        r = mix(r, 0, shade);
        g = mix(g, 0, shade);
        b = mix(b, 0, shade);
        for (const prop of spec.props) {
          const paint = paintProp(prop, x, y, width, height);
          if (paint) {
            r = mix(r, paint.color[0], paint.alpha);
            g = mix(g, paint.color[1], paint.alpha);
            b = mix(b, paint.color[2], paint.alpha);
          }
        }
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
    props: [
      { kind: 'sparkle', x: 0.6, y: 0.22, size: 0.06 },
      { kind: 'card', x: 0.7, y: 0.48, size: 0.3, turn: -16, suit: 'spade' },
      { kind: 'card', x: 0.79, y: 0.45, size: 0.3, turn: 10, suit: 'heart' },
      { kind: 'chip', x: 0.88, y: 0.66, size: 0.16, color: [220, 38, 38] },
      { kind: 'coin', x: 0.62, y: 0.74, size: 0.12 },
      { kind: 'coin', x: 0.93, y: 0.3, size: 0.09 },
      { kind: 'sparkle', x: 0.95, y: 0.72, size: 0.05 },
    ],
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
    props: [
      { kind: 'coin', x: 0.66, y: 0.62, size: 0.2 },
      { kind: 'coin', x: 0.76, y: 0.4, size: 0.24 },
      { kind: 'coin', x: 0.87, y: 0.64, size: 0.18 },
      { kind: 'chip', x: 0.58, y: 0.32, size: 0.11, color: [37, 99, 235] },
      { kind: 'chip', x: 0.94, y: 0.3, size: 0.1, color: [22, 163, 74] },
      { kind: 'sparkle', x: 0.7, y: 0.15, size: 0.06 },
      { kind: 'sparkle', x: 0.84, y: 0.85, size: 0.05 },
    ],
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
    props: [
      { kind: 'shield', x: 0.78, y: 0.48, size: 0.3, color: [37, 99, 235] },
      { kind: 'die', x: 0.62, y: 0.64, size: 0.14, turn: -14, pips: 5, color: [250, 250, 249] },
      { kind: 'die', x: 0.92, y: 0.66, size: 0.12, turn: 18, pips: 3, color: [220, 38, 38] },
      { kind: 'sparkle', x: 0.66, y: 0.22, size: 0.06 },
    ],
  },
  sideMenu: {
    width: 480,
    height: 200,
    from: [17, 24, 39],
    to: [67, 56, 202],
    discs: [{ x: 0.8, y: 0.5, r: 0.8, color: gold, alpha: 0.5 }],
    stripes: false,
    props: [
      { kind: 'die', x: 0.76, y: 0.5, size: 0.2, turn: -12, pips: 6, color: [250, 250, 249] },
      { kind: 'die', x: 0.9, y: 0.4, size: 0.16, turn: 16, pips: 2, color: [220, 38, 38] },
    ],
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
    props: [
      { kind: 'coin', x: 0.74, y: 0.6, size: 0.2 },
      { kind: 'card', x: 0.86, y: 0.48, size: 0.3, turn: 12, suit: 'diamond' },
      { kind: 'sparkle', x: 0.64, y: 0.24, size: 0.07 },
    ],
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
    props: [
      { kind: 'chip', x: 0.72, y: 0.55, size: 0.2, color: [220, 38, 38] },
      { kind: 'chip', x: 0.84, y: 0.4, size: 0.2, color: [37, 99, 235] },
      { kind: 'coin', x: 0.93, y: 0.7, size: 0.14 },
      { kind: 'sparkle', x: 0.62, y: 0.24, size: 0.07 },
    ],
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
    props: [{ kind: 'shield', x: 0.84, y: 0.5, size: 0.34, color: [13, 148, 136] }],
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
