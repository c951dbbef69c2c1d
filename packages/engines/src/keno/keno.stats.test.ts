import { describe, expect, it } from 'vitest';
import { binomial } from '../math/combinatorics';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { KENO_NUMBERS, kenoEngine, kenoHits } from './keno';

describe('keno randomness at 99% confidence', () => {
  it('makes 10^6 uniform draws; balls are equally likely and hits are hypergeometric', () => {
    const params = { picks: [3, 7, 11, 19, 23, 29, 31, 37, 38, 40], risk: 'medium' } as const;
    const balls = new Array<number>(KENO_NUMBERS + 1).fill(0);
    const hits = new Array<number>(11).fill(0);
    let rounds = 0;
    const log = recordEngineDraws(
      kenoEngine,
      params,
      { serverSeed: 'stats-keno', clientSeed: 'c', nonce: 0 },
      1_000_000,
      (outcome) => {
        for (const ball of outcome.drawn) balls[ball] = (balls[ball] as number) + 1;
        const h = kenoHits(outcome, params);
        hits[h] = (hits[h] as number) + 1;
        rounds += 1;
      },
    );
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    expect(
      chiSquareTest('balls', balls.slice(1), new Array(KENO_NUMBERS).fill((rounds * 10) / KENO_NUMBERS)).passed,
    ).toBe(true);
    const total = Number(binomial(40, 10));
    const expected = hits.map((_, h) => ((Number(binomial(10, h)) * Number(binomial(30, 10 - h))) / total) * rounds);
    expect(chiSquareTest('hits', hits, expected).passed).toBe(true);
  }, 60_000);
});
