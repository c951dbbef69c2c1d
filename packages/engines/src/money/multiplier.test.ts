import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareMultipliers,
  computePayout,
  createMultiplier,
  multiplierFromHundredths,
  multiplierToNumber,
  ZERO_MULTIPLIER,
} from './multiplier';

describe('multipliers and payouts', () => {
  it('keep multipliers in lowest terms', () => {
    expect(multiplierFromHundredths(150)).toEqual({ numerator: 3, denominator: 2 });
    expect(createMultiplier(9900, 33)).toEqual({ numerator: 300, denominator: 1 });
    expect(createMultiplier(0, 7)).toBe(ZERO_MULTIPLIER);
  });

  it('pay floor(stake × multiplier) in minor units, the remainder staying with the house', () => {
    expect(computePayout(1000n, multiplierFromHundredths(396))).toBe(3960n);
    expect(computePayout(7n, createMultiplier(9900, 4950 * 7))).toBe(2n); // 7 × 2/7 = 2 exactly
    expect(computePayout(1n, createMultiplier(9900, 5001))).toBe(1n); // 1.9796… floors to 1
    expect(computePayout(123_456_789_012_345_678n, multiplierFromHundredths(101))).toBe(124_691_356_902_469_134n);
  });

  it('equal the exact rational floor for any stake and multiplier, without floating point', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (stake, numerator, denominator) => {
          const payout = computePayout(stake, createMultiplier(numerator, denominator));
          const exact = stake * BigInt(numerator);
          // payout × d ≤ stake × n < (payout + 1) × d
          expect(payout * BigInt(denominator) <= exact).toBe(true);
          expect((payout + 1n) * BigInt(denominator) > exact).toBe(true);
        },
      ),
    );
  });

  it('refuse a negative stake and malformed fractions', () => {
    expect(() => computePayout(-1n, multiplierFromHundredths(200))).toThrow(RangeError);
    expect(() => createMultiplier(1, 0)).toThrow(RangeError);
    expect(() => createMultiplier(1.5, 2)).toThrow(RangeError);
    expect(() => createMultiplier(-1, 2)).toThrow(RangeError);
  });

  it('compare exactly and convert for display', () => {
    expect(compareMultipliers(createMultiplier(1, 3), createMultiplier(33, 100))).toBe(1);
    expect(compareMultipliers(createMultiplier(2, 4), createMultiplier(1, 2))).toBe(0);
    expect(multiplierToNumber(multiplierFromHundredths(250))).toBe(2.5);
  });
});
