import { describe, expect, it } from 'vitest';
import { clampOffset } from './drag-offset';

const bounds = {
  panel: { left: 500, top: 300, width: 440, height: 200 },
  viewport: { width: 1440, height: 900 },
  keepVisible: 48,
};

describe('dragging a dialog', () => {
  it('follows the pointer inside the viewport', () => {
    expect(clampOffset({ x: 10, y: 20 }, 100, -50, bounds)).toEqual({ x: 110, y: -30 });
  });

  it('never lets the header leave the top or drift out of reach at the sides and bottom', () => {
    expect(clampOffset({ x: 0, y: 0 }, 0, -1000, bounds).y).toBe(-300);
    expect(clampOffset({ x: 0, y: 0 }, 0, 5000, bounds).y).toBe(900 - 48 - 300);
    expect(clampOffset({ x: 0, y: 0 }, -5000, 0, bounds).x).toBe(48 - 940);
    expect(clampOffset({ x: 0, y: 0 }, 5000, 0, bounds).x).toBe(1440 - 48 - 500);
  });
});
