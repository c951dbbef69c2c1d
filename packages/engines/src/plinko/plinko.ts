import type { GameEngine } from '../engine';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { binomial } from '../math/combinatorics';
import { fraction, fractionToNumber } from '../math/fraction';
import { type Multiplier, multiplierFromHundredths } from '../money/multiplier';
import { PLINKO_TABLES } from './plinko-tables';
import { PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk, type PlinkoRows } from './plinko-types';

export const PLINKO_DECLARED_RTP = 0.99;
/** 16 rows, high risk, either edge slot. */
export const PLINKO_MAX_MULTIPLIER: Multiplier = multiplierFromHundredths(100_000);

export type PlinkoParams = {
  readonly rows: PlinkoRows;
  readonly risk: PlinkoRisk;
};

/** One bounce per row (0 = left, 1 = right); the ball lands in slot = number of rights (0 … rows). */
export type PlinkoOutcome = {
  readonly bounces: readonly (0 | 1)[];
  readonly slot: number;
};

export function assertPlinkoParams(params: PlinkoParams): void {
  if (!PLINKO_ROWS.includes(params.rows)) throw new RangeError('rows must be an integer in [8, 16]');
  if (!PLINKO_RISKS.includes(params.risk)) throw new RangeError('risk must be low, medium or high');
}

/** Each row is one unbiased integer in [0, 2); the risk does not influence the path. */
export function drawPlinkoOutcome(source: UniformSource, params: PlinkoParams): PlinkoOutcome {
  assertPlinkoParams(params);
  const bounces: (0 | 1)[] = [];
  let slot = 0;
  for (let row = 0; row < params.rows; row += 1) {
    const bounce = source.nextInt(2) === 1 ? 1 : 0;
    bounces.push(bounce);
    slot += bounce;
  }
  return { bounces, slot };
}

export function plinkoOutcome(seeds: FairSeeds, params: PlinkoParams): PlinkoOutcome {
  return drawPlinkoOutcome(new FairStream(seeds), params);
}

export function plinkoTable(params: PlinkoParams): readonly number[] {
  assertPlinkoParams(params);
  return PLINKO_TABLES[params.risk][params.rows];
}

export function plinkoPayoutMultiplier(outcome: PlinkoOutcome, params: PlinkoParams): Multiplier {
  const entry = plinkoTable(params)[outcome.slot];
  if (entry === undefined) throw new RangeError(`slot ${outcome.slot} is outside ${params.rows} rows`);
  return multiplierFromHundredths(entry);
}

/** Binomial: sum over slots of C(rows, slot) / 2^rows × entry / 100. */
export function plinkoExactRtp(params: PlinkoParams): number {
  const table = plinkoTable(params);
  let weighted = 0n;
  table.forEach((entry, slot) => {
    weighted += binomial(params.rows, slot) * BigInt(entry);
  });
  return fractionToNumber(fraction(weighted, 100n * 2n ** BigInt(params.rows)));
}

export const plinkoEngine: GameEngine<PlinkoParams, PlinkoOutcome> = {
  game: 'plinko',
  declaredRtp: PLINKO_DECLARED_RTP,
  maxMultiplier: PLINKO_MAX_MULTIPLIER,
  outcome: plinkoOutcome,
  drawOutcome: drawPlinkoOutcome,
  payoutMultiplier: plinkoPayoutMultiplier,
  exactRtp: plinkoExactRtp,
};
