import { FairStream } from '../fair/fair-stream';
import type { UniformSource } from '../fair/uniform-source';
import { type Fraction, fraction } from '../math/fraction';
import { type LotteryDrawInput, lotteryClientSeed } from './five-digit';

/**
 * The South-East Asian 4D game: each draw has 23 different four-digit numbers (0000-9999): the first, second and
 * third prizes, ten starter and ten consolation prizes. A ticket is one four-digit number; a Big bet wins on any of
 * the 23 at the tier's multiplier, a Small bet only on the first three (higher multipliers).
 */
export const FOUR_D_NUMBERS = 23;
export const FOUR_D_OUTCOMES = 10_000;
export const fourDTiers = ['first', 'second', 'third', 'starter', 'consolation'] as const;
export type FourDTier = (typeof fourDTiers)[number];
export const fourDBetTypes = ['big', 'small'] as const;
export type FourDBetType = (typeof fourDBetTypes)[number];

/** The drawn numbers: first, second, third, then 10 starter and 10 consolation, all different. */
export interface FourDResult {
  first: number;
  second: number;
  third: number;
  starter: number[];
  consolation: number[];
}

/** 23 different numbers from a uniform source: `nextInt(10000)` in turn, a number already drawn drawn again. */
export function fourDResultFrom(source: UniformSource): FourDResult {
  const drawn: number[] = [];
  const seen = new Set<number>();
  while (drawn.length < FOUR_D_NUMBERS) {
    const n = source.nextInt(FOUR_D_OUTCOMES);
    if (seen.has(n)) continue;
    seen.add(n);
    drawn.push(n);
  }
  return {
    first: drawn[0] as number,
    second: drawn[1] as number,
    third: drawn[2] as number,
    starter: drawn.slice(3, 13),
    consolation: drawn.slice(13, 23),
  };
}

/** A draw's result from its seed (client seed `lottery:<game>:<draw>[:<beacon>]`, nonce 0). */
export function drawFourD(input: LotteryDrawInput): FourDResult {
  return fourDResultFrom(
    new FairStream({ serverSeed: input.serverSeed, clientSeed: lotteryClientSeed(input), nonce: 0 }),
  );
}

/** The tier a number won in a result, or null. */
export function fourDTierOf(number: number, result: FourDResult): FourDTier | null {
  if (number === result.first) return 'first';
  if (number === result.second) return 'second';
  if (number === result.third) return 'third';
  if (result.starter.includes(number)) return 'starter';
  if (result.consolation.includes(number)) return 'consolation';
  return null;
}

/** Multipliers in hundredths per bet type and tier, as an operator stores them (Small pays on the first three). */
export type FourDOdds = Record<FourDBetType, Record<FourDTier, number>>;

/** The usual prize table per unit staked: Big 2,500 / 1,000 / 500 / 180 / 60; Small 3,500 / 2,000 / 1,000. */
export const DEFAULT_FOUR_D_ODDS: FourDOdds = {
  big: { first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 },
  small: { first: 350_000, second: 200_000, third: 100_000, starter: 0, consolation: 0 },
};

const tierSize: Record<FourDTier, number> = { first: 1, second: 1, third: 1, starter: 10, consolation: 10 };

/** Why a ticket's number is refused, or null: a whole number 0 … 9999. */
export const checkFourDNumber = (number: number): 'numbers' | null =>
  Number.isInteger(number) && number >= 0 && number < FOUR_D_OUTCOMES ? null : 'numbers';

/**
 * The exact return to player of a bet type: each of the 23 places holds any given number with probability 1/10000
 * (the numbers are different, so one number is in at most one place): Σ tiers (places × multiplier) / 10000.
 */
export function fourDRtp(odds: FourDOdds, betType: FourDBetType): Fraction {
  const table = odds[betType];
  const total = fourDTiers.reduce((sum, tier) => sum + BigInt(tierSize[tier]) * BigInt(table[tier]), 0n);
  return fraction(total, BigInt(FOUR_D_OUTCOMES) * 100n);
}

/** payout = floor(stake × the tier's hundredths / 100), 0 when the number did not win (or Small below third). */
export function fourDPayout(stake: bigint, odds: FourDOdds, betType: FourDBetType, tier: FourDTier | null): bigint {
  return tier === null ? 0n : (stake * BigInt(odds[betType][tier])) / 100n;
}
