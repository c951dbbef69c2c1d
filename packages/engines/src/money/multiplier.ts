import { greatestCommonDivisor } from '../math/fraction';

/**
 * A payout multiplier as an exact fraction of two safe integers, always in lowest terms. Tables use
 * hundredths (1.5x is 150/100 → 3/2); dice and mines pay their exact fair-minus-edge fractions (dice at
 * 33 winning rolls pays 9900/33 = 300/1), so no bet's expected return is bent by rounding a multiplier.
 */
export type Multiplier = {
  readonly numerator: number;
  readonly denominator: number;
};

export const ZERO_MULTIPLIER: Multiplier = { numerator: 0, denominator: 1 };

export function createMultiplier(numerator: number, denominator: number): Multiplier {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`multiplier numerator must be a non-negative safe integer, got ${numerator}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator < 1) {
    throw new RangeError(`multiplier denominator must be a positive safe integer, got ${denominator}`);
  }
  if (numerator === 0) return ZERO_MULTIPLIER;
  const divisor = Number(greatestCommonDivisor(BigInt(numerator), BigInt(denominator)));
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** A table entry written in hundredths (250 → 2.5x). */
export function multiplierFromHundredths(hundredths: number): Multiplier {
  return createMultiplier(hundredths, 100);
}

/** For display and statistics only; money goes through `computePayout`. */
export function multiplierToNumber(multiplier: Multiplier): number {
  return multiplier.numerator / multiplier.denominator;
}

export function compareMultipliers(a: Multiplier, b: Multiplier): number {
  const left = BigInt(a.numerator) * BigInt(b.denominator);
  const right = BigInt(b.numerator) * BigInt(a.denominator);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** payout = floor(stake × multiplier) in the stake's minor units, computed in integers (the remainder stays with the house). */
export function computePayout(stake: bigint, multiplier: Multiplier): bigint {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  return (stake * BigInt(multiplier.numerator)) / BigInt(multiplier.denominator);
}
