import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integers } from '../fair/draws';
import { hashServerSeed } from '../fair/seeds';
import { fraction, fractionsEqual } from '../math/fraction';
import {
  checkFiveDigitSelection,
  DEFAULT_FIVE_DIGIT_ODDS,
  drawFiveDigits,
  FIVE_DIGIT_SUM_COUNTS,
  type FiveDigitSelection,
  fiveDigitBetTypeRtp,
  fiveDigitBetTypes,
  fiveDigitOddsOf,
  fiveDigitSelectionRtp,
  fiveDigitSelectionsOf,
  fiveDigitWinningOutcomes,
  fiveDigitWins,
  lotteryClientSeed,
  lotteryPayout,
  verifyFiveDigitDraw,
} from './five-digit';

const draw = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  gameCode: 'FAST1',
  drawNo: '202611290001',
  beacon: null,
};

/** Every one of the 10^5 outcomes, as digit arrays (built once). */
const everyOutcome: number[][] = Array.from({ length: 100_000 }, (_, n) =>
  String(n).padStart(5, '0').split('').map(Number),
);
const enumeratedWins = (selection: FiveDigitSelection) =>
  everyOutcome.reduce((count, outcome) => count + (fiveDigitWins(selection, outcome) ? 1 : 0), 0);

const selectionArbitrary: fc.Arbitrary<FiveDigitSelection> = fc
  .constantFrom(...fiveDigitBetTypes)
  .chain((betType) => fc.constantFrom(...fiveDigitSelectionsOf(betType)))
  .chain((selection) =>
    selection.numbers && selection.betType !== 'sum'
      ? fc
          .array(fc.integer({ min: 0, max: 9 }), {
            minLength: selection.numbers.length,
            maxLength: selection.numbers.length,
          })
          .map((numbers) => ({ ...selection, numbers }))
      : fc.constant(selection),
  );

describe('the five-digit draw', () => {
  it('is the first five integers in [0, 10) of the stream keyed by the game and draw (test vector)', () => {
    const clientSeed = lotteryClientSeed(draw);
    expect(clientSeed).toBe('lottery:FAST1:202611290001');
    expect(drawFiveDigits(draw)).toEqual(integers({ serverSeed: draw.serverSeed, clientSeed, nonce: 0 }, 5, 10));
    expect(drawFiveDigits(draw)).toEqual([3, 0, 4, 0, 1]);
    expect(lotteryClientSeed({ ...draw, beacon: 'abc' })).toBe('lottery:FAST1:202611290001:abc');
  });

  it('is recomputed by the verifier from the revealed seed; a wrong seed or numbers are told apart', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ maxLength: 12 }), (serverSeed, drawNo) => {
        const input = { ...draw, serverSeed, drawNo };
        const numbers = drawFiveDigits(input);
        expect(numbers.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)).toBe(true);
        const seedHash = hashServerSeed(serverSeed);
        expect(verifyFiveDigitDraw({ ...input, seedHash, numbers })).toMatchObject({
          seedMatches: true,
          numbersMatch: true,
        });
        expect(verifyFiveDigitDraw({ ...input, seedHash: hashServerSeed(`${serverSeed}x`), numbers }).seedMatches).toBe(
          false,
        );
        const other = numbers.map((d, i) => (i === 0 ? (d + 1) % 10 : d));
        expect(verifyFiveDigitDraw({ ...input, seedHash, numbers: other }).numbersMatch).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('depends on the beacon when one is recorded', () => {
    const withBeacon = Array.from({ length: 20 }, (_, i) => drawFiveDigits({ ...draw, beacon: `b${i}` }).join(''));
    expect(new Set(withBeacon).size).toBeGreaterThan(15);
  });
});

