import { lotteryIntervals } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailySlotsAround, slotEndingAt, slotsAround } from './lottery.schedule';

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

  it('draws a daily game at its time on the clock of the merchant, the running draw open since the last one', () => {
    // 18:15 in Ho Chi Minh City (UTC+7) is 11:15 UTC.
    const morning = Date.UTC(2026, 11, 1, 2, 0);
    const [today, tomorrow] = dailySlotsAround(morning, 18 * 60 + 15, 'Asia/Ho_Chi_Minh', 900);
    expect(today).toEqual({
      drawNo: '202612010675',
      opensAt: new Date(Date.UTC(2026, 10, 30, 11, 15)),
      closesAt: new Date(Date.UTC(2026, 11, 1, 11, 0)),
      drawAt: new Date(Date.UTC(2026, 11, 1, 11, 15)),
    });
    expect(tomorrow?.drawAt).toEqual(new Date(Date.UTC(2026, 11, 2, 11, 15)));
    // Once today's draw is made, the running one is tomorrow's.
    expect(dailySlotsAround(Date.UTC(2026, 11, 1, 11, 15), 1095, 'Asia/Ho_Chi_Minh', 900)[0]?.drawNo).toBe(
      '202612020675',
    );
    // A zone with daylight saving: 18:15 in New York is 23:15 UTC in summer, 23:15 + 1 h in winter.
    expect(dailySlotsAround(Date.UTC(2026, 6, 1, 12), 1095, 'America/New_York', 900)[0]?.drawAt).toEqual(
      new Date(Date.UTC(2026, 6, 1, 22, 15)),
    );
    expect(dailySlotsAround(Date.UTC(2026, 11, 1, 12), 1095, 'America/New_York', 900)[0]?.drawAt).toEqual(
      new Date(Date.UTC(2026, 11, 1, 23, 15)),
    );
  });

  it('gives back-to-back daily draws a day apart around any moment, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom('Asia/Ho_Chi_Minh', 'Asia/Singapore', 'Europe/London', 'America/New_York', 'UTC'),
        (now, minute, zone) => {
          const [current, next] = dailySlotsAround(now, minute, zone, 900);
          expect(current?.opensAt.getTime()).toBeLessThanOrEqual(now);
          expect(current?.drawAt.getTime()).toBeGreaterThan(now);
          expect(next?.opensAt.getTime()).toBe(current?.drawAt.getTime());
          const gap = (next?.drawAt.getTime() ?? 0) - (current?.drawAt.getTime() ?? 0);
          expect([23, 24, 25].map((h) => h * 3_600_000)).toContain(gap);
        },
      ),
    );
  });
});
