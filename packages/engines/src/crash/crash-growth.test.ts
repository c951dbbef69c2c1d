import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRASH_GROWTH_PER_MS, crashCashOutAt, crashElapsedAt, crashMultiplierAt } from './crash-growth';
import { CRASH_CAP } from './crash-point';

describe('the crash growth curve', () => {
  it('starts at 1.00×, doubles after ln 2 / rate and stops at the cap', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(-5)).toBe(100);
    expect(crashMultiplierAt(Math.log(2) / CRASH_GROWTH_PER_MS + 1)).toBe(200);
    expect(crashMultiplierAt(10 * 60_000)).toBe(CRASH_CAP);
    expect(Math.round(crashElapsedAt(200))).toBe(11_552);
    expect(crashElapsedAt(100)).toBe(0);
    expect(() => crashElapsedAt(99)).toThrow(RangeError);
    expect(() => crashMultiplierAt(10, 0)).toThrow(RangeError);
  });

  it('never falls and reaches each multiplier exactly at its moment (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_CAP }), (target) => {
        const at = crashElapsedAt(target);
        expect(crashMultiplierAt(at + 1e-6 * at + 0.001)).toBeGreaterThanOrEqual(target);
        expect(crashMultiplierAt(at - 1e-6 * at - 0.001)).toBeLessThan(target);
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 300_000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (t, dt) => {
          expect(crashMultiplierAt(t + dt)).toBeGreaterThanOrEqual(crashMultiplierAt(t));
        },
      ),
    );
  });

  it('pays a manual cash-out below the crash point, nothing from the crash on, and a passed target exactly', () => {
    const crashAt = crashElapsedAt(250);
    expect(crashCashOutAt(crashElapsedAt(150) + 1, 250, null)).toBe(150);
    expect(crashCashOutAt(crashAt, 250, null)).toBeNull();
    expect(crashCashOutAt(crashAt + 10, 250, 200)).toBe(200);
    expect(crashCashOutAt(crashElapsedAt(120), 250, 200)).toBe(120);
    expect(crashCashOutAt(crashAt + 10, 250, 260)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (point, f) => {
        const paid = crashCashOutAt(f * crashElapsedAt(point), point, null);
        expect(paid === null || (paid >= 100 && paid <= point)).toBe(true);
      }),
    );
  });
});
