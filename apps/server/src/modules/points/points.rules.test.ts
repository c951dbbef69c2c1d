import { cashForPoints, pointsEarned } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyRatioAllowed, categoryOfGameType, pointsForBet, pointsForDeposit, ratesOf } from './points.rules';

/** The earning and converting maths (decision 0059): whole points, floored per source, never negative. */
describe('earning', () => {
  const rates = ratesOf({ live: '10', rng: '3', deposit: '20' });

  it('earns rate points per 100 major units, floored per source', () => {
    expect(pointsForBet(rates, { gameType: 'LIVE', validBet: 25_000n, currency: 'USD' })).toEqual({
      category: 'live',
      points: 25n,
    });
    expect(pointsForBet(rates, { gameType: 'LIVE', validBet: 999n, currency: 'USD' })).toBeNull();
    expect(pointsForBet(rates, { gameType: 'RNG', validBet: 10_000n, currency: 'USD' })?.points).toBe(3n);
    expect(pointsForBet(rates, { gameType: 'PVP', validBet: 10_000n, currency: 'USD' })).toBeNull(); // rate 0
    expect(pointsForBet(rates, { gameType: 'MYSTERY', validBet: 10_000n, currency: 'USD' })).toBeNull();
    expect(pointsForDeposit(rates, 50_000n, 'USD')).toBe(100n);
    // A currency without minor units: 100 JPY at 20 per 100 is 20 points.
    expect(pointsForDeposit(rates, 100n, 'JPY')).toBe(20n);
  });

  it('maps every game category the catalogue knows to a point type', () => {
    for (const gameType of [
      'LIVE',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
      'PVP',
      'RNG',
      'FISH',
      'SPORTS',
      'ESPORTS',
      'INHOUSE',
    ]) {
      expect(categoryOfGameType(gameType)).not.toBeNull();
    }
  });

  it('reads bad stored rates as zero', () => {
    expect(ratesOf({ live: '-5', rng: 'abc' }).live).toBe(0n);
    expect(ratesOf(null).deposit).toBe(0n);
  });

  it('is never negative, never more than the exact share, and additive within one unit per source', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 3 }),
        (amount, rate, exponent) => {
          const points = pointsEarned(amount, rate, exponent);
          expect(points >= 0n).toBe(true);
          if (amount > 0n) {
            const scale = 100n * 10n ** BigInt(exponent);
            // floor: points * scale <= amount * rate < (points + 1) * scale
            expect(points * scale <= amount * rate).toBe(true);
            expect(amount * rate < (points + 1n) * scale).toBe(true);
          }
        },
      ),
    );
  });

  it('earns the same for a round whatever the order rounds arrive in (a recomputation has no drift)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { maxLength: 30 }), (bets) => {
        const total = (list: bigint[]) =>
          list.reduce(
            (sum, validBet) =>
              sum + (pointsForBet(rates, { gameType: 'RNG', validBet, currency: 'USD' })?.points ?? 0n),
            0n,
          );
        expect(total([...bets].reverse())).toBe(total(bets));
      }),
    );
  });
});

describe('converting', () => {
  it('pays whole minor units only, at the ratio', () => {
    expect(cashForPoints(50n, 10n, 2)).toBe(500n);
    expect(cashForPoints(1n, 3n, 2)).toBeNull(); // 0.333...
    expect(cashForPoints(3n, 3n, 2)).toBe(100n);
    expect(cashForPoints(0n, 10n, 2)).toBeNull();
    expect(cashForPoints(10n, 0n, 2)).toBeNull();
  });

  it('never pays more than the points are worth', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 3 }),
        (points, ratio, exponent) => {
          const cash = cashForPoints(points, ratio, exponent);
          if (cash !== null) expect(cash * ratio).toBe(points * 10n ** BigInt(exponent));
        },
      ),
    );
  });
});

describe('buying points', () => {
  it('allows a buy ratio up to the convert ratio, any when either is off', () => {
    expect(buyRatioAllowed(10n, 10n)).toBe(true);
    expect(buyRatioAllowed(5n, 10n)).toBe(true);
    expect(buyRatioAllowed(11n, 10n)).toBe(false);
    expect(buyRatioAllowed(0n, 10n)).toBe(true);
    expect(buyRatioAllowed(50n, 0n)).toBe(true);
  });

  it('never lets buying then converting back give more cash than was paid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 3 }),
        (points, buyRatio, convertRatio, exponent) => {
          const paid = cashForPoints(points, buyRatio, exponent);
          const back = cashForPoints(points, convertRatio, exponent);
          if (buyRatioAllowed(buyRatio, convertRatio) && paid !== null && back !== null) {
            expect(back <= paid).toBe(true);
          }
          if (!buyRatioAllowed(buyRatio, convertRatio) && paid !== null && back !== null) {
            expect(back > paid).toBe(true);
          }
        },
      ),
    );
  });
});
