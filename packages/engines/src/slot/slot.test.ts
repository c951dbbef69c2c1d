import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraction, fractionsEqual, fractionToNumber } from '../math/fraction';
import { compareMultipliers, createMultiplier, multiplierToNumber } from '../money/multiplier';
import { SLOT_DECLARED_RTP, slotExactRtp, slotOutcome, slotPayoutMultiplier, slotWindow, slotWinOn } from './slot';
import { enumerateAllStops } from './slot-brute-force';
import { slotExactRtpFraction } from './slot-enumeration';
import { SLOT_MACHINE, SLOT_MAX_MULTIPLIER, SLOT_MAX_WIN_STOPS } from './slot-machine';
import { linePay } from './slot-rules';
import type { SlotMachine, SlotSymbol } from './slot-types';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

/** A machine small enough to enumerate every stop in a unit test, with every rule in play. */
const smallMachine: SlotMachine = {
  strips: [
    ['wild', 'cherry', 'scatter', 'seven', 'lemon'],
    ['cherry', 'wild', 'seven', 'lemon', 'scatter', 'cherry'],
    ['seven', 'scatter', 'cherry', 'wild'],
    ['lemon', 'cherry', 'wild', 'scatter', 'seven'],
    ['cherry', 'seven', 'scatter', 'wild', 'lemon', 'lemon'],
  ],
  paylines: SLOT_MACHINE.paylines,
  linePays: { ...SLOT_MACHINE.linePays, wild: [0, 0, 0, 0, 0, 500] },
  scatterPays: [0, 0, 1, 3, 10, 50],
};

describe('slot', () => {
  it('stops each reel at one unbiased integer in [0, 25) (test vector)', () => {
    const outcome = slotOutcome(seeds, {});
    expect(outcome.stops).toEqual([6, 1, 21, 4, 15]);
    expect(outcome.window[0]).toEqual(['cherry', 'cherry', 'grape', 'cherry', 'orange']);
    expect(slotPayoutMultiplier(outcome, {}).numerator).toBe(0);
  });

  it('pays a line for 3, 4 or 5 of its symbol from the left, wilds substituting but never for the scatter', () => {
    const pay = (cells: SlotSymbol[]): number => linePay(SLOT_MACHINE, cells);
    expect(pay(['cherry', 'cherry', 'cherry', 'lemon', 'cherry'])).toBe(5);
    expect(pay(['wild', 'cherry', 'wild', 'cherry', 'lemon'])).toBe(20);
    expect(pay(['wild', 'wild', 'wild', 'wild', 'wild'])).toBe(9125);
    expect(pay(['wild', 'wild', 'wild', 'wild', 'seven'])).toBe(2000);
    expect(pay(['lemon', 'cherry', 'cherry', 'cherry', 'cherry'])).toBe(0);
    expect(pay(['wild', 'wild', 'scatter', 'seven', 'seven'])).toBe(0);
    expect(pay(['seven', 'seven', 'scatter', 'seven', 'seven'])).toBe(0);
  });

  it('adds line pays in line bets (stake / 10) to scatter pays in stakes', () => {
    // Three scatters anywhere (5 stakes), five wilds on the middle line (9125 line bets) and, on the payline
    // rows 1-0-1-2-1, wild lemon wild bell wild: three lemons (10 line bets). Every other line pays nothing.
    const window: SlotSymbol[][] = [
      ['scatter', 'lemon', 'scatter', 'grape', 'scatter'],
      ['wild', 'wild', 'wild', 'wild', 'wild'],
      ['cherry', 'orange', 'melon', 'bell', 'lemon'],
    ];
    expect(slotWinOn(SLOT_MACHINE, window)).toEqual(createMultiplier(9125 + 10 + 10 * 5, 10));
  });

  it('computes the exact RTP per payline as enumerating every stop combination does (small machine)', () => {
    const brute = enumerateAllStops(smallMachine);
    const lines = smallMachine.paylines.length;
    const perPayline = slotExactRtpFraction(smallMachine);
    expect(brute.combinations).toBe(5 * 6 * 4 * 5 * 6);
    expect(fractionsEqual(fraction(brute.totalLineBets, BigInt(brute.combinations * lines)), perPayline)).toBe(true);
    // And spin by spin, the brute force's total is the sum of the public payout rule.
    let sum = 0n;
    for (let a = 0; a < 5; a += 1)
      for (let b = 0; b < 6; b += 1)
        for (let c = 0; c < 4; c += 1)
          for (let d = 0; d < 5; d += 1)
            for (let e = 0; e < 6; e += 1) {
              const win = slotWinOn(smallMachine, slotWindow(smallMachine, [a, b, c, d, e]));
              sum += (BigInt(win.numerator) * BigInt(lines)) / BigInt(win.denominator);
            }
    expect(sum).toBe(brute.totalLineBets);
  });

  it('returns exactly the declared 96% (24/25 over the 9,765,625 stop combinations)', () => {
    const rtp = slotExactRtpFraction(SLOT_MACHINE);
    expect(fractionsEqual(rtp, fraction(24, 25))).toBe(true);
    expect(Math.abs(slotExactRtp({}) - SLOT_DECLARED_RTP)).toBeLessThan(1e-9);
    expect(fractionToNumber(rtp)).toBe(0.96);
  });

  it('shows its declared maximum of 923x at the recorded stops and never more on random spins', () => {
    expect(multiplierToNumber(SLOT_MAX_MULTIPLIER)).toBe(923);
    expect(slotPayoutMultiplier({ stops: SLOT_MAX_WIN_STOPS, window: [] }, {})).toEqual(SLOT_MAX_MULTIPLIER);
    fc.assert(
      fc.property(fc.nat(), (nonce) => {
        const outcome = slotOutcome({ ...seeds, nonce }, {});
        expect(compareMultipliers(slotPayoutMultiplier(outcome, {}), SLOT_MAX_MULTIPLIER)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('has five strips of 25 stops with one wild and one scatter each, and ten distinct paylines', () => {
    for (const strip of SLOT_MACHINE.strips) {
      expect(strip).toHaveLength(25);
      expect(strip.filter((s) => s === 'wild')).toHaveLength(1);
      expect(strip.filter((s) => s === 'scatter')).toHaveLength(1);
    }
    expect(new Set(SLOT_MACHINE.paylines.map((line) => line.join(''))).size).toBe(10);
  });
});
