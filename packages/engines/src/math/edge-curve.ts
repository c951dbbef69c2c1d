import { type Fraction, fraction } from './fraction';

/**
 * The multiplier curve shared by crash and limbo. A uniform integer u in [0, 2^52) becomes
 *   point = floor(99 × 2^52 / (2^52 − u)) hundredths, raised to 100 (1.00x) and lowered to the cap,
 * i.e. 0.99 / (1 − u/2^52) floored to two decimals: P(point ≥ m) = 0.99 / m for every two-decimal m from
 * 1.01x to the cap, up to one part in 2^52 (exactly floor(99 × 2^52 / M) / 2^52 with M = m in hundredths).
 */
export const CURVE_BITS = 52;
export const CURVE_RESOLUTION = 2 ** CURVE_BITS;
/** 100 minus the house edge in percent: the 99 in 0.99 / (1 − u). */
export const CURVE_RETURN_PERCENT = 99;
const CURVE_NUMERATOR = BigInt(CURVE_RETURN_PERCENT) << BigInt(CURVE_BITS);

export function curvePoint(u: number, capHundredths: number): number {
  if (!Number.isSafeInteger(u) || u < 0 || u >= CURVE_RESOLUTION) throw new RangeError('u must be in [0, 2^52)');
  const raw = Number(CURVE_NUMERATOR / BigInt(CURVE_RESOLUTION - u));
  return Math.min(capHundredths, Math.max(100, raw));
}

/** True when 0.99 / (1 − u) is below 1.00x: the point is shown as 1.00x and no target can be reached. */
export function isBelowOne(u: number): boolean {
  return Number(CURVE_NUMERATOR / BigInt(CURVE_RESOLUTION - u)) < 100;
}

/** P(point ≥ target) exactly, for a target in hundredths from 101 to the cap. */
export function curveSurvival(targetHundredths: number): Fraction {
  return fraction(CURVE_NUMERATOR / BigInt(targetHundredths), CURVE_RESOLUTION);
}
