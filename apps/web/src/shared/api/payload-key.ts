import type { PayloadKey } from '@tessera/client-crypto';

export interface PublishedPayloadKey extends PayloadKey {
  /** ISO time after which the server may stop opening payloads sealed under this key. */
  expiresAt: string;
}

/** A key is dropped a minute before it expires, so a request sealed just before never arrives stale. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The server's payload key, fetched once and kept until it expires (decision 0009). Concurrent callers share
 * one fetch; `forget` drops it after the server answers `request_key_expired`.
 */
export const createPayloadKeyCache = (fetchKey: () => Promise<PublishedPayloadKey>, now: () => number = Date.now) => {
  let cached: { key: PayloadKey; usableUntil: number } | null = null;
  let pending: Promise<PayloadKey> | null = null;

  const load = async (): Promise<PayloadKey> => {
    const published = await fetchKey();
    const expiresAt = Date.parse(published.expiresAt);
    const key: PayloadKey = { kid: published.kid, publicKey: published.publicKey };
    cached = { key, usableUntil: Number.isNaN(expiresAt) ? now() : expiresAt - EXPIRY_MARGIN_MS };
    return key;
  };

  return {
    get: (): Promise<PayloadKey> => {
      if (cached && now() < cached.usableUntil) return Promise.resolve(cached.key);
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget: (): void => {
      cached = null;
    },
  };
};
