import { FairStream } from './fair-stream';
import type { FairSeeds } from './seeds';
import type { UniformSource } from './uniform-source';

/** The first `count` bytes of a bet's stream (blocks 0, 1, … concatenated). */
export function streamBytes(seeds: FairSeeds, count: number): Uint8Array {
  assertCount(count);
  const stream = new FairStream(seeds);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i += 4) {
    const word = stream.nextUint32();
    out[i] = word >>> 24;
    if (i + 1 < count) out[i + 1] = (word >>> 16) & 0xff;
    if (i + 2 < count) out[i + 2] = (word >>> 8) & 0xff;
    if (i + 3 < count) out[i + 3] = word & 0xff;
  }
  return out;
}

/** `count` floats in [0, 1), each one word / 2^32. */
export function floats(seeds: FairSeeds, count: number): number[] {
  assertCount(count);
  const stream = new FairStream(seeds);
  return Array.from({ length: count }, () => stream.nextFloat());
}

/** `count` unbiased integers in [0, max) (see `FairStream.nextInt`). */
export function integers(seeds: FairSeeds, count: number, max: number): number[] {
  assertCount(count);
  const stream = new FairStream(seeds);
  return Array.from({ length: count }, () => stream.nextInt(max));
}

/**
 * Fisher–Yates, forward: for i = 0 … n-2, j = i + nextInt(n - i), swap items i and j. The first k items of the
 * result depend only on the first k draws, so drawing k of n (`sampleWith`) is the prefix of a shuffle.
 */
export function shuffleWith<T>(source: UniformSource, items: readonly T[]): T[] {
  return permutePrefix(source, items, items.length - 1);
}

/** k distinct items of `items` in draw order: the first k items of `shuffleWith`, using only k draws. */
export function sampleWith<T>(source: UniformSource, items: readonly T[], k: number): T[] {
  if (!Number.isSafeInteger(k) || k < 0 || k > items.length) {
    throw new RangeError(`k must be an integer in [0, ${items.length}], got ${k}`);
  }
  return permutePrefix(source, items, Math.min(k, items.length - 1)).slice(0, k);
}

function permutePrefix<T>(source: UniformSource, items: readonly T[], swaps: number): T[] {
  const out = items.slice();
  const n = out.length;
  for (let i = 0; i < swaps; i += 1) {
    const j = i + source.nextInt(n - i);
    const held = out[i] as T;
    out[i] = out[j] as T;
    out[j] = held;
  }
  return out;
}

/** A permutation of `items` from the bet's stream (see `shuffleWith`). */
export function shuffle<T>(seeds: FairSeeds, items: readonly T[]): T[] {
  return shuffleWith(new FairStream(seeds), items);
}

function assertCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer`);
}
