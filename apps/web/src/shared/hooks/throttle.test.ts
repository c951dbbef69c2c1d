import { describe, expect, it } from 'vitest';
import { countdownSecondsOf, createThrottle, secondsLeftUntil } from './throttle';

describe('throttle and countdown', () => {
  it('lets one action through per interval and says how long until the next', () => {
    let now = 5_000;
    const throttle = createThrottle(1000, () => now);
    expect(throttle.tryPass()).toBe(true);
    now = 5_400;
    expect(throttle.tryPass()).toBe(false);
    expect(throttle.waitMs()).toBe(600);
    now = 6_000;
    expect(throttle.waitMs()).toBe(0);
    expect(throttle.tryPass()).toBe(true);
    now = 6_800;
    throttle.restart();
    now = 7_000;
    expect(throttle.waitMs()).toBe(800);
  });

  it('counts the SMS wait as expiredMinutes times 60 seconds, in whole seconds rounded up', () => {
    expect(countdownSecondsOf(5)).toBe(300);
    expect(countdownSecondsOf(1)).toBe(60);
    expect(secondsLeftUntil(10_000, 8_001)).toBe(2);
    expect(secondsLeftUntil(10_000, 10_500)).toBe(0);
  });
});
