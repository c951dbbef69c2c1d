import { describe, expect, it } from 'vitest';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { DICE_ROLLS, diceEngine, diceOutcome } from './dice';

const params = { target: 5000, direction: 'under' } as const;

describe('dice randomness at 99% confidence', () => {
  it('rolls 10^6 times uniformly and independently (chi-square, runs, serial correlation)', () => {
    const log = recordEngineDraws(
      diceEngine,
      params,
      { serverSeed: 'stats-dice', clientSeed: 'c', nonce: 0 },
      1_000_000,
    );
    expect(log.length).toBeGreaterThanOrEqual(1_000_000);
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
  }, 60_000);

  it('rolls uniformly across consecutive nonces, each bet read from cursor 0', () => {
    const n = 20_000;
    const observed = new Array<number>(20).fill(0);
    for (let nonce = 0; nonce < n; nonce += 1) {
      const { roll } = diceOutcome({ serverSeed: 'stats-dice', clientSeed: 'c', nonce }, params);
      const bin = Math.floor((roll * 20) / DICE_ROLLS);
      observed[bin] = (observed[bin] as number) + 1;
    }
    expect(chiSquareTest('rolls by nonce', observed, new Array(20).fill(n / 20)).passed).toBe(true);
  });
});
