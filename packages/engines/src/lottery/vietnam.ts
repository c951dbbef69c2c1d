import { FairStream } from '../fair/fair-stream';
import { hashServerSeed } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { type Fraction, fraction } from '../math/fraction';
import { type LotteryDrawInput, lotteryClientSeed } from './five-digit';

/**
 * The Vietnamese regional lottery (xổ số kiến thiết). The northern draw (miền Bắc) has 27 numbers in 8 prize tiers,
 * the southern and central draws (miền Nam, miền Trung: one per province) 18 numbers in 9 tiers. Every digit of every
 * number is drawn independently and uniformly, as each digit comes from its own drum, so the last two digits of each
 * number are uniform on 00 … 99 and independent of the others.
 */
export const vnRegions = ['north', 'south', 'central'] as const;
export type VnRegion = (typeof vnRegions)[number];

/** A prize tier: its name, how many numbers it draws and their digits. First tier: the special prize (giải đặc biệt). */
export interface VnTier {
  tier: 'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh' | 'eighth';
  count: number;
  digits: number;
}

const NORTH: readonly VnTier[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];
const SOUTH: readonly VnTier[] = [
  { tier: 'special', count: 1, digits: 6 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'eighth', count: 1, digits: 2 },
];

/** The prize tiers of a region's draw, special prize first. */
export const vnTiersOf = (region: VnRegion): readonly VnTier[] => (region === 'north' ? NORTH : SOUTH);
/** How many numbers a region's draw has: 27 in the north, 18 in the south and centre. */
export const vnNumbersOf = (region: VnRegion): number => vnTiersOf(region).reduce((n, tier) => n + tier.count, 0);

/** A drawn result: per tier, its numbers as digit strings (leading zeros kept). */
export type VnResult = { tier: VnTier['tier']; numbers: string[] }[];

/** A region's result from a uniform source: every tier in order, every number digit by digit (`nextInt(10)`). */
export function vnResultFrom(region: VnRegion, source: UniformSource): VnResult {
  return vnTiersOf(region).map((tier) => ({
    tier: tier.tier,
    numbers: Array.from({ length: tier.count }, () =>
      Array.from({ length: tier.digits }, () => String(source.nextInt(10))).join(''),
    ),
  }));
}

/** A draw's result from its seed: the provably fair stream with client seed `lottery:<game>:<draw>[:<beacon>]`. */
export function drawVietnamese(region: VnRegion, input: LotteryDrawInput): VnResult {
  return vnResultFrom(
    region,
    new FairStream({ serverSeed: input.serverSeed, clientSeed: lotteryClientSeed(input), nonce: 0 }),
  );
}

export const vnBetTypes = [
  /** Lô: a two-digit number (00-99), paid once per number of the draw ending in it. `numbers: [n]`. */
  'lo',
  /** Đề: the last two digits of the special prize. `numbers: [n]`. */
  'de',
  /** 3 càng: the last three digits of the special prize (000-999). `numbers: [n]`. */
  'three_cang',
  /** Xiên 2, 3, 4: two, three or four different two-digit numbers, every one of them among the draw's endings. */
  'xien2',
  'xien3',
  'xien4',
] as const;
export type VnBetType = (typeof vnBetTypes)[number];

export interface VnSelection {
  betType: VnBetType;
  numbers: readonly number[];
}

const xienSize = (betType: VnBetType): number =>
  betType === 'xien2' ? 2 : betType === 'xien3' ? 3 : betType === 'xien4' ? 4 : 0;

/** Why a selection is refused ('numbers': out of range, wrong count or repeated), or null. */
export function checkVnSelection(selection: VnSelection): 'numbers' | null {
  const { betType, numbers } = selection;
  const count = xienSize(betType) || 1;
  const max = betType === 'three_cang' ? 999 : 99;
  if (numbers.length !== count) return 'numbers';
  if (!numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= max)) return 'numbers';
  return new Set(numbers).size === numbers.length ? null : 'numbers';
}

const endingOf = (number: string, digits: number): number => Number(number.slice(-digits));

