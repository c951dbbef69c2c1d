import { FairStream } from '../fair/fair-stream';
import { hashServerSeed } from '../fair/seeds';
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

/** How many of a draw's 23 places each tier has (first, second, third, starter, consolation). */
export const FOUR_D_TIER_PLACES: readonly number[] = fourDTiers.map((tier) => tierSize[tier]);

/**
 * The house's worst 4D draw: given what the tickets on each number would pay in each tier (`payouts.get(n)[i]`, tiers
 * in `fourDTiers` order), the placement of different numbers in the 23 places paying the most in total. Exact: a
 * maximum-weight assignment by successive longest augmenting paths (Bellman-Ford over bigint weights), over the
 * numbers among the 23 best of some tier (a number outside every tier's best 23 can always be swapped for an unused
 * one of them that pays at least as much). Places no ticket gains from stay empty (-1 in `places`).
 */
export function fourDWorstOutcome(payouts: ReadonlyMap<number, readonly bigint[]>): {
  payout: bigint;
  places: number[];
} {
  const candidates = new Set<number>();
  fourDTiers.forEach((_, tier) => {
    [...payouts.entries()]
      .filter(([, pays]) => (pays[tier] ?? 0n) > 0n)
      .sort((a, b) =>
        (b[1][tier] ?? 0n) > (a[1][tier] ?? 0n) ? 1 : (b[1][tier] ?? 0n) < (a[1][tier] ?? 0n) ? -1 : a[0] - b[0],
      )
      .slice(0, FOUR_D_NUMBERS)
      .forEach(([n]) => {
        candidates.add(n);
      });
  });
  const numbers = [...candidates].sort((a, b) => a - b);
  const tiers = fourDTiers.length;
  // Nodes: 0 source, 1 … k numbers, k+1 … k+5 tiers, k+6 sink.
  const k = numbers.length;
  const sink = k + tiers + 1;
  const edges: { to: number; cap: number; gain: bigint; rev: number }[] = [];
  const out: number[][] = Array.from({ length: sink + 1 }, () => []);
  const link = (from: number, to: number, cap: number, gain: bigint) => {
    out[from]?.push(edges.length);
    edges.push({ to, cap, gain, rev: edges.length + 1 });
    out[to]?.push(edges.length);
    edges.push({ to: from, cap: 0, gain: -gain, rev: edges.length - 1 });
  };
  numbers.forEach((n, i) => {
    link(0, i + 1, 1, 0n);
    const pays = payouts.get(n) ?? [];
    for (let t = 0; t < tiers; t += 1) if ((pays[t] ?? 0n) > 0n) link(i + 1, k + 1 + t, 1, pays[t] as bigint);
  });
  for (let t = 0; t < tiers; t += 1) link(k + 1 + t, sink, FOUR_D_TIER_PLACES[t] as number, 0n);
  let total = 0n;
  for (;;) {
    const best: (bigint | null)[] = new Array(sink + 1).fill(null);
    const via: number[] = new Array(sink + 1).fill(-1);
    best[0] = 0n;
    for (let round = 0, changed = true; changed && round <= sink; round += 1) {
      changed = false;
      for (let from = 0; from <= sink; from += 1) {
        const at = best[from];
        if (at === null || at === undefined) continue;
        for (const e of out[from] ?? []) {
          const edge = edges[e];
          if (!edge || edge.cap <= 0) continue;
          const value = at + edge.gain;
          const current = best[edge.to];
          if (current === null || current === undefined || value > current) {
            best[edge.to] = value;
            via[edge.to] = e;
            changed = true;
          }
        }
      }
    }
    const gain = best[sink];
    if (gain === null || gain === undefined || gain <= 0n) break;
    total += gain;
    for (let node = sink; node !== 0; ) {
      const edge = edges[via[node] as number] as (typeof edges)[number];
      edge.cap -= 1;
      (edges[edge.rev] as (typeof edges)[number]).cap += 1;
      node = (edges[edge.rev] as (typeof edges)[number]).to;
    }
  }
  const byTier: number[][] = Array.from({ length: tiers }, () => []);
  numbers.forEach((n, i) => {
    for (const e of out[i + 1] ?? []) {
      const edge = edges[e] as (typeof edges)[number];
      if (edge.to > k && edge.to < sink && edge.cap === 0 && edge.gain > 0n) byTier[edge.to - k - 1]?.push(n);
    }
  });
  const places = byTier.flatMap((list, t) => [
    ...list,
    ...new Array<number>((FOUR_D_TIER_PLACES[t] as number) - list.length).fill(-1),
  ]);
  return { payout: total, places };
}

/** A result as stored and sent: its 23 numbers in draw order (first, second, third, starter, consolation). */
export const fourDNumbersOf = (result: FourDResult): number[] => [
  result.first,
  result.second,
  result.third,
  ...result.starter,
  ...result.consolation,
];

/** The tier index (`fourDTiers` order) of a place 0 … 22 in the stored order. */
export const fourDTierIndexOfPlace = (place: number): number => (place < 3 ? place : place < 13 ? 3 : 4);

/** The tier index a ticket's number won in stored numbers, or -1. */
export const fourDTierIndexIn = (number: number, numbers: readonly number[]): number => {
  const place = numbers.indexOf(number);
  return place < 0 ? -1 : fourDTierIndexOfPlace(place);
};

/** A 4D draw recomputed from its revealed seed: whether the seed matches the commitment and the stored numbers. */
export function verifyFourDDraw(input: LotteryDrawInput & { seedHash: string; numbers: readonly number[] }): {
  seedMatches: boolean;
  numbers: number[];
  numbersMatch: boolean;
} {
  const numbers = fourDNumbersOf(drawFourD(input));
  return {
    seedMatches: hashServerSeed(input.serverSeed) === input.seedHash,
    numbers,
    numbersMatch: numbers.length === input.numbers.length && numbers.every((n, i) => n === input.numbers[i]),
  };
}
