import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COCKFIGHT_SIDES, cockfightReturn, cockfightRtp, FIGHT_CARDS, fight, oddsOf } from './cockfight-maths';

describe('cockfight', () => {
  it('books fights whose chances add up, each side returning between 94% and 95% exactly', () => {
    for (const card of FIGHT_CARDS) {
      expect(card.meron + card.wala + card.draw).toBe(1000);
      for (const side of COCKFIGHT_SIDES) {
        const { numerator, denominator } = cockfightRtp(card, side);
        expect(numerator / denominator).toBeGreaterThan(0.94);
        expect(numerator / denominator).toBeLessThanOrEqual(0.95);
      }
    }
    expect(oddsOf({ meron: 490, wala: 490, draw: 20 }, 'meron')).toBe(189);
    expect(cockfightRtp({ meron: 490, wala: 490, draw: 20 }, 'wala')).toEqual({
      numerator: 94_610,
      denominator: 100_000,
    });
  });

  it('pays the winning side its odds, nothing to the other, and returns both on a draw', () => {
    const card = { meron: 588, wala: 392, draw: 20 };
    expect(cockfightReturn(card, 'meron', 1000n, 'meron')).toBe(1580n);
    expect(cockfightReturn(card, 'wala', 1000n, 'wala')).toBe(2370n);
    expect(cockfightReturn(card, 'wala', 1000n, 'meron')).toBe(0n);
    expect(cockfightReturn(card, 'meron', 1000n, 'draw')).toBe(1000n);
  });

  it("decides each fight by its card's chances", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIGHT_CARDS), fc.nat(999), (card, roll) => {
        const result = fight(card, () => roll);
        expect(result).toBe(roll < card.meron ? 'meron' : roll < card.meron + card.wala ? 'wala' : 'draw');
      }),
    );
    // Every roll counted: each result happens on exactly its card's share of the thousand rolls.
    for (const card of FIGHT_CARDS) {
      const seen = { meron: 0, wala: 0, draw: 0 };
      for (let roll = 0; roll < 1000; roll++) seen[fight(card, () => roll)] += 1;
      expect(seen).toEqual(card);
    }
  });
});
