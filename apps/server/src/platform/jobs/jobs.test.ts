import { describe, expect, it } from 'vitest';
import { defaultTickMs, periodJobId, periodKey } from './jobs';

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
