import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial } from '../math/combinatorics';
import { compareMultipliers, multiplierToNumber } from '../money/multiplier';
import {
  MINES_DECLARED_RTP,
  MINES_MAX_MULTIPLIER,
  MINES_TILES,
  minesCashOutMultiplier,
  minesExactRtp,
  minesOutcome,
  minesPayoutMultiplier,
} from './mines';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

/** Every set of `size` tiles out of 25. */
function* subsets(size: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === size) {
    yield chosen;
    return;
  }
  for (let tile = from; tile < MINES_TILES; tile += 1) yield* subsets(size, tile + 1, [...chosen, tile]);
}

describe('mines', () => {
  it('hides the mines on the first tiles of a forward Fisher–Yates shuffle (test vector)', () => {
    expect(minesOutcome(seeds, { mines: 3, picks: [0] })).toEqual({ mineTiles: [6, 9, 20] });
  });

  it('places distinct mines on the grid, the same ones whatever the player picks', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 24 }), fc.nat(24), (nonce, mines, pick) => {
        const outcome = minesOutcome({ ...seeds, nonce }, { mines, picks: [0] });
        expect(new Set(outcome.mineTiles).size).toBe(mines);
        for (const tile of outcome.mineTiles) expect(tile >= 0 && tile < MINES_TILES).toBe(true);
        expect(minesOutcome({ ...seeds, nonce }, { mines, picks: [pick] })).toEqual(outcome);
      }),
      { numRuns: 100 },
    );
  });

  it('pays 0.99 × C(25, k) / C(25 − m, k) after k safe picks and nothing once a mine is hit', () => {
    expect(minesCashOutMultiplier(1, 1)).toEqual({ numerator: 33, denominator: 32 }); // 0.99 × 25/24
    expect(minesCashOutMultiplier(3, 2)).toEqual({ numerator: 9, denominator: 7 }); // 0.99 × 300/231
    const outcome = { mineTiles: [4, 5, 6] };
    expect(minesPayoutMultiplier(outcome, { mines: 3, picks: [0, 1] })).toEqual(minesCashOutMultiplier(3, 2));
    expect(minesPayoutMultiplier(outcome, { mines: 3, picks: [0, 5] }).numerator).toBe(0);
  });

  it('returns exactly 99% for every mine count and cash-out point (closed form)', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let k = 1; k <= MINES_TILES - mines; k += 1) {
        const picks = Array.from({ length: k }, (_, i) => i);
        expect(Math.abs(minesExactRtp({ mines, picks }) - MINES_DECLARED_RTP)).toBeLessThan(1e-9);
      }
    }
  });

  it('returns 99% by enumerating every mine layout for 1 to 3 mines', () => {
    for (let mines = 1; mines <= 3; mines += 1) {
      for (const k of [1, 2, 5, MINES_TILES - mines]) {
        const picks = Array.from({ length: k }, (_, i) => 24 - i);
        let total = 0;
        let layouts = 0;
        for (const mineTiles of subsets(mines)) {
          total += multiplierToNumber(minesPayoutMultiplier({ mineTiles }, { mines, picks }));
          layouts += 1;
        }
        expect(layouts).toBe(Number(binomial(25, mines)));
        expect(Math.abs(total / layouts - MINES_DECLARED_RTP)).toBeLessThan(1e-9);
      }
    }
  });

  it('never pays more than the declared maximum, 5,148,297x', () => {
    expect(multiplierToNumber(MINES_MAX_MULTIPLIER)).toBe(5_148_297);
    let largest = minesCashOutMultiplier(1, 1);
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let k = 1; k <= MINES_TILES - mines; k += 1) {
        const m = minesCashOutMultiplier(mines, k);
        if (compareMultipliers(m, largest) > 0) largest = m;
      }
    }
    expect(largest).toEqual(MINES_MAX_MULTIPLIER);
  });

  it('refuses 0 or 25 mines, repeated or off-grid picks, and cashing out with no pick', () => {
    expect(() => minesOutcome(seeds, { mines: 0, picks: [1] })).toThrow(RangeError);
    expect(() => minesOutcome(seeds, { mines: 25, picks: [1] })).toThrow(RangeError);
    const outcome = { mineTiles: [0] };
    expect(() => minesPayoutMultiplier(outcome, { mines: 1, picks: [3, 3] })).toThrow(RangeError);
    expect(() => minesPayoutMultiplier(outcome, { mines: 1, picks: [25] })).toThrow(RangeError);
    expect(() => minesPayoutMultiplier(outcome, { mines: 1, picks: [] })).toThrow(RangeError);
  });
});
