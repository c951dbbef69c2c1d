import { describe, expect, it } from 'vitest';
import { addDays, dayInZone, rangeErrorOf, rangeOfPreset } from './date-ranges';

describe('record date ranges', () => {
  it("reads today in the merchant's time zone", () => {
    const at = new Date('2026-03-01T20:30:00Z');
    expect(dayInZone(at, 'UTC')).toBe('2026-03-01');
    expect(dayInZone(at, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(dayInZone(at, 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('moves across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('gives the past 7 and 30 days ending today', () => {
    expect(rangeOfPreset('last7', '2026-03-10')).toEqual({ startDate: '2026-03-04', endDate: '2026-03-10' });
    expect(rangeOfPreset('last30', '2026-03-10')).toEqual({ startDate: '2026-02-09', endDate: '2026-03-10' });
    expect(rangeOfPreset('yesterday', '2026-03-01')).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
  });

  it('refuses a reversed range, a malformed day, and more than 92 days', () => {
    expect(rangeErrorOf({ startDate: '2026-03-02', endDate: '2026-03-01' })).toBe('date_range_invalid');
    expect(rangeErrorOf({ startDate: '2026-3-2', endDate: '2026-03-01' })).toBe('date_range_invalid');
    expect(rangeErrorOf({ startDate: '2026-01-01', endDate: addDays('2026-01-01', 91) })).toBeNull();
    expect(rangeErrorOf({ startDate: '2026-01-01', endDate: addDays('2026-01-01', 92) })).toBe('date_range_invalid');
  });
});
