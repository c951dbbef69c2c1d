import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The gateway's signatures, both directions: lowercase hex HMAC-SHA256 with the merchant's secret.
 *  - merchant → gateway: over the raw request body (POST) or the request target, path and query (GET);
 *  - gateway → merchant (callbacks): over `<X-Gateway-Timestamp>.<raw body>`.
 * The runbook (docs/runbooks/sandbox-gateway.md) has a worked example the server's adapter tests against.
 */

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export const sign = (secret: string, signed: string | Buffer): string =>
  createHmac('sha256', secret).update(signed).digest('hex');

/** True only for the exact signature; compares in constant time and never throws on malformed input. */
export const verifySignature = (secret: string, signed: string | Buffer, signature: string | undefined): boolean => {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(signed).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

/** The text a callback's signature covers: the timestamp (ms since the epoch, decimal) and the raw body. */
export const callbackSignedText = (timestamp: number | string, rawBody: string): string => `${timestamp}.${rawBody}`;

export const signCallback = (secret: string, timestamp: number, rawBody: string): string =>
  sign(secret, callbackSignedText(timestamp, rawBody));