describe('five-digit selections', () => {
  it('accepts every listed selection and refuses wrong positions, numbers and sides', () => {
    for (const betType of fiveDigitBetTypes) {
      for (const selection of fiveDigitSelectionsOf(betType)) expect(checkFiveDigitSelection(selection)).toBeNull();
    }
    expect(checkFiveDigitSelection({ betType: 'position', position: 5, numbers: [1] })).toBe('position');
    expect(checkFiveDigitSelection({ betType: 'position', position: 0, numbers: [10] })).toBe('numbers');
    expect(checkFiveDigitSelection({ betType: 'position', position: 0, numbers: [1, 2] })).toBe('numbers');
    expect(checkFiveDigitSelection({ betType: 'sum', numbers: [46] })).toBe('numbers');
    expect(checkFiveDigitSelection({ betType: 'sum', position: 1, numbers: [4] })).toBe('position');
    expect(checkFiveDigitSelection({ betType: 'sum_big_small', side: 'odd' })).toBe('side');
    expect(checkFiveDigitSelection({ betType: 'front3', numbers: [1, 2] })).toBe('numbers');
    expect(checkFiveDigitSelection({ betType: 'front3', numbers: [1, 2, 1.5] })).toBe('numbers');
    expect(checkFiveDigitSelection({ betType: 'straight5', numbers: [1, 2, 3, 4, 5], side: 'big' })).toBe('side');
  });

  it('wins on exactly as many of the 10^5 outcomes as counted without enumerating', () => {
    for (const betType of fiveDigitBetTypes) {
      for (const selection of fiveDigitSelectionsOf(betType).slice(0, 12)) {
        expect(enumeratedWins(selection), JSON.stringify(selection)).toBe(fiveDigitWinningOutcomes(selection));
      }
    }
    fc.assert(
      fc.property(selectionArbitrary, (selection) => {
        expect(enumeratedWins(selection)).toBe(fiveDigitWinningOutcomes(selection));
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('counts the sums of five digits exactly', () => {
    expect(FIVE_DIGIT_SUM_COUNTS.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(FIVE_DIGIT_SUM_COUNTS[0]).toBe(1);
    expect(FIVE_DIGIT_SUM_COUNTS[22]).toBe(FIVE_DIGIT_SUM_COUNTS[23]);
    // Inclusion–exclusion: C(26,4) − 5·C(16,4) + 10·C(6,4) = 14950 − 9100 + 150.
    expect(FIVE_DIGIT_SUM_COUNTS[22]).toBe(6_000);
  });
});

describe('five-digit payouts and return to player', () => {
  it('returns exactly P(win) × odds, computed by enumeration too', () => {
    fc.assert(
      fc.property(selectionArbitrary, fc.integer({ min: 1, max: 10_000_000 }), (selection, hundredths) => {
        const exact = fiveDigitSelectionRtp(selection, hundredths);
        expect(fractionsEqual(exact, fraction(BigInt(enumeratedWins(selection) * hundredths), 10_000_000n))).toBe(true);
      }),
      { numRuns: 10 },
    );
  }, 60_000);

  it('pays every default bet type between 97.4% and 97.5% of stakes', () => {
    for (const betType of fiveDigitBetTypes) {
      const { min, max } = fiveDigitBetTypeRtp(DEFAULT_FIVE_DIGIT_ODDS, betType);
      expect(min.numerator * 1000n >= 974n * min.denominator, betType).toBe(true);
      expect(max.numerator * 1000n <= 975n * max.denominator, betType).toBe(true);
    }
    expect(DEFAULT_FIVE_DIGIT_ODDS.flat.position).toBe(975);
    expect(DEFAULT_FIVE_DIGIT_ODDS.flat.position_big_small).toBe(195);
    expect(fiveDigitOddsOf(DEFAULT_FIVE_DIGIT_ODDS, { betType: 'sum', numbers: [0] })).toBe(9_750_000);
  });

  it('pays floor(stake × odds / 100) on a win and nothing on a loss, never more than odds allow', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 100, max: 10_000_000 }), (stake, odds) => {
        const paid = lotteryPayout(stake, odds, true);
        expect(paid * 100n <= stake * BigInt(odds)).toBe(true);
        expect((paid + 1n) * 100n > stake * BigInt(odds)).toBe(true);
        expect(lotteryPayout(stake, odds, false)).toBe(0n);
      }),
    );
  });
});
