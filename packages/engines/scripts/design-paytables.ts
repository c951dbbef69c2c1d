/**
 * Designs the plinko and keno paytables so that each returns exactly 99% (in hundredths of a multiplier), and
 * prints them as TypeScript. Run: npx tsx packages/engines/scripts/design-paytables.ts plinko|keno
 *
 * Method: a smooth shape (plinko: geometric from centre to edge; keno: geometric in the number of hits) is
 * scaled to 99%, rounded to readable values, and the rounding error is then removed exactly by the smallest
 * changes (in hundredths) to the non-top entries that make sum(weight × multiplier) hit 99% as an integer
 * equation (meet-in-the-middle search). The top multiplier of every table stays round.
 */
import { binomial } from '../src/math/combinatorics';

type Solution = { deltas: number[]; cost: number };

/** Changing a large multiplier by a hundredth spoils a round number, so it costs more than a small one. */
function changeWeight(value: number): number {
  return value >= 1000 ? 20 : value >= 100 ? 4 : 1;
}

/** Smallest weighted sum |delta| with sum(coeff × delta) = residual, |delta| <= maxDelta, entries >= floor. */
function solveExactly(
  coefficients: number[],
  values: number[],
  residual: number,
  maxDelta: number,
  floors: number[],
): Solution | null {
  return solveExactlyNear(coefficients, values, residual, maxDelta, floors);
}

/**
 * For tables whose coefficients span many orders of magnitude (keno): from the largest coefficient down, each
 * entry moves by the delta that leaves a residual divisible by the gcd of the remaining coefficients and as
 * small as possible; the last entry (the rarest hit below the top) then takes the exact remainder.
 */
function solveByLadder(coefficients: number[], values: number[], residual: number, floors: number[]): Solution | null {
  const order = [...coefficients.keys()].sort((a, b) => (coefficients[b] as number) - (coefficients[a] as number));
  const deltas = coefficients.map(() => 0);
  let rest = residual;
  for (let k = 0; k < order.length; k += 1) {
    const i = order[k] as number;
    const c = coefficients[i] as number;
    const g = gcdOf(order.slice(k + 1).map((j) => coefficients[j] as number));
    let chosen: number | null = null;
    if (g === 0) {
      if (rest % c === 0) chosen = rest / c;
    } else {
      const centre = Math.round(rest / c);
      for (let step = 0; step <= g && chosen === null; step += 1) {
        for (const d of [centre + step, centre - step]) {
          if (chosen === null && (((rest - c * d) % g) + g) % g === 0) chosen = d;
        }
      }
    }
    if (chosen === null || (values[i] as number) + chosen < (floors[i] as number)) return null;
    deltas[i] = chosen;
    rest -= c * chosen;
  }
  return { deltas, cost: deltas.reduce((s, d, i) => s + Math.abs(d) * changeWeight(values[i] as number), 0) };
}

function solveExactlyNear(
  coefficients: number[],
  values: number[],
  residual: number,
  maxDelta: number,
  floors: number[],
): Solution | null {
  const n = coefficients.length;
  const half = Math.floor(n / 2);
  const left = [...Array(half).keys()];
  const right = [...Array(n - half).keys()].map((i) => i + half);
  const enumerate = (indices: number[]): Map<number, Solution> => {
    const best = new Map<number, Solution>();
    const deltas = new Array<number>(n).fill(0);
    const walk = (k: number, sum: number, cost: number): void => {
      if (k === indices.length) {
        const known = best.get(sum);
        if (known === undefined || known.cost > cost) best.set(sum, { deltas: deltas.slice(), cost });
        return;
      }
      const i = indices[k] as number;
      for (let d = -maxDelta; d <= maxDelta; d += 1) {
        if ((values[i] as number) + d < (floors[i] as number)) continue;
        deltas[i] = d;
        walk(k + 1, sum + (coefficients[i] as number) * d, cost + Math.abs(d) * changeWeight(values[i] as number));
      }
      deltas[i] = 0;
    };
    walk(0, 0, 0);
    return best;
  };
  const leftSums = enumerate(left);
  const rightSums = enumerate(right);
  let answer: Solution | null = null;
  for (const [sum, l] of leftSums) {
    const r = rightSums.get(residual - sum);
    if (r === undefined) continue;
    const cost = l.cost + r.cost;
    if (answer === null || cost < answer.cost) {
      answer = { deltas: l.deltas.map((d, i) => d + (r.deltas[i] as number)), cost };
    }
  }
  return answer;
}

function roundReadable(value: number): number {
  // In hundredths: >= 10x to whole numbers, >= 1x to tenths, below to hundredths.
  if (value >= 1000) return Math.round(value / 100) * 100;
  if (value >= 100) return Math.round(value / 10) * 10;
  if (value >= 10) return Math.round(value);
  return Math.max(1, Math.round(value));
}

