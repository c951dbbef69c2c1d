import { FairStream } from '../fair/fair-stream';
import { hashServerSeed } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { type Fraction, fraction } from '../math/fraction';

/**
 * The fast five-digit lottery (the "time-time" draw of Chinese-language lotteries): each draw is five digits
 * 0 … 9, each drawn independently and uniformly, so the 10^5 outcomes are equally likely. Tickets bet on one
 * selection of one bet type at a fixed multiplier (hundredths) locked when the ticket is bought.
 */
export const FIVE_DIGIT_POSITIONS = 5;
export const FIVE_DIGIT_OUTCOMES = 100_000;
export const FIVE_DIGIT_MAX_SUM = 45;

export const fiveDigitBetTypes = [
  /** The digit at one position: `position`, `numbers: [d]`. */
  'position',
  /** One position big (5-9) or small (0-4): `position`, `side`. */
  'position_big_small',
  /** One position odd or even: `position`, `side`. */
  'position_odd_even',
  /** The sum of the five digits big (23-45) or small (0-22): `side`. */
  'sum_big_small',
  /** The sum odd or even: `side`. */
  'sum_odd_even',
  /** The exact sum 0 … 45: `numbers: [s]`. */
  'sum',
  /** The first two digits in order: `numbers: [d, d]`. */
  'front2',
  /** The last two digits in order. */
  'back2',
  /** The first three digits in order. */
  'front3',
  /** The last three digits in order. */
  'back3',
  /** All five digits in order. */
  'straight5',
] as const;
export type FiveDigitBetType = (typeof fiveDigitBetTypes)[number];

export const lotterySides = ['big', 'small', 'odd', 'even'] as const;
export type LotterySide = (typeof lotterySides)[number];

/** One ticket's selection. Fields not used by the bet type are absent. */
export interface FiveDigitSelection {
  betType: FiveDigitBetType;
  position?: number;
  numbers?: readonly number[];
  side?: LotterySide;
}

/** Why a selection is refused (the server turns it into an error code). */
export type SelectionProblem = 'position' | 'numbers' | 'side';

const digitCount: Partial<Record<FiveDigitBetType, number>> = {
  position: 1,
  front2: 2,
  back2: 2,
  front3: 3,
  back3: 3,
  straight5: 5,
};
const usesPosition = (t: FiveDigitBetType) =>
  t === 'position' || t === 'position_big_small' || t === 'position_odd_even';
const sidesOf = (t: FiveDigitBetType): readonly LotterySide[] | null =>
  t === 'position_big_small' || t === 'sum_big_small'
    ? ['big', 'small']
    : t === 'position_odd_even' || t === 'sum_odd_even'
      ? ['odd', 'even']
      : null;

/** The first thing wrong with a selection, or null when it is a valid selection of its bet type. */
export function checkFiveDigitSelection(selection: FiveDigitSelection): SelectionProblem | null {
  const { betType, position, numbers, side } = selection;
  if (usesPosition(betType)) {
    if (position === undefined || !Number.isInteger(position) || position < 0 || position >= FIVE_DIGIT_POSITIONS) {
      return 'position';
    }
  } else if (position !== undefined) {
    return 'position';
  }
  const sides = sidesOf(betType);
  if (sides) {
    if (side === undefined || !sides.includes(side)) return 'side';
    if (numbers !== undefined && numbers.length > 0) return 'numbers';
    return null;
  }
  if (side !== undefined) return 'side';
  if (!numbers) return 'numbers';
  if (betType === 'sum') {
    const [value] = numbers;
    if (numbers.length !== 1 || value === undefined || !Number.isInteger(value)) return 'numbers';
    return value >= 0 && value <= FIVE_DIGIT_MAX_SUM ? null : 'numbers';
  }
  const count = digitCount[betType] ?? 0;
  if (numbers.length !== count) return 'numbers';
  return numbers.every((d) => Number.isInteger(d) && d >= 0 && d <= 9) ? null : 'numbers';
}

/** The draw's public inputs besides the secret seed: which draw it is, and a beacon value if one was recorded. */
export interface LotteryDrawInput {
  serverSeed: string;
  gameCode: string;
  drawNo: string;
  /** A public value fixed before the draw (e.g. a block hash), recorded with the draw; null when not configured. */
  beacon: string | null;
}

