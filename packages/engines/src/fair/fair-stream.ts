import { _HMAC, hmac } from '@noble/hashes/hmac.js';
import { type _SHA256, sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { assertSeeds, type FairSeeds } from './seeds';
import type { UniformSource } from './uniform-source';

const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;
export const BLOCK_BYTES = 32;

type KeyedHmac = _HMAC<_SHA256>;

/** Block `cursor` of a bet's byte stream: HMAC-SHA256(key = serverSeed, message = `clientSeed:nonce:cursor`). */
export function streamBlock(seeds: FairSeeds, cursor: number): Uint8Array {
  assertSeeds(seeds);
  return hmac(sha256, utf8ToBytes(seeds.serverSeed), blockMessage(seeds, cursor));
}

function blockMessage(seeds: FairSeeds, cursor: number): Uint8Array {
  return utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`);
}

/**
 * The bet's stream read as big-endian 32-bit words: block 0's bytes 0..3 are the first word, and so on; after
 * the 8th word of a block the next block (cursor + 1) begins. Every draw consumes whole words and none is ever
 * reused, so a bet's outcome is a pure function of its seeds.
 */
export class FairStream implements UniformSource {
  private readonly seeds: FairSeeds;
  private readonly keyed: KeyedHmac;
  private readonly scratch: KeyedHmac;
  private readonly block = new Uint8Array(BLOCK_BYTES);
  private cursor = -1;
  private offset = BLOCK_BYTES;
  private consumed = 0;

  constructor(seeds: FairSeeds) {
    assertSeeds(seeds);
    this.seeds = seeds;
    // The key schedule is computed once per stream; each block only hashes its short message.
    this.keyed = new _HMAC<_SHA256>(sha256, utf8ToBytes(seeds.serverSeed));
    this.scratch = this.keyed.clone();
  }

  /** How many 32-bit words have been read so far. */
  get wordsConsumed(): number {
    return this.consumed;
  }

  /** The next word as an unsigned integer in [0, 2^32). */
  nextUint32(): number {
    if (this.offset === BLOCK_BYTES) this.loadNextBlock();
    const b = this.block;
    const o = this.offset;
    this.offset = o + 4;
    this.consumed += 1;
    return (
      (b[o] as number) * 0x1000000 + (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
    );
  }

  /** word / 2^32: a float in [0, 1) on a grid of 2^-32 (every value is exact in a double). */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /**
   * A uniform integer in [0, max) by rejection. For max <= 2^32 one word w is a candidate; otherwise two words
   * w1, w2 give the 53-bit candidate floor(w1 / 2^11) * 2^32 + w2. With R = 2^32 (or 2^53), candidates at or
   * above R - (R mod max) are discarded and another is drawn; an accepted candidate c gives c mod max.
   */
  nextInt(max: number): number {
    if (!Number.isInteger(max) || max < 1 || max > TWO_POW_53) {
      throw new RangeError(`max must be an integer in [1, 2^53], got ${max}`);
    }
    if (max <= TWO_POW_32) {
      const limit = TWO_POW_32 - (TWO_POW_32 % max);
      for (;;) {
        const candidate = this.nextUint32();
        if (candidate < limit) return candidate % max;
      }
    }
    const limit = TWO_POW_53 - (TWO_POW_53 % max);
    for (;;) {
      const high = Math.floor(this.nextUint32() / 2048);
      const candidate = high * TWO_POW_32 + this.nextUint32();
      if (candidate < limit) return candidate % max;
    }
  }

  private loadNextBlock(): void {
    this.cursor += 1;
    const h = this.keyed._cloneInto(this.scratch);
    h.update(blockMessage(this.seeds, this.cursor));
    h.digestInto(this.block);
    this.offset = 0;
  }
}
