import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats, integers, sampleWith, shuffle, shuffleWith, streamBytes } from './draws';
import { FairStream, streamBlock } from './fair-stream';
import { createServerSeed, type FairSeeds, hashServerSeed } from './seeds';
import type { UniformSource } from './uniform-source';

// Test vector (also in the package README).
const seeds: FairSeeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

const seedsArbitrary = fc.record({
  serverSeed: fc.string({ minLength: 1, maxLength: 80 }),
  clientSeed: fc.string({ maxLength: 40 }),
  nonce: fc.nat(),
});

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

describe('the byte stream', () => {
  it('matches the published test vector', () => {
    expect(hashServerSeed(seeds.serverSeed)).toBe('67de456100d5fbf01a60bed3de0a0bfacc65bd099346005c784c5d633d6fe635');
    expect(toHex(streamBlock(seeds, 0))).toBe('e7d858b5c7a64728e64017e05a51c254e51970813558f518ed7038db08a6a585');
    expect(floats(seeds, 4)).toEqual([0.9056449357885867, 0.7798809502273798, 0.899415485560894, 0.352810044772923]);
    expect(integers(seeds, 6, 10_000)).toEqual([5381, 3176, 96, 7604, 9665, 2360]);
    expect(shuffle(seeds, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([1, 3, 2, 9, 7, 5, 0, 8, 4, 6]);
  });

  it('is HMAC-SHA256(serverSeed, clientSeed:nonce:cursor) block after block, as Node computes it', () => {
    fc.assert(
      fc.property(seedsArbitrary, (s) => {
        const expected = [0, 1, 2]
          .map((cursor) =>
            createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:${cursor}`).digest('hex'),
          )
          .join('');
        expect(toHex(streamBytes(s, 96))).toBe(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('hashes the server seed as Node does and creates fresh 64-hex seeds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (seed) => {
        expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
      }),
    );
    const a = createServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(createServerSeed()).not.toBe(a);
  });

  it('reads words big-endian and floats as word / 2^32', () => {
    const block = streamBlock(seeds, 0);
    const stream = new FairStream(seeds);
    const first = stream.nextUint32();
    expect(first).toBe(Buffer.from(block).readUInt32BE(0));
    expect(stream.nextFloat()).toBe(Buffer.from(block).readUInt32BE(4) / 2 ** 32);
    for (let i = 2; i < 8; i += 1) stream.nextUint32();
    // The ninth word is the first of block 1.
    expect(stream.nextUint32()).toBe(Buffer.from(streamBlock(seeds, 1)).readUInt32BE(0));
    expect(stream.wordsConsumed).toBe(9);
  });

  it('refuses a negative or fractional nonce', () => {
    expect(() => new FairStream({ ...seeds, nonce: -1 })).toThrow(RangeError);
    expect(() => new FairStream({ ...seeds, nonce: 1.5 })).toThrow(RangeError);
  });

  it('is deterministic: the same seeds give the same draws, another nonce other draws', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 2 ** 40 }), (s, max) => {
        expect(integers(s, 20, max)).toEqual(integers(s, 20, max));
        expect(floats(s, 8)).not.toEqual(floats({ ...s, nonce: s.nonce + 1 }, 8));
      }),
      { numRuns: 100 },
    );
  });
});

describe('unbiased integers', () => {
  it('stay integers in [0, max) for every max up to 2^53', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 2 ** 53 }), (s, max) => {
        for (const value of integers(s, 16, max)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(max);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reject the candidates above the last whole multiple of max instead of folding them (no modulo bias)', () => {
    // max = 3 × 2^30: a modulo sampler would return values below 2^30 half the time; a fair one a third.
    const max = 3 * 2 ** 30;
    const stream = new FairStream(seeds);
    const n = 60_000;
    let low = 0;
    for (let i = 0; i < n; i += 1) if (stream.nextInt(max) < 2 ** 30) low += 1;
    const sd = Math.sqrt(n * (1 / 3) * (2 / 3));
    expect(Math.abs(low - n / 3)).toBeLessThan(2.576 * sd);
    // About a quarter of the words are rejected: 2^32 − 3 × 2^30 = 2^30 of them.
    expect(stream.wordsConsumed / n).toBeGreaterThan(1.3);
    expect(stream.wordsConsumed / n).toBeLessThan(1.37);
  });

  it('use exactly one word when max divides 2^32 and two above 2^32', () => {
    const stream = new FairStream(seeds);
    for (let i = 0; i < 100; i += 1) stream.nextInt(2 ** 16);
    expect(stream.wordsConsumed).toBe(100);
    stream.nextInt(2 ** 52);
    expect(stream.wordsConsumed).toBe(102);
  });

  it('refuse a max outside [1, 2^53]', () => {
    const stream = new FairStream(seeds);
    expect(() => stream.nextInt(0)).toThrow(RangeError);
    expect(() => stream.nextInt(2 ** 53 + 2)).toThrow(RangeError);
    expect(() => stream.nextInt(2.5)).toThrow(RangeError);
  });
});

describe('Fisher–Yates', () => {
  it('returns a permutation of its input', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.array(fc.integer(), { maxLength: 60 }), (s, items) => {
        const shuffled = shuffle(s, items);
        expect(shuffled.slice().sort((a, b) => a - b)).toEqual(items.slice().sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('draws k of n as the first k of the full shuffle, using k draws', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 40 }), fc.nat(40), (s, n, kRaw) => {
        const k = kRaw % (n + 1);
        const items = Array.from({ length: n }, (_, i) => i);
        const stream = new FairStream(s);
        const sample = sampleWith(stream, items, k);
        expect(sample).toEqual(shuffleWith(new FairStream(s), items).slice(0, k));
        expect(new Set(sample).size).toBe(k);
        expect(stream.wordsConsumed).toBeGreaterThanOrEqual(Math.min(k, n - 1));
      }),
      { numRuns: 200 },
    );
  });

  it('swaps position i with i + nextInt(n − i)', () => {
    const scripted: number[] = [2, 0, 1];
    const source: UniformSource = { nextInt: () => scripted.shift() ?? 0 };
    // i = 0: j = 0 + 2 → [c, b, a, d]; i = 1: j = 1 + 0 → same; i = 2: j = 2 + 1 → [c, b, d, a].
    expect(shuffleWith(source, ['a', 'b', 'c', 'd'])).toEqual(['c', 'b', 'd', 'a']);
  });
});
