import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial } from '../math/combinatorics';
import { compareMultipliers, multiplierFromHundredths, multiplierToNumber } from '../money/multiplier';
import {
  KENO_DECLARED_RTP,
  KENO_MAX_MULTIPLIER,
  kenoExactRtp,
  kenoHits,
  kenoOutcome,
  kenoPayoutMultiplier,
  kenoTable,
} from './keno';
import { KENO_RISKS, type KenoRisk } from './keno-types';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};
const firstNumbers = (k: number): number[] => Array.from({ length: k }, (_, i) => i + 1);
const everyTable = KENO_RISKS.flatMap((risk) => firstNumbers(10).map((picks) => ({ risk, picks })));

describe('keno', () => {
  it('draws the first 10 balls of a forward Fisher–Yates shuffle of 1 … 40 (test vector)', () => {
    expect(kenoOutcome(seeds, { picks: [1], risk: 'low' }).drawn).toEqual([22, 13, 27, 25, 14, 21, 36, 7, 37, 15]);
  });

  it('draws 10 distinct numbers in 1 … 40, the same whatever the player picked', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        (nonce, picks) => {
          const outcome = kenoOutcome({ ...seeds, nonce }, { picks, risk: 'high' });
          expect(new Set(outcome.drawn).size).toBe(10);
          for (const n of outcome.drawn) expect(n >= 1 && n <= 40).toBe(true);
          expect(kenoOutcome({ ...seeds, nonce }, { picks: [40], risk: 'low' })).toEqual(outcome);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('pays the table entry for the number of hits', () => {
    const outcome = { drawn: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    const params = { picks: [1, 2, 3, 11, 12], risk: 'medium' as KenoRisk };
    expect(kenoHits(outcome, params)).toBe(3);
    expect(kenoPayoutMultiplier(outcome, params)).toEqual(
      multiplierFromHundredths(kenoTable('medium', 5)[3] as number),
    );
  });

  it.each(everyTable)('returns exactly 99% at $risk risk with $picks picks (hypergeometric)', ({ risk, picks }) => {
    const params = { picks: firstNumbers(picks), risk };
    expect(Math.abs(kenoExactRtp(params) - KENO_DECLARED_RTP)).toBeLessThan(1e-9);
    const weighted = kenoTable(risk, picks).reduce(
      (s, entry, hits) => s + binomial(picks, hits) * binomial(40 - picks, 10 - hits) * BigInt(entry),
      0n,
    );
    expect(weighted).toBe(99n * binomial(40, 10));
  });

  it('has tables whose paying entries grow with the hits, the top entry the largest', () => {
    for (const { risk, picks } of everyTable) {
      const table = kenoTable(risk, picks);
      expect(table).toHaveLength(picks + 1);
      const paying = table.filter((entry) => entry > 0);
      expect(paying.slice().sort((a, b) => a - b)).toEqual(paying);
      expect(table[picks]).toBe(Math.max(...table));
    }
  });

  it('never pays more than the declared maximum, 9999x', () => {
    expect(multiplierToNumber(KENO_MAX_MULTIPLIER)).toBe(9999);
    const largest = Math.max(...everyTable.flatMap(({ risk, picks }) => kenoTable(risk, picks)));
    expect(compareMultipliers(multiplierFromHundredths(largest), KENO_MAX_MULTIPLIER)).toBe(0);
  });

  it('refuses no picks, more than 10, repeats, numbers off the board and unknown risks', () => {
    expect(() => kenoOutcome(seeds, { picks: [], risk: 'low' })).toThrow(RangeError);
    expect(() => kenoOutcome(seeds, { picks: firstNumbers(11), risk: 'low' })).toThrow(RangeError);
    expect(() => kenoOutcome(seeds, { picks: [5, 5], risk: 'low' })).toThrow(RangeError);
    expect(() => kenoOutcome(seeds, { picks: [41], risk: 'low' })).toThrow(RangeError);
    expect(() => kenoOutcome(seeds, { picks: [1], risk: 'wild' as KenoRisk })).toThrow(RangeError);
  });
});
