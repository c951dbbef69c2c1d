import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/fair-stream';
import { compareMultipliers, createMultiplier, multiplierToNumber } from '../money/multiplier';
import {
  DICE_DECLARED_RTP,
  DICE_MAX_MULTIPLIER,
  type DiceParams,
  diceExactRtp,
  diceOutcome,
  dicePayoutMultiplier,
  diceWinMultiplier,
} from './dice';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

const paramsArbitrary: fc.Arbitrary<DiceParams> = fc.oneof(
  fc.integer({ min: 1, max: 9800 }).map((target) => ({ target, direction: 'under' as const })),
  fc.integer({ min: 199, max: 9998 }).map((target) => ({ target, direction: 'over' as const })),
);

describe('dice', () => {
  it('rolls the first unbiased integer in [0, 10000) of the stream (test vector)', () => {
    const outcome = diceOutcome(seeds, { target: 5000, direction: 'under' });
    expect(outcome).toEqual({ roll: 5381 });
    expect(outcome.roll).toBe(new FairStream(seeds).nextInt(10_000));
  });

  it('wins under when roll < target and over when roll > target', () => {
    const under = { target: 5000, direction: 'under' } as const;
    expect(dicePayoutMultiplier({ roll: 4999 }, under)).toEqual({ numerator: 99, denominator: 50 });
    expect(dicePayoutMultiplier({ roll: 5000 }, under).numerator).toBe(0);
    const over = { target: 4999, direction: 'over' } as const;
    expect(dicePayoutMultiplier({ roll: 5000 }, over)).toEqual({ numerator: 99, denominator: 50 });
    expect(dicePayoutMultiplier({ roll: 4999 }, over).numerator).toBe(0);
  });

  it('returns exactly the declared 99% for every target, by enumerating the 10,000 rolls', () => {
    for (const target of [1, 2, 3, 7, 33, 4950, 5000, 6667, 9799, 9800]) {
      expect(Math.abs(diceExactRtp({ target, direction: 'under' }) - DICE_DECLARED_RTP)).toBeLessThan(1e-9);
    }
    fc.assert(
      fc.property(paramsArbitrary, (params) => {
        expect(Math.abs(diceExactRtp(params) - DICE_DECLARED_RTP)).toBeLessThan(1e-9);
      }),
      { numRuns: 40 },
    );
  });

  it('pays at most the declared maximum, 9900x, reached with one winning roll', () => {
    expect(multiplierToNumber(DICE_MAX_MULTIPLIER)).toBe(9900);
    expect(diceWinMultiplier({ target: 1, direction: 'under' })).toEqual(DICE_MAX_MULTIPLIER);
    fc.assert(
      fc.property(paramsArbitrary, (params) => {
        expect(compareMultipliers(diceWinMultiplier(params), DICE_MAX_MULTIPLIER)).toBeLessThanOrEqual(0);
        expect(compareMultipliers(diceWinMultiplier(params), createMultiplier(1, 1))).toBe(1);
      }),
    );
  });

  it('draws the same roll whatever the target and direction', () => {
    fc.assert(
      fc.property(fc.nat(), paramsArbitrary, paramsArbitrary, (nonce, a, b) => {
        expect(diceOutcome({ ...seeds, nonce }, a)).toEqual(diceOutcome({ ...seeds, nonce }, b));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses targets that leave no or more than 9800 winning rolls', () => {
    expect(() => diceOutcome(seeds, { target: 0, direction: 'under' })).toThrow(RangeError);
    expect(() => diceOutcome(seeds, { target: 9801, direction: 'under' })).toThrow(RangeError);
    expect(() => diceOutcome(seeds, { target: 9999, direction: 'over' })).toThrow(RangeError);
    expect(() => diceOutcome(seeds, { target: 198, direction: 'over' })).toThrow(RangeError);
  });
});
