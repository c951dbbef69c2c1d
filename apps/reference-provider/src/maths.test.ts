import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceRtp, diceWins, payout, rollDice, slotMultiplier, slotRtp, spinReels, THREE_OF_A_KIND } from './maths';

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
