import { type GameCategory, gameCategories, REBATE_RATE_MAX_PPM } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CategoryTurnover, quoteRebate, rebatedCategories, rebateOf } from './rebate.calculation';

const SCALE = 1_000_000n;
const amount = fc.bigInt({ min: 0n, max: 10n ** 15n });
const rate = fc.integer({ min: 0, max: REBATE_RATE_MAX_PPM });
const category = fc.constantFrom(...gameCategories);
const turnoverRow = fc.record({ gameType: category, validBet: amount, roundCount: fc.integer({ min: 1, max: 1000 }) });
const rates = fc.dictionary(category, rate) as fc.Arbitrary<Partial<Record<GameCategory, number>>>;

describe('the rebate of a valid bet', () => {
  it('is the rate times the turnover rounded down to a minor unit', () => {
    expect(rebateOf(10_000n, 8_000)).toBe(80n); // 100.00 at 0.8 % is 0.80
    expect(rebateOf(12_345n, 8_000)).toBe(98n); // 0.98760 is 0.98
    expect(rebateOf(10n, 8_000)).toBe(0n); // 0.10 at 0.8 % is less than a cent
    expect(rebateOf(0n, 100_000)).toBe(0n);
    expect(rebateOf(10n ** 15n, REBATE_RATE_MAX_PPM)).toBe(10n ** 14n);
  });

  it('is never more than rate × turnover and short of it by less than one minor unit', () => {
    fc.assert(
      fc.property(amount, rate, (validBet, ppm) => {
        const rebate = rebateOf(validBet, ppm);
        const exact = validBet * BigInt(ppm); // in millionths of a minor unit
        expect(rebate * SCALE <= exact).toBe(true);
        expect(exact < (rebate + 1n) * SCALE).toBe(true);
      }),
    );
  });

  it('refuses a negative turnover or rate', () => {
    expect(() => rebateOf(-1n, 8_000)).toThrow(RangeError);
    expect(() => rebateOf(1n, -1)).toThrow(RangeError);
    expect(() => rebateOf(1n, 0.5)).toThrow(RangeError);
  });
});

describe('a quote of what collecting pays', () => {
  it('lists every rebated category in catalogue order, sums them and caps at the maximum', () => {
    const quote = quoteRebate(
      [
        { gameType: 'LIVE', validBet: 50_000n, roundCount: 3 },
        { gameType: 'INHOUSE', validBet: 12_345n, roundCount: 2 },
        { gameType: 'FISH', validBet: 99_999n, roundCount: 9 }, // no rate: not rebated, not listed
      ],
      { INHOUSE: 10_000, LIVE: 6_000, RNG: 8_000, FISH: 0 },
      500n,
    );
    expect(quote.parts).toEqual([
      { gameType: 'INHOUSE', ratePpm: 10_000, validBet: 12_345n, roundCount: 2, rebate: 123n },
      { gameType: 'RNG', ratePpm: 8_000, validBet: 0n, roundCount: 0, rebate: 0n },
      { gameType: 'LIVE', ratePpm: 6_000, validBet: 50_000n, roundCount: 3, rebate: 300n },
    ]);
    expect(quote).toMatchObject({ validBet: 62_345n, roundCount: 5, total: 423n, payable: 423n, isCapped: false });
    expect(quoteRebate([{ gameType: 'LIVE', validBet: 50_000n, roundCount: 3 }], { LIVE: 6_000 }, 250n)).toMatchObject({
      total: 300n,
      payable: 250n,
      isCapped: true,
    });
    expect(rebatedCategories({ INHOUSE: 10_000, LIVE: 6_000, RNG: 8_000, FISH: 0 })).toEqual([
      'INHOUSE',
      'RNG',
      'LIVE',
    ]);
  });

  it('pays the sum of its parts, never more than rate × turnover nor the maximum', () => {
    fc.assert(
      fc.property(fc.array(turnoverRow, { maxLength: 20 }), rates, fc.option(amount, { nil: null }), (rows, r, max) => {
        const quote = quoteRebate(rows, r, max);
        expect(quote.total).toBe(quote.parts.reduce((sum, part) => sum + part.rebate, 0n));
        const exact = rows.reduce((sum, row) => sum + row.validBet * BigInt(r[row.gameType] ?? 0), 0n);
        expect(quote.total * SCALE <= exact).toBe(true);
        // Rounded once per category: short of the exact amount by less than a minor unit per category.
        expect(exact - quote.total * SCALE < BigInt(quote.parts.length || 1) * SCALE).toBe(true);
        expect(quote.payable <= quote.total).toBe(true);
        if (max !== null) expect(quote.payable <= max).toBe(true);
        expect(quote.isCapped).toBe(quote.payable < quote.total);
        expect(quote.parts.every((part) => part.ratePpm > 0)).toBe(true);
      }),
    );
  });

  it('pays a category’s total at least what rounding each round would, and one collection at least two', () => {
    const rounds = fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(rounds, fc.integer({ min: 1, max: REBATE_RATE_MAX_PPM }), fc.nat(), (bets, ppm, cut) => {
        const asRows = (list: bigint[]): CategoryTurnover[] =>
          list.map((validBet) => ({ gameType: 'RNG', validBet, roundCount: 1 }));
        const once = quoteRebate(asRows(bets), { RNG: ppm }, null).total;
        const perRound = bets.reduce((sum, bet) => sum + rebateOf(bet, ppm), 0n);
        expect(once >= perRound).toBe(true);
        const split = cut % bets.length;
        const twice =
          quoteRebate(asRows(bets.slice(0, split)), { RNG: ppm }, null).total +
          quoteRebate(asRows(bets.slice(split)), { RNG: ppm }, null).total;
        expect(twice <= once && once - twice <= 1n).toBe(true);
      }),
    );
  });
});
