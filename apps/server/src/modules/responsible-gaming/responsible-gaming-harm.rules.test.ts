import { describe, expect, it } from 'vitest';
import { type HarmFigures, harmMarkersOf, nightShareBp } from './responsible-gaming-harm.rules';
import { harmWindowOf } from './responsible-gaming-harm.service';

/** USD minima: 100.00 for deposits rising, 10.00 of night stakes. */
const minima = { depositsRising: 10_000n, nightPlay: 1_000n };
const quiet: HarmFigures = {
  depositsLast7: 0n,
  depositsPrior28: 0n,
  limitIncreases: 0,
  stakes: 0n,
  nightStakes: 0n,
  cancelledWithdrawals: 0,
};
const markers = (changes: Partial<HarmFigures>) => harmMarkersOf({ ...quiet, ...changes }, minima);

describe('deposits rising fast: last 7 days ≥ 3 × the prior 28 days’ weekly average, and ≥ the minimum', () => {
  it('flags exactly at three times the weekly average, not a minor unit below', () => {
    // Prior 28 days 400.00: a weekly average of 100.00; three times it is 300.00.
    expect(markers({ depositsPrior28: 40_000n, depositsLast7: 30_000n })).toEqual(['deposits_rising']);
    expect(markers({ depositsPrior28: 40_000n, depositsLast7: 29_999n })).toEqual([]);
    // An average that is not a whole minor unit (400.01 / 4) is compared without rounding.
    expect(markers({ depositsPrior28: 40_001n, depositsLast7: 30_000n })).toEqual([]);
    expect(markers({ depositsPrior28: 40_001n, depositsLast7: 30_001n })).toEqual(['deposits_rising']);
  });

  it('needs the minimum, also from nothing before', () => {
    expect(markers({ depositsLast7: 10_000n })).toEqual(['deposits_rising']);
    expect(markers({ depositsLast7: 9_999n })).toEqual([]);
    // Tripled, but tiny: 3 × (40 / 4) = 30 minor units.
    expect(markers({ depositsPrior28: 40n, depositsLast7: 9_999n })).toEqual([]);
    expect(markers({})).toEqual([]);
  });
});

describe('limit increases and cancelled withdrawals: one on the day is enough', () => {
  it('flags one and more, never none', () => {
    expect(markers({ limitIncreases: 1 })).toEqual(['limit_increases']);
    expect(markers({ limitIncreases: 3 })).toEqual(['limit_increases']);
    expect(markers({ cancelledWithdrawals: 1 })).toEqual(['cancelled_withdrawals']);
    expect(markers({ limitIncreases: 0, cancelledWithdrawals: 0 })).toEqual([]);
  });
});

describe('night play: stakes between 00:00 and 06:00 at least half the day’s, and at least the minimum', () => {
  it('flags at exactly 50 %, not a minor unit below', () => {
    expect(markers({ stakes: 4_000n, nightStakes: 2_000n })).toEqual(['night_play']);
    expect(markers({ stakes: 4_001n, nightStakes: 2_000n })).toEqual([]);
    expect(markers({ stakes: 2_000n, nightStakes: 2_000n })).toEqual(['night_play']);
  });

  it('needs the minimum of night stakes', () => {
    expect(markers({ stakes: 1_000n, nightStakes: 1_000n })).toEqual(['night_play']);
    expect(markers({ stakes: 999n, nightStakes: 999n })).toEqual([]);
  });

  it('reports the share in basis points', () => {
    expect(nightShareBp({ stakes: 3_000n, nightStakes: 1_000n })).toBe(3333);
    expect(nightShareBp({ stakes: 0n, nightStakes: 0n })).toBe(0);
  });
});

it('lists every marker raised, in the report’s order', () => {
  expect(
    markers({
      depositsLast7: 50_000n,
      limitIncreases: 2,
      stakes: 10_000n,
      nightStakes: 9_000n,
      cancelledWithdrawals: 4,
    }),
  ).toEqual(['deposits_rising', 'limit_increases', 'night_play', 'cancelled_withdrawals']);
});

describe('the window of a merchant’s local day', () => {
  it('is the local day, its 35 days of deposits and its night hours, in UTC', () => {
    const w = harmWindowOf('demo', '2026-03-10', 'Asia/Manila');
    expect(w.dayStart.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(w.dayEnd.toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(w.nightEnd.toISOString()).toBe('2026-03-09T22:00:00.000Z');
    expect(w.last7Start.toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(w.prior28Start.toISOString()).toBe('2026-02-03T16:00:00.000Z');
  });

  it('follows a change of clocks: a 23-hour day, and a half-hour zone', () => {
    const spring = harmWindowOf('demo', '2026-03-29', 'Europe/London');
    expect(spring.dayEnd.getTime() - spring.dayStart.getTime()).toBe(23 * 3_600_000);
    expect(spring.nightEnd.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    const india = harmWindowOf('demo', '2026-03-10', 'Asia/Kolkata');
    expect(india.dayStart.toISOString()).toBe('2026-03-09T18:30:00.000Z');
  });
});
