import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/fair-stream';
import { hashServerSeed } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { fraction, fractionToNumber } from '../math/fraction';
import {
  checkFourDNumber,
  DEFAULT_FOUR_D_ODDS,
  drawFourD,
  type FourDBetType,
  fourDPayout,
  fourDResultFrom,
  fourDRtp,
  fourDTierOf,
} from './four-d';
import {
  checkVnSelection,
  drawVietnamese,
  type VnBetType,
  type VnRegion,
  type VnSelection,
  verifyVietnameseDraw,
  vnBetTypes,
  vnHits,
  vnMaxHits,
  vnNumbersOf,
  vnOddsFor,
  vnPayout,
  vnResultFrom,
  vnResultOf,
  vnRtp,
  vnStoredNumbers,
  vnTiersOf,
  vnXienProbability,
} from './vietnam';

/**
 * The Vietnamese regional draws and 4D: the shapes of the results, the selections refused, the exact return of every
 * bet type, and that return matched by simulation (LOTTERY_SIM_DRAWS draws each, within 3 standard
 * errors). The simulation's uniform integers come from a small seeded generator (mulberry32 with rejection, so
 * unbiased): it tests the payout rules against the exact figures; the draws' own stream is the provably fair one,
 * whose statistics the engines' suite and dieharder test (five-digit.stats.test.ts, fair-stream tests).
 */
// 50,000 in CI (the test suite's time); the proof of the issue runs LOTTERY_SIM_DRAWS=1000000.
const DRAWS = Number(process.env.LOTTERY_SIM_DRAWS ?? 50_000);
// 4D is cheap (about 4 s for 10^6 draws on the shared 2-core machine): the 10^6 in every run.
const FOUR_D_DRAWS = Number(process.env.FOUR_D_SIM_DRAWS ?? 1_000_000);

const seeded = (seed: number): UniformSource => {
  let state = seed >>> 0;
  const next32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    nextInt: (max: number) => {
      const limit = 2 ** 32 - (2 ** 32 % max);
      for (;;) {
        const x = next32();
        if (x < limit) return x % max;
      }
    },
  };
};

const within3se = (label: string, payouts: { sum: number; squares: number }, exact: number, draws = DRAWS) => {
  const mean = payouts.sum / draws;
  const standardError = Math.sqrt((payouts.squares / draws - mean * mean) / draws);
  expect(
    Math.abs(mean - exact),
    `${label}: simulated ${mean} vs exact ${exact} (SE ${standardError})`,
  ).toBeLessThanOrEqual(3 * standardError);
};

