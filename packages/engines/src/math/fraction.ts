/** Exact non-negative rationals on bigint, used to compute RTPs without rounding. */
export type Fraction = {
  readonly numerator: bigint;
  readonly denominator: bigint;
};

export function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x;
}

export function fraction(numerator: bigint | number, denominator: bigint | number = 1n): Fraction {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d <= 0n) throw new RangeError('denominator must be positive');
  const g = greatestCommonDivisor(n, d);
  return g <= 1n ? { numerator: n, denominator: d } : { numerator: n / g, denominator: d / g };
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function multiplyFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function fractionsEqual(a: Fraction, b: Fraction): boolean {
  return a.numerator * b.denominator === b.numerator * a.denominator;
}

/** The nearest double (to within one part in 2^52), however large numerator and denominator are. */
export function fractionToNumber(value: Fraction): number {
  const scale = 10n ** 30n;
  const whole = value.numerator / value.denominator;
  const rest = ((value.numerator % value.denominator) * scale) / value.denominator;
  return Number(whole) + Number(rest) / 1e30;
}