function isMonotoneFromCentre(half: number[]): boolean {
  // half[0] is the edge, half[last] the centre: values must not increase towards the centre.
  for (let i = 1; i < half.length; i += 1) if ((half[i] as number) > (half[i - 1] as number)) return false;
  return true;
}

type PlinkoShape = { edge: number; centre: number };

const plinkoShapes: Record<string, (rows: number) => PlinkoShape> = {
  low: (rows) => ({ edge: [560, 840, 1000, 1200, 1400, 1600, 1800, 2000, 2200][rows - 8] as number, centre: 50 }),
  medium: (rows) => ({ edge: [1300, 1800, 2200, 2400, 3300, 4300, 5800, 8800, 11000][rows - 8] as number, centre: 40 }),
  high: (rows) => ({
    edge: [2900, 4300, 7600, 12000, 17000, 26000, 42000, 62000, 100000][rows - 8] as number,
    centre: 20,
  }),
};

function gcdOf(values: number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return values.reduce((g, v) => gcd(g, v), 0);
}

/**
 * The top value nearest `wanted` that the equation allows: a whole multiple of 1x from 100x (else of 0.1x) if
 * one lies within 10%, otherwise the nearest hundredth (few-pick keno tables leave almost no freedom).
 */
function nearestFeasibleTop(
  wanted: number,
  topCoefficient: number,
  otherGcd: number,
  target: number,
  roundOnly = false,
): number {
  const isFeasible = (candidate: number): boolean =>
    candidate > 0 &&
    (otherGcd === 0 ? topCoefficient * candidate === target : (target - topCoefficient * candidate) % otherGcd === 0);
  const round = wanted >= 10000 ? 100 : 10;
  for (const step of roundOnly ? [round] : [round, 5, 1]) {
    for (let k = 0; k * step <= wanted / 10; k += 1) {
      for (const candidate of [wanted + k * step, wanted - k * step]) if (isFeasible(candidate)) return candidate;
    }
  }
  throw new Error(`no feasible top near ${wanted}`);
}

function designPlinko(rows: number, risk: string): number[] {
  const wanted = (plinkoShapes[risk] as (r: number) => PlinkoShape)(rows);
  const halfCount = Math.floor(rows / 2) + 1; // edge … centre (for odd rows the two middle slots pair up)
  const coefficients: number[] = [];
  for (let i = 0; i < halfCount; i += 1) {
    const isCentre = rows % 2 === 0 && i === rows / 2;
    coefficients.push(Number(binomial(rows, i)) * (isCentre ? 1 : 2));
  }
  const target = 99 * 2 ** rows;
  const edge = nearestFeasibleTop(wanted.edge, coefficients[0] as number, gcdOf(coefficients.slice(1)), target);
  const rtpOf = (half: number[]): number => half.reduce((s, v, i) => s + v * (coefficients[i] as number), 0);
  const shapeAt = (p: number): number[] =>
    coefficients.map((_, i) => {
      const d = (rows / 2 - i) / (rows / 2);
      return wanted.centre * (edge / wanted.centre) ** (d ** p);
    });
  // The exponent that makes the smooth shape return 99%; the search below then looks around it.
  let lo = 0.05;
  let hi = 50;
  for (let i = 0; i < 100; i += 1) {
    const mid = (lo + hi) / 2;
    if (rtpOf(shapeAt(mid)) > target) lo = mid;
    else hi = mid;
  }
  const smooth = shapeAt(lo);
  let best: { half: number[]; cost: number } | null = null;
  for (let scale = 0.97; scale <= 1.03; scale += 0.0005) {
    const rounded = smooth.map((v, i) => (i === 0 ? edge : roundReadable(v * scale)));
    if (!isMonotoneFromCentre(rounded)) continue;
    const residual = target - rtpOf(rounded);
    const floors = rounded.map(() => 10);
    const fix = solveExactly(coefficients.slice(1), rounded.slice(1), residual, 6, floors.slice(1));
    if (fix === null) continue;
    const half = [edge, ...rounded.slice(1).map((v, i) => v + (fix.deltas[i] as number))];
    if (!isMonotoneFromCentre(half) || rtpOf(half) !== target) continue;
    if (best === null || fix.cost < best.cost) best = { half, cost: fix.cost };
    if (fix.cost === 0) break;
  }
  if (best === null) throw new Error(`no exact plinko table for ${rows} rows, ${risk}`);
  const half = best.half;
  return [...Array(rows + 1).keys()].map((i) => half[Math.min(i, rows - i)] as number);
}

function kenoCoefficient(picks: number, hits: number): number {
  return Number(binomial(picks, hits) * binomial(40 - picks, 10 - hits));
}

type KenoShape = { firstPaying: number; top: number };

