import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial } from '../math/combinatorics';
import { compareMultipliers, multiplierFromHundredths, multiplierToNumber } from '../money/multiplier';
import {
  PLINKO_DECLARED_RTP,
  PLINKO_MAX_MULTIPLIER,
  plinkoExactRtp,
  plinkoOutcome,
  plinkoPayoutMultiplier,
  plinkoTable,
} from './plinko';
import { PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk, type PlinkoRows } from './plinko-types';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};
const everyTable = PLINKO_RISKS.flatMap((risk) => PLINKO_ROWS.map((rows) => ({ risk, rows })));

describe('plinko', () => {
  it('bounces right on a 1 from nextInt(2) and lands in slot = rights (test vector)', () => {
    const outcome = plinkoOutcome(seeds, { rows: 16, risk: 'high' });
    expect(outcome.bounces).toEqual([1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0]);
    expect(outcome.slot).toBe(7);
    expect(plinkoPayoutMultiplier(outcome, { rows: 16, risk: 'high' })).toEqual(multiplierFromHundredths(21));
  });

  it('draws the same path whatever the risk', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...PLINKO_ROWS), (nonce, rows) => {
        const low = plinkoOutcome({ ...seeds, nonce }, { rows, risk: 'low' });
        expect(plinkoOutcome({ ...seeds, nonce }, { rows, risk: 'high' })).toEqual(low);
        expect(low.bounces).toHaveLength(rows);
        expect(low.slot).toBe(low.bounces.filter((b) => b === 1).length);
      }),
      { numRuns: 50 },
    );
  });

  it.each(everyTable)('returns exactly 99% with $rows rows at $risk risk (binomial)', (params) => {
    expect(Math.abs(plinkoExactRtp(params) - PLINKO_DECLARED_RTP)).toBeLessThan(1e-9);
    // The same sum in integers: C(n, slot) × hundredths adds up to 99 × 2^n.
    const weighted = plinkoTable(params).reduce(
      (s, entry, slot) => s + binomial(params.rows, slot) * BigInt(entry),
      0n,
    );
    expect(weighted).toBe(99n * 2n ** BigInt(params.rows));
  });

  it('has symmetric tables that grow from the centre to the edges, with the edge as the largest entry', () => {
    for (const params of everyTable) {
      const table = plinkoTable(params);
      expect(table).toHaveLength(params.rows + 1);
      expect(table.slice().reverse()).toEqual(table);
      for (let slot = 1; slot <= params.rows / 2; slot += 1) {
        expect(table[slot] as number).toBeLessThanOrEqual(table[slot - 1] as number);
      }
    }
  });

  it('never pays more than the declared maximum, 1000x at 16 rows high risk', () => {
    expect(multiplierToNumber(PLINKO_MAX_MULTIPLIER)).toBe(1000);
    const largest = Math.max(...everyTable.flatMap((params) => plinkoTable(params)));
    expect(compareMultipliers(multiplierFromHundredths(largest), PLINKO_MAX_MULTIPLIER)).toBe(0);
  });

  it('refuses rows outside 8 … 16 and unknown risks', () => {
    expect(() => plinkoOutcome(seeds, { rows: 7 as PlinkoRows, risk: 'low' })).toThrow(RangeError);
    expect(() => plinkoOutcome(seeds, { rows: 8, risk: 'extreme' as PlinkoRisk })).toThrow(RangeError);
  });
});
