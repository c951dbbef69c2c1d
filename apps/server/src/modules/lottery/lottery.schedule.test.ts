import { lotteryIntervals } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotEndingAt, slotsAround } from './lottery.schedule';

describe('draw slots', () => {
  it('numbers draws by UTC day and minute of the day, the last of a day ending at midnight', () => {
    const midnight = Date.UTC(2026, 10, 30);
    expect(slotEndingAt(midnight, 60, 10).drawNo).toBe('202611291440');
    expect(slotEndingAt(midnight + 60_000, 60, 10).drawNo).toBe('202611300001');
    expect(slotEndingAt(Date.UTC(2026, 10, 29, 8, 0), 300, 30)).toEqual({
      drawNo: '202611290480',
      opensAt: new Date(Date.UTC(2026, 10, 29, 7, 55)),
      closesAt: new Date(Date.UTC(2026, 10, 29, 7, 59, 30)),
      drawAt: new Date(Date.UTC(2026, 10, 29, 8, 0)),
    });
  });

  it('gives the running slot (opened at or before now, drawn after) and the next, back to back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
        fc.constantFrom(...lotteryIntervals),
        (now, interval) => {
          const [current, next] = slotsAround(now, interval, 10);
          expect(current?.opensAt.getTime()).toBeLessThanOrEqual(now);
          expect(current?.drawAt.getTime()).toBeGreaterThan(now);
          expect(next?.opensAt.getTime()).toBe(current?.drawAt.getTime());
          expect(next?.drawNo).not.toBe(current?.drawNo);
        },
      ),
    );
  });

  it('keeps numbers unique when the interval changes: the same number is the same minute, whatever the interval', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
        fc.constantFrom(...lotteryIntervals),
        fc.constantFrom(...lotteryIntervals),
        (now, before, after) => {
          const [a] = slotsAround(now, before, 10);
          for (const b of slotsAround(now, after, 10)) {
            if (a && a.drawNo === b.drawNo) expect(b.drawAt.getTime()).toBe(a.drawAt.getTime());
          }
        },
      ),
    );
  });
});
