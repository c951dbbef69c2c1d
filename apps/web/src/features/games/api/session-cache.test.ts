import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createSessionCache } from './session-cache';

/** A browser window of the parts the cache touches: session storage and idle callbacks run when told. */
const stubWindow = () => {
  const stored = new Map<string, string>();
  const idle: (() => void)[] = [];
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    requestIdleCallback: (task: () => void) => idle.push(task),
    cancelIdleCallback: () => undefined,
  });
  const runIdle = () => {
    for (const task of idle.splice(0)) task();
  };
  return { stored, runIdle };
};

describe('session cache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes a list when the browser is next idle, and reads it back in its language only', () => {
    const { stored, runIdle } = stubWindow();
    const cache = createSessionCache('HOT_GAMES', z.array(z.number()));
    cache.write('EN', [1, 2]);
    expect(stored.has('HOT_GAMES')).toBe(false);
    expect(cache.read('EN')).toBeUndefined();
    runIdle();
    expect(JSON.parse(stored.get('HOT_GAMES') ?? '')).toEqual({ language: 'EN', value: [1, 2] });
    expect(cache.read('EN')).toEqual([1, 2]);
    expect(cache.read('TH')).toBeUndefined();
  });

  it('keeps the later of two writes and ignores a stored value its schema refuses', () => {
    const { stored, runIdle } = stubWindow();
    const cache = createSessionCache('gameVendor', z.array(z.number()));
    cache.write('EN', [1]);
    cache.write('TH', [2]);
    runIdle();
    expect(cache.read('TH')).toEqual([2]);
    stored.set('gameVendor', JSON.stringify({ language: 'EN', value: ['not a number'] }));
    expect(cache.read('EN')).toBeUndefined();
  });
});
