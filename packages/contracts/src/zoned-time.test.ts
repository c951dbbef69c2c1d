import { describe, expect, it } from 'vitest';
import {
  formatUtcOffset,
  isoToZonedWallTime,
  isValidTimeZone,
  startOfZonedDay,
  zonedDate,
  zonedWallTimeToIso,
} from './zoned-time';

describe('zoned wall time', () => {
  it('reads a wall time in the merchant zone as the right UTC instant', () => {
    expect(zonedWallTimeToIso('2026-03-01T10:00', 'Asia/Singapore')).toBe('2026-03-01T02:00:00.000Z');
    expect(zonedWallTimeToIso('2026-03-01T10:00', 'UTC')).toBe('2026-03-01T10:00:00.000Z');
    expect(zonedWallTimeToIso('2026-01-15T09:30', 'America/New_York')).toBe('2026-01-15T14:30:00.000Z');
    expect(zonedWallTimeToIso('2026-07-15T09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
  });

  it('shows a UTC instant on the merchant clock', () => {
    expect(isoToZonedWallTime('2026-03-01T02:00:00.000Z', 'Asia/Singapore')).toBe('2026-03-01T10:00');
    expect(isoToZonedWallTime('2026-03-01T02:00:00+08:00', 'UTC')).toBe('2026-02-28T18:00');
    expect(isoToZonedWallTime('not a date', 'UTC')).toBe('');
  });

  it('round-trips across a daylight-saving change', () => {
    const iso = zonedWallTimeToIso('2026-03-29T03:30', 'Europe/Berlin');
    expect(iso).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToZonedWallTime(iso ?? '', 'Europe/Berlin')).toBe('2026-03-29T03:30');
  });

  it('refuses what is not a wall time, and knows real zones', () => {
    expect(zonedWallTimeToIso('2026-03-01', 'UTC')).toBeNull();
    expect(isValidTimeZone('Asia/Singapore')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('formats the offset', () => {
    expect(formatUtcOffset(Date.parse('2026-03-01T00:00:00Z'), 'Asia/Singapore')).toBe('UTC+08:00');
    expect(formatUtcOffset(Date.parse('2026-01-01T00:00:00Z'), 'America/St_Johns')).toBe('UTC-03:30');
  });
});

describe('merchant calendar days', () => {
  it('finds the local date and the instant its day began', () => {
    const at = new Date('2026-03-01T17:30:00Z');
    expect(zonedDate('Asia/Singapore', at)).toBe('2026-03-02');
    expect(startOfZonedDay('Asia/Singapore', at).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(startOfZonedDay('America/New_York', at).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfZonedDay('UTC', at).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
