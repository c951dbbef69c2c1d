import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/fair-stream';
import { fractionToNumber } from '../math/fraction';
import { DrawRecorder } from '../stats/draw-recorder';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import {
  DEFAULT_FIVE_DIGIT_ODDS,
  drawFiveDigits,
  type FiveDigitSelection,
  fiveDigitOddsOf,
  fiveDigitSelectionRtp,
  fiveDigitsFrom,
  fiveDigitWins,
  lotteryPayout,
} from './five-digit';

const DRAWS = 1_000_000;

describe('five-digit draws at 99% confidence', () => {
  it('makes uniform draws, uniform digits at every position, and the exact RTP of each bet type within 3 SE', () => {
    const recorder = new DrawRecorder(
      new FairStream({ serverSeed: 'stats-lottery', clientSeed: 'c', nonce: 0 }),
      DRAWS * 5 + 64,
    );
    const selections: FiveDigitSelection[] = [
      { betType: 'position', position: 2, numbers: [7] },
      { betType: 'position_big_small', position: 0, side: 'big' },
      { betType: 'position_odd_even', position: 4, side: 'even' },
      { betType: 'sum_big_small', side: 'small' },
      { betType: 'sum_odd_even', side: 'odd' },
      { betType: 'sum', numbers: [20] },
      { betType: 'front2', numbers: [4, 2] },
      { betType: 'back2', numbers: [0, 9] },
      { betType: 'front3', numbers: [1, 2, 3] },
      { betType: 'back3', numbers: [9, 9, 9] },
    ];
    const stake = 100n;
    const paid = selections.map(() => ({ sum: 0, squares: 0 }));
    const digits = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    for (let n = 0; n < DRAWS; n += 1) {
      const drawn = fiveDigitsFrom(recorder);
      drawn.forEach((d, p) => {
        const row = digits[p] as number[];
        row[d] = (row[d] as number) + 1;
      });
      selections.forEach((selection, i) => {
        const odds = fiveDigitOddsOf(DEFAULT_FIVE_DIGIT_ODDS, selection);
        const ratio = Number(lotteryPayout(stake, odds, fiveDigitWins(selection, drawn))) / Number(stake);
        const tally = paid[i] as { sum: number; squares: number };
        tally.sum += ratio;
        tally.squares += ratio * ratio;
      });
    }
    expect(failedVerdicts(uniformityVerdicts(recorder))).toEqual([]);
    for (const row of digits) expect(chiSquareTest('digits', row, new Array(10).fill(DRAWS / 10)).passed).toBe(true);
    selections.forEach((selection, i) => {
      const tally = paid[i] as { sum: number; squares: number };
      const mean = tally.sum / DRAWS;
      const standardError = Math.sqrt((tally.squares / DRAWS - mean * mean) / DRAWS);
      const exact = fractionToNumber(
        fiveDigitSelectionRtp(selection, fiveDigitOddsOf(DEFAULT_FIVE_DIGIT_ODDS, selection)),
      );
      expect(Math.abs(mean - exact), `${selection.betType}: ${mean} vs ${exact}`).toBeLessThanOrEqual(
        3 * standardError,
      );
    });
  }, 120_000);

  it('draws the same digits from the seeds as from their stream (the server path)', () => {
    const input = { serverSeed: 'stats-lottery', gameCode: 'FAST1', drawNo: '202611290001', beacon: null };
    expect(drawFiveDigits(input)).toEqual(
      fiveDigitsFrom(
        new FairStream({ serverSeed: input.serverSeed, clientSeed: 'lottery:FAST1:202611290001', nonce: 0 }),
      ),
    );
  });
});
