import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/fair-stream';
import {
  DEFAULT_FOUR_D_ODDS,
  FOUR_D_OUTCOMES,
  FOUR_D_TIER_PLACES,
  type FourDBetType,
  type FourDOdds,
  fourDPayout,
  fourDResultFrom,
  fourDRtp,
  fourDTierOf,
  fourDWorstOutcome,
} from './four-d';

/**
 * The 4D game's exact return to player (decision 0108). The return of a bet type is Σ tiers (places × multiplier) /
 * 10,000; checked two ways: as exact fractions, and by the draw's symmetry: whatever 23 different numbers are drawn,
 * the payouts of one unit on every one of the 10,000 numbers add up to exactly 10,000 × the return (each number is
 * equally likely to be any ticket's number, so the average over all tickets is the average over all draws).
 */
const custom: FourDOdds = {
  big: { first: 200_000, second: 80_000, third: 40_000, starter: 15_000, consolation: 5_000 },
  small: { first: 300_000, second: 150_000, third: 75_000, starter: 0, consolation: 0 },
};

describe('4D return to player', () => {
  it('is exactly 16/25 (64%) for Big and 13/20 (65%) for Small at the default odds', () => {
    expect(fourDRtp(DEFAULT_FOUR_D_ODDS, 'big')).toEqual({ numerator: 16n, denominator: 25n });
    expect(fourDRtp(DEFAULT_FOUR_D_ODDS, 'small')).toEqual({ numerator: 13n, denominator: 20n });
    // Operator-edited odds: Big (2000 + 800 + 400 + 10×150 + 10×50) / 10000 = 52/100; Small (3000+1500+750)/10000.
    expect(fourDRtp(custom, 'big')).toEqual({ numerator: 13n, denominator: 25n });
    expect(fourDRtp(custom, 'small')).toEqual({ numerator: 21n, denominator: 40n });
  });

  it('equals the payouts of every one of the 10,000 numbers on any draw, summed, over 10,000', () => {
    for (const seed of ['a', 'b', 'c']) {
      const result = fourDResultFrom(new FairStream({ serverSeed: seed, clientSeed: 'lottery:4D:1', nonce: 0 }));
      for (const odds of [DEFAULT_FOUR_D_ODDS, custom]) {
        for (const betType of ['big', 'small'] as FourDBetType[]) {
          let paid = 0n;
          for (let n = 0; n < FOUR_D_OUTCOMES; n += 1) paid += fourDPayout(100n, odds, betType, fourDTierOf(n, result));
          const rtp = fourDRtp(odds, betType);
          // paid / (100 × 10000) = numerator / denominator, exactly.
          expect(paid * rtp.denominator).toBe(100n * BigInt(FOUR_D_OUTCOMES) * rtp.numerator);
        }
      }
    }
  });
});

/** Every placement of the numbers in the tiers (or none), brute force: the most the house can pay. */
const bruteWorst = (payouts: Map<number, bigint[]>): bigint => {
  const numbers = [...payouts.keys()];
  const left = [...FOUR_D_TIER_PLACES];
  const go = (i: number): bigint => {
    if (i === numbers.length) return 0n;
    let best = go(i + 1);
    const pays = payouts.get(numbers[i] as number) ?? [];
    for (let t = 0; t < left.length; t += 1) {
      if ((left[t] as number) === 0) continue;
      left[t] = (left[t] as number) - 1;
      const value = (pays[t] ?? 0n) + go(i + 1);
      left[t] = (left[t] as number) + 1;
      if (value > best) best = value;
    }
    return best;
  };
  return go(0);
};

describe('the house worst 4D draw', () => {
  it('matches a brute force over every placement of a few numbers', () => {
    let state = 7;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    for (let round = 0; round < 60; round += 1) {
      const payouts = new Map<number, bigint[]>();
      const count = 1 + random(6);
      for (let i = 0; i < count; i += 1) {
        const big = BigInt(random(5) * 100);
        const small = BigInt(random(5) * 100);
        const pays = (['first', 'second', 'third', 'starter', 'consolation'] as const).map(
          (tier) =>
            (big * BigInt(DEFAULT_FOUR_D_ODDS.big[tier]) + small * BigInt(DEFAULT_FOUR_D_ODDS.small[tier])) / 100n,
        );
        payouts.set(random(10_000), pays);
      }
      const worst = fourDWorstOutcome(payouts);
      expect(worst.payout).toBe(bruteWorst(payouts));
      expect(worst.places).toHaveLength(23);
      // The placement it names pays what it says.
      const tierOfPlace = FOUR_D_TIER_PLACES.flatMap((size, t) => new Array<number>(size).fill(t));
      const paid = worst.places.reduce(
        (sum, n, place) => (n < 0 ? sum : sum + ((payouts.get(n) ?? [])[tierOfPlace[place] as number] ?? 0n)),
        0n,
      );
      expect(paid).toBe(worst.payout);
      const used = worst.places.filter((n) => n >= 0);
      expect(new Set(used).size).toBe(used.length);
    }
  });

  it('puts the heaviest Big tickets in the top places when more than 23 numbers are held', () => {
    const payouts = new Map<number, bigint[]>();
    for (let n = 0; n < 40; n += 1) {
      const stake = BigInt(100 + n);
      payouts.set(
        n,
        (['first', 'second', 'third', 'starter', 'consolation'] as const).map(
          (tier) => (stake * BigInt(DEFAULT_FOUR_D_ODDS.big[tier])) / 100n,
        ),
      );
    }
    const worst = fourDWorstOutcome(payouts);
    expect(worst.places.slice(0, 3).sort()).toEqual([37, 38, 39]);
    expect(worst.places.filter((n) => n >= 0)).toHaveLength(23);
  });
});
