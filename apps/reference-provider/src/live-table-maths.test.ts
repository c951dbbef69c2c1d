import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACCARAT_SPOTS,
  baccaratOdds,
  baccaratReturn,
  baccaratRtp,
  bankerDraws,
  cardValue,
  dealBaccarat,
  playTableau,
} from './live-table-maths';

describe('baccarat', () => {
  it("counts every order of an eight-deck shoe's first six cards exactly (the published figures)", () => {
    const odds = baccaratOdds();
    expect(odds.orders).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect(odds.player + odds.banker + odds.tie).toBe(odds.orders);
    expect(odds).toMatchObject({
      banker: 2_292_252_566_437_888,
      player: 2_230_518_282_592_256,
      tie: 475_627_426_473_216,
    });
  });

  it('returns 98.94% on Banker, 98.76% on Player and 85.64% on Tie', () => {
    const rtp = baccaratRtp();
    expect(rtp.banker).toBeCloseTo(0.98942, 5);
    expect(rtp.player).toBeCloseTo(0.98765, 5);
    expect(rtp.tie).toBeCloseTo(0.8564, 5);
  });

  it('pays 1:1 on Player, 0.95:1 on Banker, 8:1 on Tie, and returns Player and Banker stakes on a tie', () => {
    expect(baccaratReturn('player', 1000n, 'player')).toBe(2000n);
    expect(baccaratReturn('banker', 1000n, 'banker')).toBe(1950n);
    expect(baccaratReturn('banker', 10n, 'banker')).toBe(19n); // 0.095 of commission rounded down
    expect(baccaratReturn('tie', 1000n, 'tie')).toBe(9000n);
    expect(baccaratReturn('player', 1000n, 'tie')).toBe(1000n);
    expect(baccaratReturn('banker', 1000n, 'tie')).toBe(1000n);
    expect(baccaratReturn('player', 1000n, 'banker')).toBe(0n);
    expect(baccaratReturn('tie', 1000n, 'player')).toBe(0n);
  });

  it('follows the tableau: naturals stand, the player draws on 0–5, the banker by the third card', () => {
    const dealt = (values: number[]) => {
      let i = 0;
      return playTableau(() => values[i++] ?? 0);
    };
    expect(dealt([4, 3, 4, 0])).toMatchObject({ player: [4, 4], banker: [3, 0], winner: 'player' }); // natural 8
    expect(dealt([3, 1, 2, 4, 5, 9])).toMatchObject({ player: [3, 2, 5], banker: [1, 4, 9], winner: 'banker' });
    expect(dealt([3, 1, 4, 2, 8])).toMatchObject({ player: [3, 4], banker: [1, 2, 8] }); // player 7 stands
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(7, 0)).toBe(false);
  });

  it('deals hands that obey the rules, whatever the shoe gives', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(415), { minLength: 6, maxLength: 6 }), (indexes) => {
        let i = 0;
        const hand = dealBaccarat(() => indexes[i++] ?? 0);
        const sum = (cards: { rank: number }[]) => cards.reduce((s, c) => s + cardValue(c.rank), 0) % 10;
        expect(hand.playerTotal).toBe(sum(hand.player));
        expect(hand.bankerTotal).toBe(sum(hand.banker));
        expect([2, 3]).toContain(hand.player.length);
        expect([2, 3]).toContain(hand.banker.length);
        const winner =
          hand.playerTotal > hand.bankerTotal ? 'player' : hand.playerTotal < hand.bankerTotal ? 'banker' : 'tie';
        expect(hand.winner).toBe(winner);
        for (const spot of BACCARAT_SPOTS) {
          const back = baccaratReturn(spot, 500n, hand.winner);
          expect(back >= 0n && back <= 4500n).toBe(true);
        }
      }),
    );
  });
});
