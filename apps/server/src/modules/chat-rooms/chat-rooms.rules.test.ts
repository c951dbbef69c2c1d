import { describe, expect, it } from 'vitest';
import { slowModeLeft } from './chat-rooms.service';

describe('slowModeLeft', () => {
  it('is 0 without slow mode or without an earlier message', () => {
    expect(slowModeLeft(0, 1)).toBe(0);
    expect(slowModeLeft(30, null)).toBe(0);
  });
  it('rounds the time left up to whole seconds, and is 0 once it has passed', () => {
    expect(slowModeLeft(30, 0)).toBe(30);
    expect(slowModeLeft(30, 29.2)).toBe(1);
    expect(slowModeLeft(30, 30)).toBe(0);
    expect(slowModeLeft(30, 45)).toBe(0);
  });
  it('never answers more than the slow mode nor less than 0', () => {
    for (let since = 0; since < 100; since += 0.7) {
      const left = slowModeLeft(60, since);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThanOrEqual(60);
    }
  });
});
