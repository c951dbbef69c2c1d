import { describe, expect, it } from 'vitest';
import { createLocalCaches } from './invalidation';
import { createKeyedCache, inScope } from './keyed-cache';

const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('keyed cache', () => {
  it('scopes a key by what comes before its first bar', () => {
    expect(inScope('demo', 'demo')).toBe(true);
    expect(inScope('demo|EN', 'demo')).toBe(true);
    expect(inScope('demo2|EN', 'demo')).toBe(false);
    expect(inScope('dem', 'demo')).toBe(false);
  });

  it('reads once for callers that arrive together, keeps the value for its lifetime, then refreshes behind it', async () => {
    let clock = 0;
    let reads = 0;
    const cache = createKeyedCache<number>({ ttlMs: 1000, now: () => clock });
    const read = async () => {
      reads += 1;
      return reads;
    };
    expect(await Promise.all([cache.get('k', read), cache.get('k', read)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('k', read)).toBe(1);
    clock = 1000;
    // Expired: the old value answers while one read refreshes it.
    expect(await cache.get('k', read)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('k', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it("drops a scope's keys, and does not keep a read begun before the drop", async () => {
    const cache = createKeyedCache<string>({ ttlMs: 60_000 });
    await cache.get('demo|EN', async () => 'old EN');
    await cache.get('other|EN', async () => 'other');
    const slow = deferred<string>();
    const pending = cache.get('demo|CN', () => slow.promise);
    cache.drop('demo');
    slow.resolve('old CN');
    expect(await pending).toBe('old CN');
    expect(await cache.get('demo|CN', async () => 'new CN')).toBe('new CN');
    expect(await cache.get('demo|EN', async () => 'new EN')).toBe('new EN');
    expect(await cache.get('other|EN', async () => 'never read')).toBe('other');
    cache.drop(null);
    expect(await cache.get('other|EN', async () => 'reread')).toBe('reread');
  });

  it('does not keep a failed read', async () => {
    const cache = createKeyedCache<string>({ ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('forgets the oldest value past its bound on entries', async () => {
    const cache = createKeyedCache<string>({ ttlMs: 60_000, maxEntries: 3 });
    for (const host of ['a', 'b', 'c', 'd']) await cache.get(host, async () => host);
    expect(cache.size()).toBe(3);
    expect(await cache.get('a', async () => 'a again')).toBe('a again');
    expect(await cache.get('d', async () => 'never read')).toBe('d');
  });
});

describe('local caches', () => {
  it('refuses a name declared twice and drops a channel by its invalidation', async () => {
    const caches = createLocalCaches();
    const dropped: (string | null)[] = [];
    const invalidate = caches.channel('lobby', (scope) => dropped.push(scope));
    expect(() => caches.keyed('lobby', { ttlMs: 1 })).toThrow('declared twice');
    await invalidate('demo');
    await invalidate(null);
    expect(dropped).toEqual(['demo', null]);
  });
});
