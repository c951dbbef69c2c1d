import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { CURVE_BITS, curvePoint, isBelowOne } from '../math/edge-curve';
import { assertChainHash } from './hash-chain';

/** 1,000,000.00x in hundredths: a round that would go higher crashes there. */
export const CRASH_CAP = 100_000_000;

/**
 * The round's uniform integer u in [0, 2^52): the first 52 bits (13 hex digits) of
 * HMAC-SHA256(key = the game hash's 32 raw bytes, message = UTF-8 of the chain's salt). The salt is fixed and
 * published after the terminal hash and before game 1, so the operator could not have picked a chain to suit it.
 */
export function crashUniform(gameHash: string, salt: string): number {
  assertChainHash(gameHash);
  const mac = hmac(sha256, hexToBytes(gameHash), utf8ToBytes(salt));
  let u = 0;
  for (let i = 0; i < 6; i += 1) u = u * 256 + (mac[i] as number);
  return u * 16 + ((mac[6] as number) >>> 4);
}

/**
 * The crash point in hundredths: floor(99 × 2^52 / (2^52 − u)), at least 100, at most the cap. The house edge
 * is the 1% in 99: when 0.99 / (1 − u/2^52) < 1 (probability 1%) the round crashes instantly at 1.00x and every
 * bet loses; targets start at 1.01x, so a 1.00x point never pays.
 */
export function crashPoint(gameHash: string, salt: string): number {
  return curvePoint(crashUniform(gameHash, salt), CRASH_CAP);
}

/** True for the rounds that crash before any cash-out is possible. */
export function isInstantCrash(gameHash: string, salt: string): boolean {
  return isBelowOne(crashUniform(gameHash, salt));
}

export const CRASH_UNIFORM_BITS = CURVE_BITS;
