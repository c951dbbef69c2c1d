import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { assertSeeds, type FairSeeds } from '../fair/seeds';

/** Probabilities are whole parts per billion: 1 = one in a billion, 1,000,000,000 = every bet. */
export const JACKPOT_PROBABILITY_SCALE = 1_000_000_000;

const TWO_POW_64 = 2n ** 64n;
const SCALE = BigInt(JACKPOT_PROBABILITY_SCALE);

/**
 * The jackpot's draw for one in-house bet: HMAC-SHA256(key = serverSeed, message = `jackpot:clientSeed:nonce`),
 * its first 8 bytes read as a big-endian unsigned 64-bit integer. The label keeps it apart from the game's own
 * stream (`clientSeed:nonce:cursor`), so the jackpot never reuses a word the game drew.
 */
export function jackpotDraw(seeds: FairSeeds): bigint {
  assertSeeds(seeds);
  const digest = hmac(sha256, utf8ToBytes(seeds.serverSeed), utf8ToBytes(`jackpot:${seeds.clientSeed}:${seeds.nonce}`));
  let value = 0n;
  for (let i = 0; i < 8; i += 1) value = (value << 8n) | BigInt(digest[i] as number);
  return value;
}

/** The draw as a uniform in [0, 1) (for display; the decision itself is exact integer arithmetic). */
export function jackpotUniform(seeds: FairSeeds): number {
  return Number(jackpotDraw(seeds)) / 2 ** 64;
}

export function assertJackpotProbability(probabilityPpb: number): void {
  if (!Number.isSafeInteger(probabilityPpb) || probabilityPpb < 0 || probabilityPpb > JACKPOT_PROBABILITY_SCALE) {
    throw new RangeError(`probability must be an integer in [0, ${JACKPOT_PROBABILITY_SCALE}] parts per billion`);
  }
}

/**
 * Whether the bet wins the jackpot: draw / 2^64 < probability / 10^9, decided exactly as
 * draw · 10^9 < probability · 2^64. Anyone holding the revealed server seed, the client seed and the nonce can
 * recompute it (see the package README).
 */
export function jackpotHit(seeds: FairSeeds, probabilityPpb: number): boolean {
  assertJackpotProbability(probabilityPpb);
  return jackpotDraw(seeds) * SCALE < BigInt(probabilityPpb) * TWO_POW_64;
}
