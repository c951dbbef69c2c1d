import { describe, expect, it } from 'vitest';
import { curveSurvival } from '../math/edge-curve';
import { fractionToNumber } from '../math/fraction';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { LIMBO_CAP, limboEngine } from './limbo';

const edges = [100, 101, 110, 125, 150, 200, 300, 500, 1000, 2000, 10_000, 100_000];

describe('limbo randomness at 99% confidence', () => {
  it('draws 10^6 uniform u and results distributed as P(result ≥ m) = 0.99 / m', () => {
    const observed = new Array<number>(edges.length).fill(0);
    const log = recordEngineDraws(
      limboEngine,
      { target: 200 },
      { serverSeed: 'stats-limbo', clientSeed: 'c', nonce: 0 },
      1_000_000,
      ({ result }) => {
        let bin = edges.length - 1;
        while ((edges[bin] as number) > result) bin -= 1;
        observed[bin] = (observed[bin] as number) + 1;
      },
    );
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    const survival = (m: number): number => (m <= 100 ? 1 : m > LIMBO_CAP ? 0 : fractionToNumber(curveSurvival(m)));
    const expected = edges.map((m, i) => (survival(m) - survival(edges[i + 1] ?? LIMBO_CAP + 1)) * log.length);
    expect(chiSquareTest('result bands', observed, expected).passed).toBe(true);
  }, 60_000);
});
