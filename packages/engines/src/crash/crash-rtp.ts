import { CURVE_RESOLUTION, CURVE_RETURN_PERCENT, curveSurvival } from '../math/edge-curve';
import { fraction, fractionToNumber, multiplyFractions } from '../math/fraction';
import { createMultiplier, type Multiplier, multiplierFromHundredths, ZERO_MULTIPLIER } from '../money/multiplier';
import { CRASH_CAP } from './crash-point';

export const CRASH_DECLARED_RTP = 0.99;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_MULTIPLIER: Multiplier = createMultiplier(CRASH_CAP, 100);

export function assertCrashTarget(target: number): void {
  if (!Number.isSafeInteger(target) || target < CRASH_MIN_TARGET || target > CRASH_CAP) {
    throw new RangeError(`cash-out target must be an integer in [${CRASH_MIN_TARGET}, ${CRASH_CAP}] hundredths`);
  }
}

/** A bet with an automatic cash-out at `target` (hundredths) wins when the round reaches it. */
export function crashPayoutMultiplier(crashPointHundredths: number, target: number): Multiplier {
  assertCrashTarget(target);
  return crashPointHundredths >= target ? multiplierFromHundredths(target) : ZERO_MULTIPLIER;
}

/** P(crash point ≥ target) = floor(99 × 2^52 / T) / 2^52 for T in hundredths (1 for T ≤ 100). */
export function crashProbabilityAtLeast(target: number): number {
  if (target <= 100) return 1;
  assertCrashTarget(target);
  return fractionToNumber(curveSurvival(target));
}

/** Closed form for cashing out at `target`: (T / 100) × floor(99 × 2^52 / T) / 2^52, within 2^-52 × T/100 of 0.99. */
export function crashExactRtp(target: number): number {
  assertCrashTarget(target);
  return fractionToNumber(multiplyFractions(fraction(target, 100), curveSurvival(target)));
}

/** The probability of an instant crash (a point below 1.00x, shown as 1.00x). */
export function crashInstantProbability(): number {
  const survivors = (BigInt(CURVE_RETURN_PERCENT) * BigInt(CURVE_RESOLUTION)) / 100n;
  return fractionToNumber(fraction(BigInt(CURVE_RESOLUTION) - survivors, CURVE_RESOLUTION));
}

export type CrashProbabilityRow = {
  readonly target: number;
  readonly probability: number;
  readonly rtp: number;
};

/** P(crash point ≥ m) and the RTP of cashing out at m, for each target m in hundredths. */
export function crashProbabilityTable(targets: readonly number[]): CrashProbabilityRow[] {
  return targets.map((target) => ({
    target,
    probability: crashProbabilityAtLeast(target),
    rtp: crashExactRtp(target),
  }));
}
