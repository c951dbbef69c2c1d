import type { GameEngine } from '../engine';
import { sampleWith } from '../fair/draws';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { binomial } from '../math/combinatorics';
import { fraction, fractionToNumber } from '../math/fraction';
import { type Multiplier, multiplierFromHundredths } from '../money/multiplier';
import { KENO_TABLES } from './keno-tables';
import { KENO_RISKS, type KenoRisk } from './keno-types';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_DECLARED_RTP = 0.99;
/** 10 picks, high risk, 10 hits. */
export const KENO_MAX_MULTIPLIER: Multiplier = multiplierFromHundredths(999_900);
const BALLS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

/** The player's numbers (1 … 40, 1 to 10 distinct) and the paytable's risk. */
export type KenoParams = {
  readonly picks: readonly number[];
  readonly risk: KenoRisk;
};

/** The 10 numbers drawn, in draw order. */
export type KenoOutcome = {
  readonly drawn: readonly number[];
};

export function assertKenoParams(params: KenoParams): void {
  if (!KENO_RISKS.includes(params.risk)) throw new RangeError('risk must be low, medium or high');
  if (params.picks.length < 1 || params.picks.length > KENO_MAX_PICKS) throw new RangeError('pick 1 to 10 numbers');
  if (new Set(params.picks).size !== params.picks.length) throw new RangeError('picks must be distinct');
  for (const n of params.picks) {
    if (!Number.isSafeInteger(n) || n < 1 || n > KENO_NUMBERS) throw new RangeError('a pick is a number 1 … 40');
  }
}

/** The first 10 balls of a forward Fisher–Yates shuffle of 1 … 40; the picks do not influence the draw. */
export function drawKenoOutcome(source: UniformSource, params: KenoParams): KenoOutcome {
  assertKenoParams(params);
  return { drawn: sampleWith(source, BALLS, KENO_DRAWN) };
}

export function kenoOutcome(seeds: FairSeeds, params: KenoParams): KenoOutcome {
  return drawKenoOutcome(new FairStream(seeds), params);
}

export function kenoTable(risk: KenoRisk, picks: number): readonly number[] {
  const table = KENO_TABLES[risk][picks - 1];
  if (table === undefined) throw new RangeError('pick 1 to 10 numbers');
  return table;
}

export function kenoHits(outcome: KenoOutcome, params: KenoParams): number {
  const drawn = new Set(outcome.drawn);
  return params.picks.filter((n) => drawn.has(n)).length;
}

export function kenoPayoutMultiplier(outcome: KenoOutcome, params: KenoParams): Multiplier {
  assertKenoParams(params);
  const entry = kenoTable(params.risk, params.picks.length)[kenoHits(outcome, params)];
  if (entry === undefined) throw new RangeError('more hits than picks');
  return multiplierFromHundredths(entry);
}

/** Hypergeometric: sum over h of C(k, h) C(40 − k, 10 − h) / C(40, 10) × entry / 100. */
export function kenoExactRtp(params: KenoParams): number {
  assertKenoParams(params);
  const k = params.picks.length;
  let weighted = 0n;
  kenoTable(params.risk, k).forEach((entry, hits) => {
    weighted += binomial(k, hits) * binomial(KENO_NUMBERS - k, KENO_DRAWN - hits) * BigInt(entry);
  });
  return fractionToNumber(fraction(weighted, 100n * binomial(KENO_NUMBERS, KENO_DRAWN)));
}

export const kenoEngine: GameEngine<KenoParams, KenoOutcome> = {
  game: 'keno',
  declaredRtp: KENO_DECLARED_RTP,
  maxMultiplier: KENO_MAX_MULTIPLIER,
  outcome: kenoOutcome,
  drawOutcome: drawKenoOutcome,
  payoutMultiplier: kenoPayoutMultiplier,
  exactRtp: kenoExactRtp,
};
