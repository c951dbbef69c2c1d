import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** What fixes a bet's randomness: the secret server seed, the player's client seed and the bet's nonce. */
export type FairSeeds = {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
};

/** The commitment shown before play: lower-case hex SHA-256 of the server seed's UTF-8 bytes. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** A fresh server seed: 32 bytes from the platform's cryptographic generator, as 64 lower-case hex characters. */
export function createServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

export function assertSeeds(seeds: FairSeeds): void {
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    throw new RangeError(`nonce must be a non-negative safe integer, got ${seeds.nonce}`);
  }
  if (seeds.serverSeed.length === 0) throw new RangeError('serverSeed must not be empty');
}