/** The client seed of a draw's stream: `lottery:<game>:<draw>` and `:<beacon>` when there is one. */
export const lotteryClientSeed = (input: Omit<LotteryDrawInput, 'serverSeed'>): string =>
  `lottery:${input.gameCode}:${input.drawNo}${input.beacon === null ? '' : `:${input.beacon}`}`;

/**
 * The five digits of a draw: the first five unbiased integers in [0, 10) of the provably fair stream
 * HMAC-SHA256(serverSeed, clientSeed:0:cursor), nonce 0 (see fair/fair-stream.ts).
 */
export function drawFiveDigits(input: LotteryDrawInput): number[] {
  return fiveDigitsFrom(
    new FairStream({ serverSeed: input.serverSeed, clientSeed: lotteryClientSeed(input), nonce: 0 }),
  );
}

/** Five digits from a uniform source: `nextInt(10)` five times, first position first. */
export const fiveDigitsFrom = (source: UniformSource): number[] =>
  Array.from({ length: FIVE_DIGIT_POSITIONS }, () => source.nextInt(10));

/** A draw recomputed from its revealed seed: whether the seed matches the commitment and the stored numbers. */
export function verifyFiveDigitDraw(input: LotteryDrawInput & { seedHash: string; numbers: readonly number[] }): {
  seedMatches: boolean;
  numbers: number[];
  numbersMatch: boolean;
} {
  const numbers = drawFiveDigits(input);
  return {
    seedMatches: hashServerSeed(input.serverSeed) === input.seedHash,
    numbers,
    numbersMatch: numbers.length === input.numbers.length && numbers.every((n, i) => n === input.numbers[i]),
  };
}

const sumOf = (digits: readonly number[]) => digits.reduce((a, b) => a + b, 0);
const sideHolds = (value: number, side: LotterySide, bigFrom: number) =>
  side === 'big'
    ? value >= bigFrom
    : side === 'small'
      ? value < bigFrom
      : side === 'odd'
        ? value % 2 === 1
        : value % 2 === 0;
const sameDigits = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** Whether a (valid) selection wins on the drawn digits. */
export function fiveDigitWins(selection: FiveDigitSelection, drawn: readonly number[]): boolean {
  const { betType, position = 0, numbers = [], side = 'big' } = selection;
  switch (betType) {
    case 'position':
      return drawn[position] === numbers[0];
    case 'position_big_small':
    case 'position_odd_even':
      return sideHolds(drawn[position] ?? 0, side, 5);
    case 'sum_big_small':
    case 'sum_odd_even':
      return sideHolds(sumOf(drawn), side, 23);
    case 'sum':
      return sumOf(drawn) === numbers[0];
    case 'front2':
      return sameDigits(drawn.slice(0, 2), numbers);
    case 'back2':
      return sameDigits(drawn.slice(3), numbers);
    case 'front3':
      return sameDigits(drawn.slice(0, 3), numbers);
    case 'back3':
      return sameDigits(drawn.slice(2), numbers);
    case 'straight5':
      return sameDigits(drawn, numbers);
  }
}

/** How many of the 10^5 five-digit outcomes have each sum 0 … 45 (exact, by convolution). */
export const FIVE_DIGIT_SUM_COUNTS: readonly number[] = (() => {
  let counts = [1];
  for (let p = 0; p < FIVE_DIGIT_POSITIONS; p += 1) {
    const next = new Array<number>(counts.length + 9).fill(0);
    counts.forEach((c, s) => {
      for (let d = 0; d <= 9; d += 1) next[s + d] = (next[s + d] as number) + c;
    });
    counts = next;
  }
  return counts;
})();

/** How many of the 10^5 outcomes a valid selection wins on (exact, without enumerating). */
export function fiveDigitWinningOutcomes(selection: FiveDigitSelection): number {
  switch (selection.betType) {
    case 'position':
      return 10_000;
    case 'position_big_small':
    case 'position_odd_even':
    case 'sum_big_small':
    case 'sum_odd_even':
      // Digits: 5 of 10 either way. Sums: s ↔ 45 − s swaps big and small and (45 odd) odd and even.
      return 50_000;
    case 'sum':
      return FIVE_DIGIT_SUM_COUNTS[selection.numbers?.[0] ?? -1] ?? 0;
    case 'front2':
    case 'back2':
      return 1_000;
    case 'front3':
    case 'back3':
      return 100;
    case 'straight5':
      return 1;
  }
}