describe('the Vietnamese regional lottery', () => {
  it('draws 27 numbers in 8 tiers in the north, 18 in 9 tiers in the south and centre, with their digits', () => {
    const seed = { serverSeed: 'vn-seed', gameCode: 'VNN', drawNo: '20261129', beacon: null };
    const north = drawVietnamese('north', seed);
    expect(north.map((tier) => tier.numbers.length)).toEqual([1, 1, 2, 6, 4, 6, 3, 4]);
    expect(north.flatMap((tier) => tier.numbers)).toHaveLength(27);
    expect(north.map((tier) => tier.numbers[0]?.length)).toEqual([5, 5, 5, 5, 4, 4, 3, 2]);
    for (const region of ['south', 'central'] as const) {
      const result = drawVietnamese(region, { ...seed, gameCode: `VN${region}` });
      expect(result.map((tier) => tier.numbers.length)).toEqual([1, 1, 1, 2, 7, 1, 3, 1, 1]);
      expect(result.map((tier) => tier.numbers[0]?.length)).toEqual([6, 5, 5, 5, 5, 4, 4, 3, 2]);
      expect(vnNumbersOf(region)).toBe(18);
      expect(vnTiersOf(region)[0]?.tier).toBe('special');
    }
    expect(vnNumbersOf('north')).toBe(27);
    // The same seed gives the same result; another draw number another one.
    expect(drawVietnamese('north', seed)).toEqual(north);
    expect(drawVietnamese('north', { ...seed, drawNo: '20261130' })).not.toEqual(north);
    // The server path is the fair stream with the lottery's client seed.
    expect(north).toEqual(
      vnResultFrom('north', new FairStream({ serverSeed: 'vn-seed', clientSeed: 'lottery:VNN:20261129', nonce: 0 })),
    );
  });

  it('counts lô per number ending in it, đề and 3 càng on the special prize, xiên only when every number is in', () => {
    const result = [
      { tier: 'special' as const, numbers: ['12345'] },
      { tier: 'first' as const, numbers: ['00045', '99907'] },
      { tier: 'seventh' as const, numbers: ['45', '07', '13'] },
    ];
    expect(vnHits({ betType: 'lo', numbers: [45] }, result)).toBe(3);
    expect(vnHits({ betType: 'lo', numbers: [7] }, result)).toBe(2);
    expect(vnHits({ betType: 'lo', numbers: [8] }, result)).toBe(0);
    expect(vnHits({ betType: 'de', numbers: [45] }, result)).toBe(1);
    expect(vnHits({ betType: 'de', numbers: [7] }, result)).toBe(0);
    expect(vnHits({ betType: 'three_cang', numbers: [345] }, result)).toBe(1);
    expect(vnHits({ betType: 'three_cang', numbers: [45] }, result)).toBe(0);
    expect(vnHits({ betType: 'xien2', numbers: [45, 7] }, result)).toBe(1);
    expect(vnHits({ betType: 'xien3', numbers: [45, 7, 13] }, result)).toBe(1);
    expect(vnHits({ betType: 'xien3', numbers: [45, 7, 14] }, result)).toBe(0);
    expect(vnPayout(1000n, 361, 3)).toBe(10_830n);
  });

  it('refuses numbers out of range, of the wrong count or repeated', () => {
    expect(checkVnSelection({ betType: 'lo', numbers: [99] })).toBeNull();
    expect(checkVnSelection({ betType: 'lo', numbers: [100] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'de', numbers: [-1] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'de', numbers: [1, 2] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'three_cang', numbers: [999] })).toBeNull();
    expect(checkVnSelection({ betType: 'three_cang', numbers: [1000] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'xien2', numbers: [4, 4] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'xien3', numbers: [4, 5] })).toBe('numbers');
    expect(checkVnSelection({ betType: 'xien4', numbers: [1, 2, 3, 4] })).toBeNull();
    expect(checkVnSelection({ betType: 'xien2', numbers: [1.5, 2] })).toBe('numbers');
  });

  it('computes each bet type’s exact return; odds for 97.5 % stay at or under it', () => {
    // Xiên 2 in the north: 1 - 2 (99/100)^27 + (98/100)^27.
    const p = fractionToNumber(vnXienProbability('north', 2));
    expect(p).toBeCloseTo(1 - 2 * 0.99 ** 27 + 0.98 ** 27, 12);
    for (const region of ['north', 'south'] as const) {
      const odds = vnOddsFor(region, 9750);
      for (const betType of vnBetTypes) {
        const rtp = fractionToNumber(vnRtp(region, betType, odds[betType]));
        expect(rtp, `${region} ${betType}`).toBeLessThanOrEqual(0.975);
        expect(rtp, `${region} ${betType}`).toBeGreaterThan(0.97);
      }
    }
    expect(vnOddsFor('north', 9750)).toMatchObject({ lo: 361, de: 9750, three_cang: 97_500 });
    expect(vnOddsFor('south', 9750).lo).toBe(541);
  });

  it('gives each bet type its exact return at the default odds, xiên checked by a count of covered endings', () => {
    // P(all k given endings among N uniform endings), by the number of them covered after each number drawn: an
    // independent count of the inclusion-exclusion the engine uses.
    const allCovered = (n: number, k: number) => {
      let ways: bigint[] = Array.from({ length: k + 1 }, (_, j) => (j === 0 ? 1n : 0n));
      for (let draw = 0; draw < n; draw += 1) {
        ways = ways.map(
          (w, j) => w * BigInt(100 - (k - j)) + (j > 0 ? (ways[j - 1] as bigint) * BigInt(k - j + 1) : 0n),
        );
      }
      return fraction(ways[k] as bigint, 100n ** BigInt(n));
    };
    for (const [region, n] of [
      ['north', 27],
      ['south', 18],
      ['central', 18],
    ] as const) {
      const odds = vnOddsFor(region, 9750);
      expect(vnRtp(region, 'lo', odds.lo)).toEqual(fraction(n * odds.lo, 10_000));
      expect(vnRtp(region, 'de', odds.de)).toEqual(fraction(odds.de, 10_000));
      expect(vnRtp(region, 'three_cang', odds.three_cang)).toEqual(fraction(odds.three_cang, 100_000));
      for (const [betType, k] of [
        ['xien2', 2],
        ['xien3', 3],
        ['xien4', 4],
      ] as const) {
        const p = allCovered(n, k);
        expect(vnRtp(region, betType, odds[betType])).toEqual(
          fraction(p.numerator * BigInt(odds[betType]), p.denominator * 100n),
        );
      }
      expect(vnMaxHits(region, 'lo')).toBe(n);
      expect(vnMaxHits(region, 'xien4')).toBe(1);
    }
    // The figures the rules page shows for the north at the default odds.
    expect(fractionToNumber(vnRtp('north', 'lo', 361))).toBe(0.9747);
    expect(fractionToNumber(vnRtp('south', 'lo', 541))).toBe(0.9738);
  });

  it('stores a draw as integers and reads it back with its digits; a revealed seed verifies it', () => {
    const input = { serverSeed: 'vn-verify', gameCode: 'VNS', drawNo: '202612010555', beacon: null };
    for (const region of ['north', 'south', 'central'] as const) {
      const result = drawVietnamese(region, input);
      const stored = vnStoredNumbers(result);
      expect(stored).toHaveLength(region === 'north' ? 27 : 18);
      expect(vnResultOf(region, stored)).toEqual(result);
      expect(vnResultOf(region, stored.slice(1))).toBeNull();
      const seedHash = hashServerSeed(input.serverSeed);
      expect(verifyVietnameseDraw(region, { ...input, seedHash, numbers: stored })).toEqual({
        seedMatches: true,
        numbers: stored,
        numbersMatch: true,
      });
      const altered = [...stored];
      altered[0] = ((altered[0] as number) + 1) % 100_000;
      expect(verifyVietnameseDraw(region, { ...input, seedHash: 'x', numbers: altered })).toMatchObject({
        seedMatches: false,
        numbersMatch: false,
      });
    }
  });

  it(`matches every bet type's exact return by simulation (${DRAWS} draws per region, within 3 SE)`, () => {
    for (const region of ['north', 'south'] as VnRegion[]) {
      const odds = vnOddsFor(region, 9750);
      const selections: VnSelection[] = [
        { betType: 'lo', numbers: [27] },
        { betType: 'de', numbers: [27] },
        { betType: 'three_cang', numbers: [527] },
        { betType: 'xien2', numbers: [27, 72] },
        { betType: 'xien3', numbers: [1, 27, 72] },
        { betType: 'xien4', numbers: [1, 27, 50, 72] },
      ];
      const tallies = selections.map(() => ({ sum: 0, squares: 0 }));
      const source = seeded(region === 'north' ? 29 : 2029);
      for (let n = 0; n < DRAWS; n += 1) {
        const result = vnResultFrom(region, source);
        selections.forEach((selection, i) => {
          const ratio = Number(vnPayout(100n, odds[selection.betType], vnHits(selection, result))) / 100;
          const tally = tallies[i] as { sum: number; squares: number };
          tally.sum += ratio;
          tally.squares += ratio * ratio;
        });
      }
      selections.forEach((selection, i) => {
        const exact = fractionToNumber(vnRtp(region, selection.betType as VnBetType, odds[selection.betType]));
        within3se(`${region} ${selection.betType}`, tallies[i] as { sum: number; squares: number }, exact);
      });
    }
  }, 1_200_000);
});

