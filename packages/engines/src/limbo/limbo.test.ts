import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURVE_RESOLUTION, curvePoint } from '../math/edge-curve';
import { multiplierToNumber } from '../money/multiplier';
import {
  LIMBO_CAP,
  LIMBO_DECLARED_RTP,
  LIMBO_MAX_MULTIPLIER,
  limboExactRtp,
  limboOutcome,
  limboPayoutMultiplier,
} from './limbo';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

describe('limbo', () => {
  it('maps u to floor(99 × 2^52 / (2^52 − u)) hundredths (test vector and curve ends)', () => {
    expect(limboOutcome(seeds, { target: 200 })).toEqual({ result: 524 });
    expect(curvePoint(0, LIMBO_CAP)).toBe(100); // 0.99x is shown as 1.00x
    expect(curvePoint(CURVE_RESOLUTION / 2, LIMBO_CAP)).toBe(198);
    expect(curvePoint(CURVE_RESOLUTION - 1, LIMBO_CAP)).toBe(LIMBO_CAP);
  });

  it('pays the target when the result reaches it, nothing below', () => {
    expect(limboPayoutMultiplier({ result: 200 }, { target: 200 })).toEqual({ numerator: 2, denominator: 1 });
    expect(limboPayoutMultiplier({ result: 199 }, { target: 200 }).numerator).toBe(0);
  });

  it('returns the declared 99% within 1e-9 for every target (closed form)', () => {
    for (const target of [101, 102, 150, 200, 333, 1000, 10_000, 123_457, 1_000_000, LIMBO_CAP]) {
      expect(Math.abs(limboExactRtp({ target }) - LIMBO_DECLARED_RTP)).toBeLessThan(1e-9);
    }
    fc.assert(
      fc.property(fc.integer({ min: 101, max: LIMBO_CAP }), (target) => {
        expect(Math.abs(limboExactRtp({ target }) - LIMBO_DECLARED_RTP)).toBeLessThan(1e-9);
      }),
    );
  });

  it('agrees with counting the u that reach the target, on a small grid', () => {
    // With 2^52 replaced by a small resolution the survival count can be enumerated; the closed form is the same.
    const resolution = 10_000;
    for (const target of [101, 150, 200, 999, 5000]) {
      let reached = 0;
      for (let u = 0; u < resolution; u += 1)
        if (Math.floor((99 * resolution) / (resolution - u)) >= target) reached += 1;
      expect(reached).toBe(Math.floor((99 * resolution) / target));
    }
  });

  it('never exceeds the declared maximum of 1,000,000x and does not depend on the target', () => {
    expect(multiplierToNumber(LIMBO_MAX_MULTIPLIER)).toBe(1_000_000);
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 101, max: LIMBO_CAP }), (nonce, target) => {
        const outcome = limboOutcome({ ...seeds, nonce }, { target });
        expect(outcome.result).toBeGreaterThanOrEqual(100);
        expect(outcome.result).toBeLessThanOrEqual(LIMBO_CAP);
        expect(outcome).toEqual(limboOutcome({ ...seeds, nonce }, { target: 101 }));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses targets below 1.01x or above the cap', () => {
    expect(() => limboOutcome(seeds, { target: 100 })).toThrow(RangeError);
    expect(() => limboOutcome(seeds, { target: LIMBO_CAP + 1 })).toThrow(RangeError);
  });
});
