import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** A crash chain: `gameHashes[0]` is game 1's hash; `terminalHash` is published before game 1 is played. */
export type HashChain = {
  readonly terminalHash: string;
  readonly gameHashes: readonly string[];
};

export function assertChainHash(hash: string): void {
  if (!HASH_PATTERN.test(hash)) throw new RangeError('a chain hash is 64 lower-case hex characters');
}

/** One step along the chain: hex(SHA-256 of the hash's 32 raw bytes). From game n's hash it gives game n−1's. */
export function hashChainStep(hash: string): string {
  assertChainHash(hash);
  return bytesToHex(sha256(hexToBytes(hash)));
}

/**
 * c0 = seed, c(i) = hashChainStep(c(i−1)) for i = 1 … length. Game n uses c(length − n), so games are played
 * from the end of the chain towards the seed, and c(length) is the terminal hash published in advance: nobody
 * can compute game n+1's hash from game n's, but anyone can hash game n's forward n times to the terminal hash.
 */
export function generateChain(seed: string, length: number): HashChain {
  assertChainHash(seed);
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  const hashes = new Array<string>(length + 1);
  hashes[0] = seed;
  for (let i = 1; i <= length; i += 1) hashes[i] = hashChainStep(hashes[i - 1] as string);
  const terminalHash = hashes[length] as string;
  const gameHashes = hashes.slice(0, length).reverse();
  return { terminalHash, gameHashes };
}

/** True when hashing game `gameNumber`'s hash forward `gameNumber` times gives the published terminal hash. */
export function verifyGameHash(gameHash: string, gameNumber: number, terminalHash: string): boolean {
  if (!HASH_PATTERN.test(gameHash) || !HASH_PATTERN.test(terminalHash)) return false;
  if (!Number.isSafeInteger(gameNumber) || gameNumber < 1) return false;
  let hash = gameHash;
  for (let i = 0; i < gameNumber; i += 1) hash = hashChainStep(hash);
  return hash === terminalHash;
}
