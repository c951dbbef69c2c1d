import { createHash } from 'node:crypto';

/**
 * Splitting a red envelope (decision 0075): the parts always sum to the amount exactly and each is at least one
 * minor unit. The random split draws from a stream seeded by the caller's request, so a retry of the same request
 * splits the same way (and the ledger applies it once).
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
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      buffer = [0, 8, 16, 24].map((offset) => block.readBigUInt64BE(offset));
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
