import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawLottery,
  isLotteryNumber,
  LOTTERY_PAYTABLE,
  lotteryMultiplier,
  lotteryPrize,
  lotteryRtp,
} from './lottery-maths';

const number = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'));

describe('the numbers lottery', () => {
  it('returns 94.0% exactly, whatever the pick', () => {
    for (const pick of ['000', '123', '909', '999']) expect(lotteryRtp(pick)).toBeCloseTo(0.94, 12);
    fc.assert(
      fc.property(number, (pick) => Math.abs(lotteryRtp(pick) - 0.94) < 1e-12),
      { numRuns: 30 },
    );
  });

  it('pays the straight, the last two and the last digit, highest prize only', () => {
    expect(lotteryPrize('123', '123')).toBe('straight');
    expect(lotteryMultiplier('123', '123')).toBe(LOTTERY_PAYTABLE.straight);
    expect(lotteryPrize('123', '923')).toBe('lastTwo');
    expect(lotteryMultiplier('123', '923')).toBe(LOTTERY_PAYTABLE.lastTwo);
    expect(lotteryPrize('123', '993')).toBe('lastOne');
    expect(lotteryMultiplier('123', '993')).toBe(LOTTERY_PAYTABLE.lastOne);
    // The digits must be in their places: a permutation of the draw wins nothing.
    expect(lotteryMultiplier('123', '321')).toBe(0);
    expect(lotteryMultiplier('123', '132')).toBe(0);
  });

  it('draws three digits from the random source, one at a time', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(9), { minLength: 3, maxLength: 3 }), (digits) => {
        let i = 0;
        const draw = drawLottery(() => digits[i++] ?? 0);
        expect(draw).toBe(digits.join(''));
        expect(isLotteryNumber(draw)).toBe(true);
      }),
    );
    expect(isLotteryNumber('12')).toBe(false);
    expect(isLotteryNumber('1a3')).toBe(false);
    expect(isLotteryNumber(123)).toBe(false);
  });
});