const kenoShapes: Record<string, (picks: number) => KenoShape> = {
  low: (k) => ({
    firstPaying: Math.max(1, Math.floor(k / 2)),
    top: [0, 0, 900, 2600, 5500, 10000, 20000, 40000, 60000, 80000, 100000][k] as number,
  }),
  medium: (k) => ({
    firstPaying: Math.max(1, Math.ceil(k / 2)),
    top: [0, 0, 1200, 5000, 10000, 20000, 40000, 80000, 150000, 200000, 250000][k] as number,
  }),
  high: (k) => ({
    firstPaying: Math.min(k, Math.max(1, Math.ceil(k / 2) + 1)),
    top: [0, 0, 1700, 8000, 25000, 50000, 100000, 200000, 400000, 600000, 1000000][k] as number,
  }),
};

function designKeno(picks: number, risk: string): number[] {
  const wanted = (kenoShapes[risk] as (k: number) => KenoShape)(picks);
  // A paying set whose weights cannot sum to 99% with a round top (or at all) starts one hit lower.
  for (const roundTopOnly of [true, false]) {
    for (let firstPaying = wanted.firstPaying; firstPaying >= Math.max(1, wanted.firstPaying - 2); firstPaying -= 1) {
      try {
        return designKenoFrom(picks, risk, { ...wanted, firstPaying }, roundTopOnly);
      } catch {
        // try the next paying set
      }
    }
  }
  throw new Error(`no exact keno table for ${picks} picks, ${risk}`);
}

function designKenoFrom(picks: number, risk: string, shape: KenoShape, roundTopOnly: boolean): number[] {
  const target = 99 * Number(binomial(40, 10));
  const coefficients = [...Array(picks + 1).keys()].map((h) => kenoCoefficient(picks, h));
  if (picks === 1) {
    // One pick: the single hit pays 99% / P(hit) = 0.99 × 4 = 3.96.
    return [0, target / (coefficients[1] as number)];
  }
  const paying = [...Array(picks + 1).keys()].filter((h) => h >= shape.firstPaying);
  const rtpOf = (table: number[]): number => table.reduce((s, v, h) => s + v * (coefficients[h] as number), 0);
  const movable = paying.filter((h) => h !== picks);
  const top = nearestFeasibleTop(
    shape.top,
    coefficients[picks] as number,
    gcdOf(movable.map((h) => coefficients[h] as number)),
    target,
    roundTopOnly,
  );
  const smoothAt = (ratio: number): number[] =>
    coefficients.map((_, h) => (h < shape.firstPaying ? 0 : top / ratio ** (picks - h)));
  // The growth ratio that makes the smooth table return 99%; the search below then looks around it.
  let lo = 1;
  let hi = 1000;
  if (rtpOf(smoothAt(lo)) < target) throw new Error(`keno ${picks} ${risk}: the top cannot reach 99%`);
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (rtpOf(smoothAt(mid)) > target) lo = mid;
    else hi = mid;
  }
  const smooth = smoothAt(lo);
  let best: { table: number[]; cost: number } | null = null;
  for (let scale = 0.97; scale <= 1.03; scale += 0.0005) {
    const rounded = smooth.map((v, h) => (h === picks ? top : h < shape.firstPaying ? 0 : roundReadable(v * scale)));
    const residual = target - rtpOf(rounded);
    const fix = solveByLadder(
      movable.map((h) => coefficients[h] as number),
      movable.map((h) => rounded[h] as number),
      residual,
      movable.map(() => 10),
    );
    if (fix === null) continue;
    const final = rounded.slice();
    movable.forEach((h, i) => {
      final[h] = (final[h] as number) + (fix.deltas[i] as number);
    });
    if (rtpOf(final) !== target) continue;
    if (final.some((v, h) => h > shape.firstPaying && v <= (final[h - 1] as number))) continue;
    if (best === null || fix.cost < best.cost) best = { table: final, cost: fix.cost };
    if (fix.cost === 0) break;
  }
  if (best === null) throw new Error(`no exact keno table for ${picks} picks, ${risk}`);
  return best.table;
}

const which = process.argv[2];
if (which === 'plinko') {
  for (const risk of ['low', 'medium', 'high']) {
    console.log(`  ${risk}: {`);
    for (let rows = 8; rows <= 16; rows += 1) console.log(`    ${rows}: [${designPlinko(rows, risk).join(', ')}],`);
    console.log('  },');
  }
} else if (which === 'keno') {
  for (const risk of ['low', 'medium', 'high']) {
    console.log(`  ${risk}: [`);
    for (let picks = 1; picks <= 10; picks += 1) console.log(`    [${designKeno(picks, risk).join(', ')}],`);
    console.log('  ],');
  }
} else {
  console.error('usage: design-paytables.ts plinko|keno');
  process.exit(2);
}
