import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { hashServerSeed } from '../fair/seeds';

/**
 * Splitting a red envelope (decisions 0075 and 0098): the parts always sum to the amount exactly and each is at
 * least one minor unit. The random split draws from a stream seeded by the caller (an agent's request, an operator
 * envelope's committed server seed), so the same seed always splits the same way and anyone holding it can
 * recompute the parts. Shared by the agents' envelopes and the operators' (promotions module).
 */

/** Equal parts; the remainder goes one minor unit each to the first recipients, in the order given. */
export const splitEqual = (total: bigint, count: number): bigint[] => {
  if (count < 1 || total < BigInt(count)) throw new RangeError('less than one minor unit per part');
  const n = BigInt(count);
  const base = total / n;
  const remainder = Number(total % n);
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1n : 0n));
};

/** A deterministic stream of 64-bit numbers: SHA-256 of the seed and a counter, four numbers per block. */
const randomStream = (seed: string) => {
  let counter = 0;
  let buffer: bigint[] = [];
  return (): bigint => {
    if (buffer.length === 0) {
      const block = sha256(utf8ToBytes(`${seed}:${counter++}`));
      const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
      buffer = [0, 8, 16, 24].map((offset) => view.getBigUint64(offset, false));
    }
    return buffer.shift() as bigint;
  };
};

const TWO_64 = 2n ** 64n;

/** A uniform number in [0, bound] from the stream (rejection sampling: no modulo bias). */
const uniformUpTo = (next: () => bigint, bound: bigint): bigint => {
  const range = bound + 1n;
  const limit = TWO_64 - (TWO_64 % range);
  for (;;) {
    const value = next();
    if (value < limit) return value % range;
  }
};

/**
 * Random parts: every recipient gets one minor unit, and the rest is cut at `count - 1` uniform points, so each
 * way of sharing it is equally likely. Same seed, same parts.
 */
export const splitRandom = (total: bigint, count: number, seed: string): bigint[] => {
  if (count < 1 || total < BigInt(count)) throw new RangeError('less than one minor unit per part');
  const spare = total - BigInt(count);
  const next = randomStream(seed);
  const cuts = Array.from({ length: count - 1 }, () => uniformUpTo(next, spare)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const bounds = [0n, ...cuts, spare];
  return Array.from({ length: count }, (_, i) => 1n + ((bounds[i + 1] as bigint) - (bounds[i] as bigint)));
};

/**
 * Checks an operator's red envelope against its revealed seed (decision 0098): the seed's SHA-256 is the
 * commitment published at creation, and `splitRandom(total, shares, seed)` gives every share in split order.
 */
export const verifyRedEnvelopeSplit = (input: {
  totalMinor: bigint;
  shares: number;
  seedHash: string;
  serverSeed: string;
  amountsMinor: readonly bigint[];
}): { seedMatches: boolean; amountsMatch: boolean; amounts: bigint[] } => {
  const amounts = splitRandom(input.totalMinor, input.shares, input.serverSeed);
  return {
    seedMatches: hashServerSeed(input.serverSeed) === input.seedHash.toLowerCase(),
    amountsMatch:
      amounts.length === input.amountsMinor.length && amounts.every((amount, i) => amount === input.amountsMinor[i]),
    amounts,
  };
};