/**
 * The odds of a game: the multiplier in hundredths paid on a winning ticket (stake included) per bet type; `sum`
 * has one per value 0 … 45. Operators edit them; these are the defaults (about 97.5% return).
 */
export interface FiveDigitOdds {
  flat: Record<Exclude<FiveDigitBetType, 'sum'>, number>;
  sum: readonly number[];
}

/** The multiplier (hundredths) a selection is paid at under `odds`. */
export const fiveDigitOddsOf = (odds: FiveDigitOdds, selection: FiveDigitSelection): number =>
  selection.betType === 'sum' ? (odds.sum[selection.numbers?.[0] ?? -1] ?? 0) : odds.flat[selection.betType];

/** Odds paying `returnBasisPoints` / 10000 of the stake on average, rounded down to hundredths. */
export function fiveDigitOddsFor(returnBasisPoints: number): FiveDigitOdds {
  const at = (wins: number) => Math.floor((returnBasisPoints * FIVE_DIGIT_OUTCOMES) / (wins * 100));
  return {
    flat: {
      position: at(10_000),
      position_big_small: at(50_000),
      position_odd_even: at(50_000),
      sum_big_small: at(50_000),
      sum_odd_even: at(50_000),
      front2: at(1_000),
      back2: at(1_000),
      front3: at(100),
      back3: at(100),
      straight5: at(1),
    },
    sum: FIVE_DIGIT_SUM_COUNTS.map(at),
  };
}
export const DEFAULT_FIVE_DIGIT_ODDS: FiveDigitOdds = fiveDigitOddsFor(9750);

/** The exact return to player of one selection: P(win) × multiplier, as a fraction of the stake. */
export function fiveDigitSelectionRtp(selection: FiveDigitSelection, hundredths: number): Fraction {
  return fraction(BigInt(fiveDigitWinningOutcomes(selection)) * BigInt(hundredths), BigInt(FIVE_DIGIT_OUTCOMES) * 100n);
}

/** Every valid selection of a bet type (for the rules page's lowest and highest return, and tests). */
export function fiveDigitSelectionsOf(betType: FiveDigitBetType): FiveDigitSelection[] {
  const positions = [0, 1, 2, 3, 4];
  switch (betType) {
    case 'position':
      return positions.flatMap((position) => [...Array(10).keys()].map((d) => ({ betType, position, numbers: [d] })));
    case 'position_big_small':
      return positions.flatMap((position) => (['big', 'small'] as const).map((side) => ({ betType, position, side })));
    case 'position_odd_even':
      return positions.flatMap((position) => (['odd', 'even'] as const).map((side) => ({ betType, position, side })));
    case 'sum_big_small':
      return (['big', 'small'] as const).map((side) => ({ betType, side }));
    case 'sum_odd_even':
      return (['odd', 'even'] as const).map((side) => ({ betType, side }));
    case 'sum':
      return FIVE_DIGIT_SUM_COUNTS.map((_, s) => ({ betType, numbers: [s] }));
    default: {
      const count = digitCount[betType] ?? 0;
      // One representative selection per bet type: every ordered selection of n digits wins on 10^(5-n) outcomes.
      return [{ betType, numbers: new Array<number>(count).fill(0) }];
    }
  }
}

/** The lowest and highest exact return of a bet type's selections under `odds`. */
export function fiveDigitBetTypeRtp(odds: FiveDigitOdds, betType: FiveDigitBetType): { min: Fraction; max: Fraction } {
  const rtps = fiveDigitSelectionsOf(betType).map((s) => fiveDigitSelectionRtp(s, fiveDigitOddsOf(odds, s)));
  const cmp = (a: Fraction, b: Fraction) => a.numerator * b.denominator - b.numerator * a.denominator;
  let min = rtps[0] as Fraction;
  let max = min;
  for (const r of rtps) {
    if (cmp(r, min) < 0n) min = r;
    if (cmp(r, max) > 0n) max = r;
  }
  return { min, max };
}

/** payout = floor(stake × hundredths / 100) minor units on a win, else 0. */
export const lotteryPayout = (stake: bigint, hundredths: number, wins: boolean): bigint =>
  wins ? (stake * BigInt(hundredths)) / 100n : 0n;
export type { Fraction } from '../math/fraction';
