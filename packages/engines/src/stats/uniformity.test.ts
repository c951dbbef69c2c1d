import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/fair-stream';
import { DrawRecorder } from './draw-recorder';
import {
  chiSquareCritical,
  chiSquareTest,
  type DrawLog,
  drawChiSquare,
  drawRunsTest,
  drawSerialCorrelation,
} from './uniformity';

function logOf(values: number[], max: number): DrawLog {
  return { values: Float64Array.from(values), maxes: new Float64Array(values.length).fill(max), length: values.length };
}

/** A deterministic, well-mixed sequence for the checks below (splitmix32). */
function mixed(n: number, max: number, seed = 1): number[] {
  let state = seed >>> 0;
  return Array.from({ length: n }, () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) % max;
  });
}

describe('the uniformity tests', () => {
  it('use Wilson–Hilferty chi-square quantiles close to the tabulated 99% values', () => {
    // Tabulated: df 9 → 21.666, df 24 → 42.980, df 99 → 134.642.
    expect(chiSquareCritical(9)).toBeCloseTo(21.666, 1);
    expect(chiSquareCritical(24)).toBeCloseTo(42.98, 1);
    expect(chiSquareCritical(99)).toBeCloseTo(134.642, 1);
  });

  it('pass the stream of the fair generator', () => {
    const recorder = new DrawRecorder(new FairStream({ serverSeed: 'stats-self-check', clientSeed: 'c', nonce: 0 }));
    for (let i = 0; i < 100_000; i += 1) recorder.nextInt(1000);
    for (const verdict of [drawChiSquare(recorder), drawRunsTest(recorder), drawSerialCorrelation(recorder)]) {
      expect(verdict.passed, verdict.name).toBe(true);
    }
  });

  it('fail a sampler with modulo bias', () => {
    // (32-bit word) mod 3·2^30 over-weights the lowest third of the range.
    const biased = mixed(200_000, 2 ** 32).map((w) => w % (3 * 2 ** 30));
    expect(drawChiSquare(logOf(biased, 3 * 2 ** 30)).passed).toBe(false);
  });

  it('fail sequences that are uniform but not independent', () => {
    const alternating = mixed(100_000, 500).map((v, i) => (i % 2 === 0 ? v : v + 500));
    expect(drawRunsTest(logOf(alternating, 1000)).passed).toBe(false);
    const base = mixed(100_001, 1000);
    const sticky = base.slice(1).map((v, i) => (i % 4 === 0 ? (base[i] as number) : v));
    expect(drawSerialCorrelation(logOf(sticky, 1000)).passed).toBe(false);
  });

  it('pool cells with small expectations and fail a hit in an impossible cell', () => {
    expect(chiSquareTest('t', [50, 50, 0], [50, 50, 0.001]).passed).toBe(true);
    expect(chiSquareTest('t', [50, 50, 30], [65, 65, 0.001]).passed).toBe(false);
  });
});
