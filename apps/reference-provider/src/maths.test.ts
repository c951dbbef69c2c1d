import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diceRtp,
  diceWins,
  payout,
  RAKE_PERCENT,
  rollDice,
  roomDiceReturn,
  roomDiceRtp,
  slotMultiplier,
  slotRtp,
  spinReels,
  THREE_OF_A_KIND,
} from './maths';

describe('the slot', () => {
  it('returns 95.5% exactly', () => {
    expect(slotRtp()).toBeCloseTo(0.955, 10);
  });

  it('pays three of a kind and two cherries, nothing else', () => {
    expect(slotMultiplier(['seven', 'seven', 'seven'])).toBe(THREE_OF_A_KIND.seven);
    expect(slotMultiplier(['cherry', 'bell', 'cherry'])).toBe(2);
    expect(slotMultiplier(['cherry', 'cherry', 'cherry'])).toBe(6);
    expect(slotMultiplier(['lemon', 'bell', 'star'])).toBe(0);
  });

  it('spins symbols of the reel', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(19), { minLength: 3, maxLength: 3 }), (stops) => {
        let i = 0;
        const line = spinReels(() => stops[i++] ?? 0);
        expect(line).toHaveLength(3);
        expect(slotMultiplier(line)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('big or small', () => {
  it('returns 97.22% on either side', () => {
    expect(diceRtp('big')).toBeCloseTo(210 / 216, 12);
    expect(diceRtp('small')).toBeCloseTo(210 / 216, 12);
  });

  it('loses on a triple and splits the totals at 10/11', () => {
    expect(diceWins([6, 6, 6], 'big')).toBe(false);
    expect(diceWins([1, 1, 1], 'small')).toBe(false);
    expect(diceWins([4, 4, 3], 'big')).toBe(true);
    expect(diceWins([4, 3, 3], 'small')).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (a, b, c) => {
          const values = [a, b, c];
          let i = 0;
          const dice = rollDice(() => values[i++] ?? 0);
          expect(dice.every((d) => d >= 1 && d <= 6)).toBe(true);
          if (!(dice[0] === dice[1] && dice[1] === dice[2])) {
            expect(diceWins(dice, 'big')).toBe(!diceWins(dice, 'small'));
          }
        },
      ),
    );
  });

  it('pays in whole minor units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n, max: 10_000n }), fc.nat(200), (stake, multiple) => {
        expect(payout(stake, multiple)).toBe(stake * BigInt(multiple));
      }),
    );
  });
});

describe("a PVP room's dice table with the provider's rake", () => {
  it('returns 95.14% exactly on either side: 105 wins of 1.90 and 6 pushes in 216', () => {
    for (const pick of ['big', 'small'] as const)
      expect(roomDiceRtp(pick)).toEqual({ returned: 105n * 190n + 6n * 100n, staked: 21_600n });
    expect(RAKE_PERCENT).toBe(5n);
  });

  it('pays the winner the pot less 5%, nothing to the loser, and returns the stake on a triple', () => {
    expect(roomDiceReturn([6, 5, 4], 'big', 1000n)).toEqual({ win: 1900n, pot: 2000n, rake: 100n });
    expect(roomDiceReturn([6, 5, 4], 'small', 1000n)).toEqual({ win: 0n, pot: 2000n, rake: 100n });
    expect(roomDiceReturn([3, 3, 3], 'small', 1000n)).toEqual({ win: 1000n, pot: 2000n, rake: 0n });
  });

  it('never takes more than 5% of the pot and pays whole minor units', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
        fc.constantFrom('big' as const, 'small' as const),
        fc.bigInt({ min: 10n, max: 1_000_000n }),
        (dice, pick, stake) => {
          const { win, pot, rake } = roomDiceReturn(dice, pick, stake);
          expect(rake * 100n).toBeLessThanOrEqual(pot * 5n);
          expect(pot - rake).toBeGreaterThanOrEqual(win);
          if (win > stake) expect(win).toBe(pot - rake);
        },
      ),
    );
  });
});