/** How many times a selection wins: lô counts every number ending in it; the others win once or not at all. */
export function vnHits(selection: VnSelection, result: VnResult): number {
  const special = result[0]?.numbers[0] ?? '';
  const [first = -1] = selection.numbers;
  switch (selection.betType) {
    case 'de':
      return endingOf(special, 2) === first ? 1 : 0;
    case 'three_cang':
      return endingOf(special, 3) === first ? 1 : 0;
    case 'lo':
      return result.reduce((n, tier) => n + tier.numbers.filter((x) => endingOf(x, 2) === first).length, 0);
    default: {
      const endings = new Set(result.flatMap((tier) => tier.numbers.map((x) => endingOf(x, 2))));
      return selection.numbers.every((n) => endings.has(n)) ? 1 : 0;
    }
  }
}

/** Multipliers in hundredths per bet type (lô: per hit), as an operator stores them per region. */
export type VnOdds = Record<VnBetType, number>;

const binomial = (n: number, k: number): bigint => {
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
};

/**
 * The exact probability that all of k given different endings appear among the N endings of a region's draw
 * (inclusion-exclusion over the endings missing): Σ_j (-1)^j C(k, j) ((100 - j) / 100)^N.
 */
export function vnXienProbability(region: VnRegion, k: number): Fraction {
  const n = vnNumbersOf(region);
  let numerator = 0n;
  for (let j = 0; j <= k; j += 1) {
    const term = binomial(k, j) * BigInt(100 - j) ** BigInt(n);
    numerator += j % 2 === 0 ? term : -term;
  }
  return fraction(numerator, 100n ** BigInt(n));
}

/** The exact expected hits of a selection per draw (lô: N / 100; đề 1/100; 3 càng 1/1000; xiên its probability). */
export function vnExpectedHits(region: VnRegion, betType: VnBetType): Fraction {
  switch (betType) {
    case 'lo':
      return fraction(BigInt(vnNumbersOf(region)), 100n);
    case 'de':
      return fraction(1n, 100n);
    case 'three_cang':
      return fraction(1n, 1000n);
    default:
      return vnXienProbability(region, xienSize(betType));
  }
}

/** The exact return to player of a bet type: expected hits × multiplier. */
export function vnRtp(region: VnRegion, betType: VnBetType, hundredths: number): Fraction {
  const hits = vnExpectedHits(region, betType);
  return fraction(hits.numerator * BigInt(hundredths), hits.denominator * 100n);
}

/** Odds returning `returnBasisPoints` / 10000 of the stake on average, rounded down to hundredths. */
export function vnOddsFor(region: VnRegion, returnBasisPoints: number): VnOdds {
  const at = (betType: VnBetType) => {
    const hits = vnExpectedHits(region, betType);
    return Number((BigInt(returnBasisPoints) * hits.denominator) / (hits.numerator * 100n));
  };
  return Object.fromEntries(vnBetTypes.map((betType) => [betType, at(betType)])) as VnOdds;
}

/** payout = floor(stake × hundredths × hits / 100). */
export const vnPayout = (stake: bigint, hundredths: number, hits: number): bigint =>
  (stake * BigInt(hundredths) * BigInt(hits)) / 100n;

/** The most times one selection can win in a draw: lô once per number of the draw (27 or 18), the others once. */
export const vnMaxHits = (region: VnRegion, betType: VnBetType): number => (betType === 'lo' ? vnNumbersOf(region) : 1);

/** A result as stored and sent: every number as an integer, tiers in order from the special prize. */
export const vnStoredNumbers = (result: VnResult): number[] => result.flatMap((tier) => tier.numbers.map(Number));

/** Stored numbers back as a region's result (each number padded to its tier's digits), or null if the count is wrong. */
export function vnResultOf(region: VnRegion, numbers: readonly number[]): VnResult | null {
  if (numbers.length !== vnNumbersOf(region)) return null;
  let at = 0;
  return vnTiersOf(region).map((tier) => ({
    tier: tier.tier,
    numbers: Array.from({ length: tier.count }, () => String(numbers[at++]).padStart(tier.digits, '0')),
  }));
}

/** A Vietnamese draw recomputed from its revealed seed: whether the seed matches the commitment and the numbers. */
export function verifyVietnameseDraw(
  region: VnRegion,
  input: LotteryDrawInput & { seedHash: string; numbers: readonly number[] },
): { seedMatches: boolean; numbers: number[]; numbersMatch: boolean } {
  const numbers = vnStoredNumbers(drawVietnamese(region, input));
  return {
    seedMatches: hashServerSeed(input.serverSeed) === input.seedHash,
    numbers,
    numbersMatch: numbers.length === input.numbers.length && numbers.every((n, i) => n === input.numbers[i]),
  };
}
