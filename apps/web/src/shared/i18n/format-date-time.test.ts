import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it("shows the moment in the merchant's time zone, naming the zone", () => {
    const text = formatDateTime('2026-01-02T16:30:00Z', 'EN', 'Asia/Singapore');
    expect(text).toContain('Jan 3, 2026');
    expect(text).toMatch(/12:30\s?AM/);
    expect(text).toMatch(/GMT\+8/);
  });

  it('falls back to UTC for an unknown time zone and keeps a malformed value as given', () => {
    expect(formatDateTime('2026-01-02T16:30:00Z', 'EN', 'Mars/Olympus')).toMatch(/UTC/);
    expect(formatDateTime('not a date', 'EN', 'UTC')).toBe('not a date');
  });
});
