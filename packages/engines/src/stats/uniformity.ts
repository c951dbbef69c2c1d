import { Z_ONE_SIDED_99, Z_TWO_SIDED_99 } from './normal';

/**
 * Goodness-of-fit and independence tests for a sequence of uniform draws, each an integer j in [0, max) with
 * its own max. A draw is mapped to u = (j + 0.5) / max, the centre of its cell, so that u is uniform on its
 * grid and symmetric about 1/2 whatever max is.
 */
export type DrawLog = {
  readonly values: Float64Array;
  readonly maxes: Float64Array;
  readonly length: number;
};

export type TestVerdict = {
  readonly name: string;
  readonly statistic: number;
  readonly critical: number;
  readonly passed: boolean;
};

/** Wilson–Hilferty: the chi-square quantile for `df` degrees of freedom at the upper-tail normal quantile z. */
export function chiSquareCritical(df: number, z = Z_ONE_SIDED_99): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Pearson's chi-square over bins whose expected count is at least 5 (smaller ones are pooled). */
export function chiSquareTest(name: string, observed: readonly number[], expected: readonly number[]): TestVerdict {
  let statistic = 0;
  let bins = 0;
  let pooledObserved = 0;
  let pooledExpected = 0;
  observed.forEach((o, i) => {
    const e = expected[i] as number;
    if (e >= 5) {
      statistic += (o - e) ** 2 / e;
      bins += 1;
    } else {
      pooledObserved += o;
      pooledExpected += e;
    }
  });
  if (pooledExpected >= 5) {
    statistic += (pooledObserved - pooledExpected) ** 2 / pooledExpected;
    bins += 1;
  } else if (pooledObserved > pooledExpected + 20) {
    // Far more hits in near-impossible cells than expected: a failure whatever the other bins say.
    statistic = Number.POSITIVE_INFINITY;
  }
  const critical = chiSquareCritical(Math.max(1, bins - 1));
  return { name, statistic, critical, passed: statistic <= critical };
}

/** The probability that a uniform integer in [0, max) lands in bin b of `bins` equal slices of u = (j + 0.5) / max. */
function binProbabilities(max: number, bins: number): number[] {
  const big = BigInt(max);
  const n = BigInt(bins);
  // j lands in bin b when b ≤ bins (j + 0.5) / max < b + 1, i.e. (2 b max − bins) ≤ 2 bins j < (2 (b + 1) max − bins).
  const firstJ = (b: bigint): bigint => {
    const bound = 2n * b * big - n;
    if (bound <= 0n) return 0n;
    return (bound + 2n * n - 1n) / (2n * n);
  };
  return Array.from({ length: bins }, (_, b) => {
    const from = firstJ(BigInt(b));
    const to = b === bins - 1 ? big : firstJ(BigInt(b + 1));
    return Number(to - from) / max;
  });
}

/**
 * The bin of u = (j + 0.5) / max. Up to max = 2^32 it is computed in exact integers, because a cell centre can
 * sit exactly on a bin edge (max = 25, 100 bins) where floating point would pick either side. Above, 2j + 1 is
 * odd and 2 max has more factors of 2 than 100 can cancel, so no centre is ever on an edge.
 */
function binOf(j: number, max: number, bins: number): number {
  if (max <= 2 ** 32) return Math.floor((bins * (2 * j + 1)) / (2 * max));
  return Math.min(bins - 1, Math.floor(((j + 0.5) / max) * bins));
}

/** Chi-square of u over `bins` equal bins, each draw's expected share computed exactly for its max. */
export function drawChiSquare(log: DrawLog, bins = 100): TestVerdict {
  const observed = new Array<number>(bins).fill(0);
  const expected = new Array<number>(bins).fill(0);
  const perMax = new Map<number, number>();
  for (let i = 0; i < log.length; i += 1) {
    const max = log.maxes[i] as number;
    const bin = binOf(log.values[i] as number, max, bins);
    observed[bin] = (observed[bin] as number) + 1;
    perMax.set(max, (perMax.get(max) ?? 0) + 1);
  }
  for (const [max, count] of perMax) {
    binProbabilities(max, bins).forEach((p, b) => {
      expected[b] = (expected[b] as number) + p * count;
    });
  }
  return chiSquareTest(`chi-square (${bins} bins)`, observed, expected);
}

/** Wald–Wolfowitz runs above and below 1/2 (draws exactly at 1/2 are skipped); |z| must stay under 2.576. */
export function drawRunsTest(log: DrawLog): TestVerdict {
  let above = 0;
  let below = 0;
  let runs = 0;
  let previous = 0;
  for (let i = 0; i < log.length; i += 1) {
    const twice = 2 * (log.values[i] as number) + 1;
    const max = log.maxes[i] as number;
    if (twice === max) continue;
    const side = twice > max ? 1 : -1;
    if (side === 1) above += 1;
    else below += 1;
    if (side !== previous) runs += 1;
    previous = side;
  }
  const n = above + below;
  const mean = (2 * above * below) / n + 1;
  const variance = (2 * above * below * (2 * above * below - n)) / (n * n * (n - 1));
  const z = (runs - mean) / Math.sqrt(variance);
  return {
    name: 'runs above/below 1/2',
    statistic: Math.abs(z),
    critical: Z_TWO_SIDED_99,
    passed: Math.abs(z) < Z_TWO_SIDED_99,
  };
}

/** Lag-1 serial correlation of u; under independence r √n is standard normal, so |r √n| must stay under 2.576. */
export function drawSerialCorrelation(log: DrawLog): TestVerdict {
  const n = log.length;
  const u = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i += 1) {
    u[i] = ((log.values[i] as number) + 0.5) / (log.maxes[i] as number);
    mean += u[i] as number;
  }
  mean /= n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i += 1) {
    const d = (u[i] as number) - mean;
    denominator += d * d;
    if (i + 1 < n) numerator += d * ((u[i + 1] as number) - mean);
  }
  const r = numerator / denominator;
  const z = r * Math.sqrt(n);
  return {
    name: 'lag-1 serial correlation',
    statistic: Math.abs(z),
    critical: Z_TWO_SIDED_99,
    passed: Math.abs(z) < Z_TWO_SIDED_99,
  };
}

export function uniformityVerdicts(log: DrawLog): TestVerdict[] {
  return [drawChiSquare(log), drawRunsTest(log), drawSerialCorrelation(log)];
}
