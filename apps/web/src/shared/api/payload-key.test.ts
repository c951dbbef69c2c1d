import { describe, expect, it, vi } from 'vitest';
import { createPayloadKeyCache } from './payload-key';

const published = (kid: string, expiresAt: number) => ({
  kid,
  publicKey: `pk-${kid}`,
  expiresAt: new Date(expiresAt).toISOString(),
});

describe('payload key cache', () => {
  it('fetches once for concurrent callers and keeps the key until a minute before it expires', async () => {
    let now = 0;
    const fetchKey = vi.fn(async () => published('k1', 10 * 60_000));
    const cache = createPayloadKeyCache(fetchKey, () => now);

    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toEqual({ kid: 'k1', publicKey: 'pk-k1' });
    expect(b).toEqual(a);
    now = 8 * 60_000;
    await cache.get();
    expect(fetchKey).toHaveBeenCalledTimes(1);

    fetchKey.mockResolvedValueOnce(published('k2', 30 * 60_000));
    now = 9 * 60_000;
    expect(await cache.get()).toEqual({ kid: 'k2', publicKey: 'pk-k2' });
    expect(fetchKey).toHaveBeenCalledTimes(2);
  });

  it('fetches again after forget, and after a failed fetch', async () => {
    const fetchKey = vi.fn(async () => published('k1', Date.now() + 3_600_000));
    const cache = createPayloadKeyCache(fetchKey);
    fetchKey.mockRejectedValueOnce(new Error('offline'));
    await expect(cache.get()).rejects.toThrow('offline');
    await cache.get();
    cache.forget();
    await cache.get();
    expect(fetchKey).toHaveBeenCalledTimes(3);
  });
});