describe('4D', () => {
  it('draws 23 different numbers: first, second, third, ten starter and ten consolation', () => {
    const result = drawFourD({ serverSeed: '4d-seed', gameCode: '4D', drawNo: '20261129', beacon: null });
    const all = [result.first, result.second, result.third, ...result.starter, ...result.consolation];
    expect(result.starter).toHaveLength(10);
    expect(result.consolation).toHaveLength(10);
    expect(new Set(all).size).toBe(23);
    expect(all.every((n) => Number.isInteger(n) && n >= 0 && n <= 9999)).toBe(true);
    expect(fourDTierOf(result.first, result)).toBe('first');
    expect(fourDTierOf(result.starter[4] as number, result)).toBe('starter');
    expect(fourDTierOf(result.consolation[9] as number, result)).toBe('consolation');
    expect(
      fourDResultFrom(new FairStream({ serverSeed: '4d-seed', clientSeed: 'lottery:4D:20261129', nonce: 0 })),
    ).toEqual(result);
  });

  it('pays Big on all 23 and Small on the first three, at their exact returns', () => {
    expect(fractionToNumber(fourDRtp(DEFAULT_FOUR_D_ODDS, 'big'))).toBeCloseTo(0.64, 12);
    expect(fractionToNumber(fourDRtp(DEFAULT_FOUR_D_ODDS, 'small'))).toBeCloseTo(0.65, 12);
    expect(fourDPayout(100n, DEFAULT_FOUR_D_ODDS, 'big', 'consolation')).toBe(6_000n);
    expect(fourDPayout(100n, DEFAULT_FOUR_D_ODDS, 'small', 'consolation')).toBe(0n);
    expect(fourDPayout(100n, DEFAULT_FOUR_D_ODDS, 'small', 'first')).toBe(350_000n);
    expect(fourDPayout(100n, DEFAULT_FOUR_D_ODDS, 'big', null)).toBe(0n);
    expect(checkFourDNumber(9999)).toBeNull();
    expect(checkFourDNumber(10_000)).toBe('numbers');
    expect(checkFourDNumber(-1)).toBe('numbers');
  });

  it(`matches Big's and Small's exact returns by simulation (${FOUR_D_DRAWS} draws, within 3 SE)`, () => {
    const source = seeded(4);
    const bets: { betType: FourDBetType; number: number }[] = [
      { betType: 'big', number: 1234 },
      { betType: 'small', number: 1234 },
      { betType: 'big', number: 7 },
    ];
    const tallies = bets.map(() => ({ sum: 0, squares: 0 }));
    for (let n = 0; n < FOUR_D_DRAWS; n += 1) {
      const result = fourDResultFrom(source);
      bets.forEach((bet, i) => {
        const ratio =
          Number(fourDPayout(100n, DEFAULT_FOUR_D_ODDS, bet.betType, fourDTierOf(bet.number, result))) / 100;
        const tally = tallies[i] as { sum: number; squares: number };
        tally.sum += ratio;
        tally.squares += ratio * ratio;
      });
    }
    bets.forEach((bet, i) => {
      within3se(
        `${bet.betType} ${bet.number}`,
        tallies[i] as { sum: number; squares: number },
        fractionToNumber(fourDRtp(DEFAULT_FOUR_D_ODDS, bet.betType)),
        FOUR_D_DRAWS,
      );
    });
  }, 1_200_000);
});
