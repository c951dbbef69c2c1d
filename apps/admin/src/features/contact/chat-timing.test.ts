import { describe, expect, it } from 'vitest';
import { elapsedOf, waitedSeconds } from './chat-timing';

describe('chat response times', () => {
  it('reads seconds under a minute, minutes under an hour, then hours and minutes', () => {
    expect(elapsedOf(0)).toEqual({ unit: 'seconds', seconds: 0 });
    expect(elapsedOf(59.9)).toEqual({ unit: 'seconds', seconds: 59 });
    expect(elapsedOf(60)).toEqual({ unit: 'minutes', minutes: 1 });
    expect(elapsedOf(3599)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(elapsedOf(3600 + 5 * 60 + 30)).toEqual({ unit: 'hours', hours: 1, minutes: 5 });
    expect(elapsedOf(-5)).toEqual({ unit: 'seconds', seconds: 0 });
  });

  it('counts the wait from the instant the member started waiting, never below zero', () => {
    const since = '2026-11-30T10:00:00.000Z';
    expect(waitedSeconds(since, Date.parse('2026-11-30T10:02:30.000Z'))).toBe(150);
    expect(waitedSeconds(since, Date.parse('2026-11-30T09:59:00.000Z'))).toBe(0);
  });
});
