import { describe, expect, it } from 'vitest';
import { CURVE_RESOLUTION, curvePoint } from '../math/edge-curve';
import { chiSquareTest, type DrawLog, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { CRASH_CAP, crashUniform } from './crash-point';
import { crashProbabilityAtLeast } from './crash-rtp';
import { generateChain } from './hash-chain';

// A crash round costs a chain step and an HMAC under a fresh key (five SHA-256 blocks, against one eighth of a
// block for a seeded draw), so the suite plays 2^17 rounds; scripts/rtp-simulate.ts runs the same checks on
// 10^6 rounds of a real chain.
const ROUNDS = 2 ** 17;
const edges = [100, 101, 110, 150, 200, 500, 1000, 10_000];

describe('crash randomness at 99% confidence', () => {
  it('gives uniform, independent u along a real chain and crash points distributed as 0.99 / m', () => {
    const chain = generateChain('5f2c9a8e7b6d4c3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a', ROUNDS);
    const values = new Float64Array(ROUNDS);
    const observed = new Array<number>(edges.length).fill(0);
    chain.gameHashes.forEach((hash, i) => {
      const u = crashUniform(hash, 'stats-salt');
      values[i] = u;
      const point = curvePoint(u, CRASH_CAP);
      let bin = edges.length - 1;
      while ((edges[bin] as number) > point) bin -= 1;
      observed[bin] = (observed[bin] as number) + 1;
    });
    const log: DrawLog = { values, maxes: new Float64Array(ROUNDS).fill(CURVE_RESOLUTION), length: ROUNDS };
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    const expected = edges.map(
      (m, i) =>
        (crashProbabilityAtLeast(m) - (i + 1 < edges.length ? crashProbabilityAtLeast(edges[i + 1] as number) : 0)) *
        ROUNDS,
    );
    expect(chiSquareTest('crash point bands', observed, expected).passed).toBe(true);
  }, 60_000);
});
