import type { GameEngine } from '../engine';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { CURVE_RESOLUTION, curvePoint, curveSurvival } from '../math/edge-curve';
import { fraction, fractionToNumber, multiplyFractions } from '../math/fraction';
import { createMultiplier, type Multiplier, multiplierFromHundredths, ZERO_MULTIPLIER } from '../money/multiplier';

export const LIMBO_DECLARED_RTP = 0.99;
export const LIMBO_MIN_TARGET = 101;
/** 1,000,000.00x in hundredths; the result never exceeds it. */
export const LIMBO_CAP = 100_000_000;
export const LIMBO_MAX_MULTIPLIER: Multiplier = createMultiplier(LIMBO_CAP, 100);

/** The multiplier the player aims for, in hundredths (2.00x → 200). */
export type LimboParams = {
  readonly target: number;
};

/** The drawn multiplier in hundredths, from 100 (1.00x) to LIMBO_CAP. */
export type LimboOutcome = {
  readonly result: number;
};

export function assertLimboParams(params: LimboParams): void {
  if (!Number.isSafeInteger(params.target) || params.target < LIMBO_MIN_TARGET || params.target > LIMBO_CAP) {
    throw new RangeError(`target must be an integer in [${LIMBO_MIN_TARGET}, ${LIMBO_CAP}] hundredths`);
  }
}

/** One unbiased integer u in [0, 2^52) on the shared edge curve; the target does not influence it. */
export function drawLimboOutcome(source: UniformSource, params: LimboParams): LimboOutcome {
  assertLimboParams(params);
  return { result: curvePoint(source.nextInt(CURVE_RESOLUTION), LIMBO_CAP) };
}

export function limboOutcome(seeds: FairSeeds, params: LimboParams): LimboOutcome {
  return drawLimboOutcome(new FairStream(seeds), params);
}

export function limboPayoutMultiplier(outcome: LimboOutcome, params: LimboParams): Multiplier {
  assertLimboParams(params);
  return outcome.result >= params.target ? multiplierFromHundredths(params.target) : ZERO_MULTIPLIER;
}

/** Closed form: target × P(result ≥ target) = (T / 100) × floor(99 × 2^52 / T) / 2^52. */
export function limboExactRtp(params: LimboParams): number {
  assertLimboParams(params);
  return fractionToNumber(multiplyFractions(fraction(params.target, 100), curveSurvival(params.target)));
}

export const limboEngine: GameEngine<LimboParams, LimboOutcome> = {
  game: 'limbo',
  declaredRtp: LIMBO_DECLARED_RTP,
  maxMultiplier: LIMBO_MAX_MULTIPLIER,
  outcome: limboOutcome,
  drawOutcome: drawLimboOutcome,
  payoutMultiplier: limboPayoutMultiplier,
  exactRtp: limboExactRtp,
};
