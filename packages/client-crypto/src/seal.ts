import { gcm } from '@noble/ciphers/aes.js';
import { p256 } from '@noble/curves/nist.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';

/**
 * Sealing a request body for an "(enc)" endpoint, in pure JavaScript so it works in every browser (also where
 * crypto.subtle is missing) and in Node tests. The server opens it with node:crypto.
 *
 * ECIES over P-256: an ephemeral key pair per request; the ECDH shared x-coordinate goes through
 * HKDF-SHA256 (salt = the ephemeral public key, info = "tessera-sealed-v1:" + key id) to an AES-256-GCM key;
 * the additional data is "METHOD /path", so a sealed body is valid for its endpoint only. Inside the seal,
 * a timestamp and a random nonce let the server refuse replays.
 */
export const SEALED_VERSION = 1;
export const SEALED_INFO_PREFIX = 'tessera-sealed-v1:';

export interface PayloadKey {
  kid: string;
  /** Uncompressed P-256 point, base64url. */
  publicKey: string;
}

export interface SealedBody {
  sealed: { v: 1; kid: string; epk: string; iv: string; ct: string };
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export const fromBase64Url = (text: string): Uint8Array => {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

export const sealAad = (method: string, path: string): Uint8Array =>
  new TextEncoder().encode(`${method.toUpperCase()} ${path}`);

export const deriveSealKey = (sharedX: Uint8Array, epk: Uint8Array, kid: string): Uint8Array =>
  hkdf(sha256, sharedX, epk, new TextEncoder().encode(SEALED_INFO_PREFIX + kid), 32);

/** Seals `body` for `method path` under the server's published key. */
export const sealPayload = (
  key: PayloadKey,
  method: string,
  path: string,
  body: unknown,
  now: number = Date.now(),
): SealedBody => {
  const ephemeral = p256.utils.randomSecretKey();
  const epk = p256.getPublicKey(ephemeral, false);
  const shared = p256.getSharedSecret(ephemeral, fromBase64Url(key.publicKey), true).slice(1);
  const aesKey = deriveSealKey(shared, epk, key.kid);
  const iv = randomBytes(12);
  const plaintext = new TextEncoder().encode(JSON.stringify({ ts: now, nonce: toBase64Url(randomBytes(16)), body }));
  const ct = gcm(aesKey, iv, sealAad(method, path)).encrypt(plaintext);
  return {
    sealed: { v: SEALED_VERSION, kid: key.kid, epk: toBase64Url(epk), iv: toBase64Url(iv), ct: toBase64Url(ct) },
  };
};

export { toBase64Url };
