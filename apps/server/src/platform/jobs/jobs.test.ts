import { describe, expect, it } from 'vitest';
import { createSlots, defaultTickMs, MAX_CATCH_UP_PERIODS, periodJobId, periodKey, periodsToEnqueue } from './jobs';

describe('job periods', () => {
  it('keys a per-minute cron by the minute it started, the same all through the minute', () => {
    const schedule = { cron: '* * * * *' };
    expect(periodKey(schedule, new Date('2026-11-29T01:02:00.000Z'))).toBe('2026-11-29T01:02:00.000Z');
    expect(periodKey(schedule, new Date('2026-11-29T01:02:59.999Z'))).toBe('2026-11-29T01:02:00.000Z');
    expect(periodKey(schedule, new Date('2026-11-29T01:03:00.000Z'))).toBe('2026-11-29T01:03:00.000Z');
  });

  it('keys a five-minute cron and a fixed period by their start', () => {
    expect(periodKey({ cron: '*/5 * * * *' }, new Date('2026-11-29T01:04:59Z'))).toBe('2026-11-29T01:00:00.000Z');
    expect(periodKey({ everySeconds: 15 }, new Date('2026-11-29T01:00:44.9Z'))).toBe('2026-11-29T01:00:30.000Z');
  });

  it('gives one queue id per (job, period), a well-formed UUID', () => {
    const id = periodJobId('withdrawals_due', '2026-11-29T01:00:30.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(periodJobId('withdrawals_due', '2026-11-29T01:00:30.000Z')).toBe(id);
    expect(periodJobId('withdrawals_due', '2026-11-29T01:00:45.000Z')).not.toBe(id);
    expect(periodJobId('other', '2026-11-29T01:00:30.000Z')).not.toBe(id);
  });

  it('looks for new periods at least twice per shortest period, so a 3-second job misses none', () => {
    expect(defaultTickMs([{ schedule: { everySeconds: 3 } }, { schedule: { cron: '* * * * *' } }])).toBe(1_500);
    expect(defaultTickMs([{ schedule: { everySeconds: 15 } }])).toBe(5_000);
    expect(defaultTickMs([{ schedule: { cron: '*/5 * * * *' } }])).toBe(5_000);
    expect(defaultTickMs([{ schedule: { everySeconds: 0.2 } }])).toBe(250);
    // Looking at this pace, every period of the shortest job is seen by some look, whatever the phase.
    for (const phase of [0, 137, 1_499]) {
      const seen = new Set<string>();
      for (let t = phase; t < 60_000; t += defaultTickMs([{ schedule: { everySeconds: 3 } }])) {
        seen.add(periodKey({ everySeconds: 3 }, new Date(Date.UTC(2026, 10, 29) + t)));
      }
      expect(seen.size).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('periods a look enqueues', () => {
  const every3 = { everySeconds: 3 };
  const at = (iso: string) => new Date(iso);

  it("sends only the current period on an instance's first look, and nothing more within it", () => {
    expect(periodsToEnqueue(every3, undefined, at('2026-12-03T10:00:04Z'))).toEqual(['2026-12-03T10:00:03.000Z']);
    expect(periodsToEnqueue(every3, '2026-12-03T10:00:03.000Z', at('2026-12-03T10:00:05.9Z'))).toEqual([]);
    expect(periodsToEnqueue(every3, '2026-12-03T10:00:03.000Z', at('2026-12-03T10:00:06Z'))).toEqual([
      '2026-12-03T10:00:06.000Z',
    ]);
  });

  it('sends the periods a late look missed, oldest first, up to the current one', () => {
    expect(periodsToEnqueue(every3, '2026-12-03T10:00:03.000Z', at('2026-12-03T10:00:13Z'))).toEqual([
      '2026-12-03T10:00:06.000Z',
      '2026-12-03T10:00:09.000Z',
      '2026-12-03T10:00:12.000Z',
    ]);
    // A cron job missed through a database restart across its minute.
    expect(periodsToEnqueue({ cron: '*/5 * * * *' }, '2026-12-03T10:00:00.000Z', at('2026-12-03T10:11:00Z'))).toEqual([
      '2026-12-03T10:05:00.000Z',
      '2026-12-03T10:10:00.000Z',
    ]);
    expect(periodsToEnqueue({ cron: '0 3 * * *' }, '2026-12-02T03:00:00.000Z', at('2026-12-03T03:00:30Z'))).toEqual([
      '2026-12-03T03:00:00.000Z',
    ]);
  });

  it('sends at most the newest MAX_CATCH_UP_PERIODS after a long gap', () => {
    const keys = periodsToEnqueue(every3, '2026-12-03T10:00:00.000Z', at('2026-12-03T11:00:00Z'));
    expect(keys).toHaveLength(MAX_CATCH_UP_PERIODS);
    expect(keys.at(-1)).toBe('2026-12-03T11:00:00.000Z');
    expect(Date.parse(keys.at(-1) ?? '') - Date.parse(keys[0] ?? '')).toBe((MAX_CATCH_UP_PERIODS - 1) * 3000);
  });
});

describe('job slots', () => {
  it('runs at most the limit at once, the rest in the order they came, and frees a slot when a work throws', async () => {
    const slot = createSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number, fails = false) =>
      slot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running -= 1;
        if (fails) throw new Error(`work ${n}`);
        return n;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await work(6)).toBe(6);
  });
});
