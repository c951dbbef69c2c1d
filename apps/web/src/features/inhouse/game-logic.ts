import { currencyExponent, formatMinor, type MultiplierValue, parseMoney } from '@tessera/contracts';

/** A multiplier for display: 2 decimals ("1.98×"); exact fractions beyond that are shown rounded down. */
export const formatMultiplier = (multiplier: MultiplierValue): string => {
  if (multiplier.numerator === 0) return '0.00';
  const hundredths = Math.floor((multiplier.numerator * 100) / multiplier.denominator);
  return (hundredths / 100).toFixed(2);
};

/** Hundredths (a crash point, a limbo result) as "2.35". */
export const formatHundredths = (hundredths: number): string => (hundredths / 100).toFixed(2);

/** Half or double a typed stake, kept within the limits; an unreadable stake becomes the minimum. */
export const scaleStake = (
  stake: string,
  factor: 0.5 | 2,
  limits: { minStake: string; maxStake: string },
  currency: string,
): string => {
  const parsed = parseMoney(stake, currency);
  const min = parseMoney(limits.minStake, currency);
  const max = parseMoney(limits.maxStake, currency);
  if (!min.ok || !max.ok) return stake;
  if (!parsed.ok) return limits.minStake;
  const scaled = factor === 2 ? parsed.minor * 2n : parsed.minor / 2n;
  const bounded = scaled < min.minor ? min.minor : scaled > max.minor ? max.minor : scaled;
  return formatMinor(bounded, currency);
};

/** What a win would pay, for the "profit on win" line (floor, as the server pays). */
export const payoutOf = (stake: string, multiplier: MultiplierValue, currency: string): string | null => {
  const parsed = parseMoney(stake, currency);
  if (!parsed.ok) return null;
  return formatMinor((parsed.minor * BigInt(multiplier.numerator)) / BigInt(multiplier.denominator), currency);
};

/** Dice: chance of winning in percent (2 decimals) for a target in hundredths. */
export const diceChance = (target: number, direction: 'under' | 'over'): number =>
  (direction === 'under' ? target : 9999 - target) / 100;

/** Dice: 9900 / winning rolls as a multiplier. */
export const diceMultiplier = (target: number, direction: 'under' | 'over'): MultiplierValue => ({
  numerator: 9900,
  denominator: Math.max(1, direction === 'under' ? target : 9999 - target),
});

/**
 * Auto-bet: whether to stop after a round, given the running profit in minor units and the member's limits
 * (0 or empty means no limit).
 */
export const shouldStopAutoBet = (
  state: { roundsLeft: number; profit: bigint },
  limits: { stopOnProfit: bigint; stopOnLoss: bigint },
): boolean =>
  state.roundsLeft <= 0 ||
  (limits.stopOnProfit > 0n && state.profit >= limits.stopOnProfit) ||
  (limits.stopOnLoss > 0n && -state.profit >= limits.stopOnLoss);

export const minorOf = (amount: string, currency: string): bigint => {
  const parsed = parseMoney(amount.startsWith('-') ? amount.slice(1) : amount, currency);
  if (!parsed.ok) return 0n;
  return amount.startsWith('-') ? -parsed.minor : parsed.minor;
};

export const exponentOf = currencyExponent;

/**
 * The plinko ball's path as points in a board of `rows` peg rows: it starts above the top peg and moves half a
 * peg gap left or right per bounce (1 = right), so it lands in slot = number of rights. Coordinates are in peg
 * gaps, x measured from the board's centre.
 */
export const plinkoPath = (bounces: readonly number[]): { x: number; y: number }[] => {
  const points = [{ x: 0, y: -1 }];
  let x = 0;
  bounces.forEach((bounce, row) => {
    points.push({ x, y: row });
    x += bounce === 1 ? 0.5 : -0.5;
  });
  points.push({ x, y: bounces.length });
  return points;
};
