/**
 * A single-stroke vector font for the captcha: each glyph is a few polylines in a 10 × 14 box (y grows
 * downwards). Strokes, not outlines, so the renderer can choose the pen width and distort the skeleton freely.
 * Only the characters a person cannot confuse: no 0/O, 1/I/L.
 */

export type Point = readonly [x: number, y: number];
export type Glyph = readonly (readonly Point[])[];

export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 14;

/** Points along an elliptical arc; angles in degrees, 0 pointing right and 90 pointing down. */
const arc = (cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] => {
  const steps = Math.max(2, Math.ceil(Math.abs(to - from) / 15));
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  return points;
};

const pBowl = (): Point[] => [[0, 14], [0, 0], [5.5, 0], ...arc(5.5, 3.75, 4.5, 3.75, -90, 90), [0, 7.5]];

export const captchaGlyphs: Readonly<Record<string, Glyph>> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [1.8, 9],
      [8.2, 9],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 14],
    ],
    [[0, 0], [5.5, 0], ...arc(5.5, 3.5, 3.8, 3.5, -90, 90), [0, 7]],
    [[0, 7], [6, 7], ...arc(6, 10.5, 4, 3.5, -90, 90), [0, 14]],
  ],
  C: [arc(5.5, 7, 5.5, 7, -45, -315)],
  D: [
    [
      [0, 0],
      [0, 14],
    ],
    [[0, 0], [3.5, 0], ...arc(3.5, 7, 6.5, 7, -90, 90), [0, 14]],
  ],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  G: [[...arc(5, 7, 5, 7, -40, -360), [5.5, 7]]],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  J: [
    [
      [3, 0],
      [9, 0],
    ],
    [[7, 0], [7, 9.5], ...arc(3.5, 9.5, 3.5, 4.5, 0, 170)],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 9],
    ],
    [
      [3.5, 6],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 10],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [pBowl()],
  Q: [
    arc(5, 7, 5, 7, 0, 360),
    [
      [6, 10],
      [10.5, 15],
    ],
  ],
  R: [
    pBowl(),
    [
      [4.5, 7.5],
      [10, 14],
    ],
  ],
  S: [[...arc(5, 3.6, 4.6, 3.6, -20, -270), ...arc(5, 10.4, 5, 3.6, -90, 160)]],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [[[0, 0], [0, 9], ...arc(5, 9, 5, 5, 180, 0), [10, 0]]],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2.5, 14],
      [5, 4],
      [7.5, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  Z: [
    [
      [0, 0],
      [10, 0],
      [0, 14],
      [10, 14],
    ],
  ],
  '2': [[...arc(5, 4, 4.8, 4, -165, 20), [0, 14], [10, 14]]],
  '3': [[...arc(5, 3.5, 4.5, 3.5, -160, 90), ...arc(5, 10.5, 5, 3.5, -90, 160)]],
  '4': [
    [
      [7.5, 14],
      [7.5, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '5': [[[9.5, 0], [1.2, 0], [0.5, 6.3], ...arc(4.8, 9.6, 5, 4.4, -140, 150)]],
  '6': [[...arc(5.5, 7, 4.8, 7, -55, -180), [0.7, 10]], arc(5.2, 10, 4.6, 4, 0, 360)],
  '7': [
    [
      [0, 0],
      [10, 0],
      [3.5, 14],
    ],
  ],
  '8': [arc(5, 3.5, 4, 3.5, 0, 360), arc(5, 10.5, 5, 3.5, 0, 360)],
  '9': [arc(4.8, 4, 4.6, 4, 0, 360), [[9.4, 4], ...arc(4.5, 7, 4.9, 7, 0, 125)]],
};
