/**
 * Customer-service links travel obfuscated: `path` = base64url(url XOR keystream(key)) followed by the 8-character
 * key in clear (spec section 3). This keeps the links out of naive scrapers; it is not a secret, since the key
 * travels with it. The keystream is xorshift32 seeded with the FNV-1a hash of the key, so both sides compute it
 * without WebCrypto (which plain-http mirror domains would not have). See docs/decisions/0004-customer-service-paths.md.
 */
const KEY_LENGTH = 8;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const seedOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash || 0x9e3779b9;
};

const xorWithKeystream = (bytes: Uint8Array, key: string): Uint8Array => {
  let state = seedOf(key);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out[i] = (bytes[i] ?? 0) ^ (state & 0xff);
  }
  return out;
};

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** `randomKey` is injectable for tests; by default it draws from crypto.getRandomValues. */
export const obfuscateCustomerServicePath = (url: string, randomKey?: string): string => {
  let key = randomKey;
  if (key === undefined) {
    const random = new Uint8Array(KEY_LENGTH);
    crypto.getRandomValues(random);
    key = Array.from(random, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  }
  if (key.length !== KEY_LENGTH) throw new Error('customer-service key must be 8 characters');
  return toBase64Url(xorWithKeystream(new TextEncoder().encode(url), key)) + key;
};

/** Inverse of obfuscateCustomerServicePath; returns null for a path that is not one. */
export const revealCustomerServicePath = (path: string): string | null => {
  if (path.length <= KEY_LENGTH) return null;
  const key = path.slice(-KEY_LENGTH);
  try {
    const url = new TextDecoder('utf-8', { fatal: true }).decode(
      xorWithKeystream(fromBase64Url(path.slice(0, -KEY_LENGTH)), key),
    );
    return /^https?:\/\//.test(url) ? url : null;
  } catch {
    return null;
  }
};
