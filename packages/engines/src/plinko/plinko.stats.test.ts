import { describe, expect, it } from 'vitest';
import { binomial } from '../math/combinatorics';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { plinkoEngine } from './plinko';

describe('plinko randomness at 99% confidence', () => {
  it('makes 10^6 uniform bounces and lands in the slots with binomial frequencies', () => {
    const rows = 16;
    const slots = new Array<number>(rows + 1).fill(0);
    let balls = 0;
    const log = recordEngineDraws(
      plinkoEngine,
      { rows, risk: 'high' },
      { serverSeed: 'stats-plinko', clientSeed: 'c', nonce: 0 },
      1_000_000,
      ({ slot }) => {
        slots[slot] = (slots[slot] as number) + 1;
        balls += 1;
      },
    );
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    const expected = slots.map((_, slot) => (Number(binomial(rows, slot)) / 2 ** rows) * balls);
    expect(chiSquareTest('slots', slots, expected).passed).toBe(true);
  }, 60_000);
});
