import { describe, expect, it } from 'vitest';
import { nextPeriodStart, periodStart } from './responsible-gaming.service';

describe('session-time periods (UTC, as the ledger guard counts)', () => {
  it('turns at midnight, on Monday and on the 1st', () => {
    const sunday = new Date('2026-11-29T23:59:59.000Z');
    expect(periodStart('week', sunday)).toBe('2026-11-23');
    expect(nextPeriodStart('day', sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextPeriodStart('week', sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextPeriodStart('month', sunday).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const monday = new Date('2026-11-30T00:00:00.000Z');
    expect(nextPeriodStart('week', monday).toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(nextPeriodStart('month', new Date('2026-12-31T12:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});
