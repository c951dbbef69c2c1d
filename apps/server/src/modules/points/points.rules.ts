import { currencyExponent, type PointEarnCategory, pointEarnCategories, pointsEarned } from '@tessera/contracts';

/**
 * The earning maths (decision 0059): which rate a settled round earns at, by its game category, and how many whole
 * points a source earns. Each source is floored on its own, so a recomputation from the settled rounds gives
 * exactly what was credited (no carried fractions to drift).
 */

/** The point type of a bet's game category; null: the category earns nothing. */
export const categoryOfGameType = (gameType: string): Exclude<PointEarnCategory, 'deposit'> | null => {
  switch (gameType.toUpperCase()) {
    case 'LIVE':
    case 'COCKFIGHT':
      return 'live';
    case 'LOTT':
    case 'ELOTT':
      return 'lott';
    case 'PVP':
      return 'pvp';
    case 'RNG':
    case 'FISH':
      return 'rng';
    case 'SPORTS':
    case 'ESPORTS':
      return 'sports';
    case 'INHOUSE':
      return 'inhouse';
    default:
      return null;
  }
};

export type PointRates = Record<PointEarnCategory, bigint>;

/** Stored rates (decimal strings, some maybe absent) as a full record; a missing or bad one is 0. */
export const ratesOf = (stored: Partial<Record<PointEarnCategory, string>> | null | undefined): PointRates => {
  const rates = {} as PointRates;
  for (const category of pointEarnCategories) {
    const text = stored?.[category];
    rates[category] = text && /^\d+$/.test(text) ? BigInt(text) : 0n;
  }
  return rates;
};

/** Points a settled round earns: its valid bet at its category's rate. */
export const pointsForBet = (
  rates: PointRates,
  round: { gameType: string; validBet: bigint; currency: string },
): { category: PointEarnCategory; points: bigint } | null => {
  const category = categoryOfGameType(round.gameType);
  if (!category) return null;
  const points = pointsEarned(round.validBet, rates[category], currencyExponent(round.currency));
  return points > 0n ? { category, points } : null;
};

/** Points a credited deposit earns. */
export const pointsForDeposit = (rates: PointRates, amount: bigint, currency: string): bigint =>
  pointsEarned(amount, rates.deposit, currencyExponent(currency));

/**
 * Whether a buy ratio may stand beside a convert ratio (decision 0063): while both are on, buying may not give more
 * points per unit than converting takes back, or buying then converting would turn cash into more cash.
 */
export const buyRatioAllowed = (buyRatio: bigint, convertRatio: bigint): boolean =>
  buyRatio <= 0n || convertRatio <= 0n || buyRatio <= convertRatio;
