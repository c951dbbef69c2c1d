import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jackpotDraw, jackpotHit, jackpotUniform } from './jackpot-trigger';

const seeds = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

const seedsArbitrary = fc.record({
  serverSeed: fc.string({ minLength: 1, maxLength: 80 }),
  clientSeed: fc.string({ maxLength: 40 }),
  nonce: fc.nat(),
});

describe('the jackpot trigger', () => {
  it('is the first 8 bytes of HMAC-SHA256(serverSeed, jackpot:clientSeed:nonce), as Node computes it', () => {
    fc.assert(
      fc.property(seedsArbitrary, (s) => {
        const hex = createHmac('sha256', s.serverSeed).update(`jackpot:${s.clientSeed}:${s.nonce}`).digest('hex');
        expect(jackpotDraw(s)).toBe(BigInt(`0x${hex.slice(0, 16)}`));
      }),
      { numRuns: 100 },
    );
  });

  it('matches the published test vector', () => {
    const hex = createHmac('sha256', seeds.serverSeed).update('jackpot:lucky-player:42').digest('hex');
    expect(jackpotDraw(seeds).toString(16).padStart(16, '0')).toBe(hex.slice(0, 16));
    const u = jackpotUniform(seeds);
    expect(u).toBeGreaterThanOrEqual(0);
    expect(u).toBeLessThan(1);
    // The decision flips exactly where the probability passes the uniform.
    const threshold = Math.ceil(u * 1e9);
    expect(jackpotHit(seeds, Math.max(0, threshold - 1))).toBe(false);
    expect(jackpotHit(seeds, Math.min(1e9, threshold + 1))).toBe(true);
  });

  it('never hits at probability 0 and always hits at probability 1', () => {
    fc.assert(
      fc.property(seedsArbitrary, (s) => {
        expect(jackpotHit(s, 0)).toBe(false);
        expect(jackpotHit(s, 1_000_000_000)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is monotone: a bet that hits at p hits at every larger p', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.nat(1_000_000_000), fc.nat(1_000_000_000), (s, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (jackpotHit(s, low)) expect(jackpotHit(s, high)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a probability that is not a whole number of parts per billion within [0, 1e9]', () => {
    for (const bad of [-1, 1_000_000_001, 0.5, Number.NaN]) expect(() => jackpotHit(seeds, bad)).toThrow(RangeError);
  });

  it('hits at the declared rate: within 3 standard errors over many draws, for several probabilities', () => {
    const draws = 40_000;
    for (const ppb of [10_000_000, 50_000_000, 250_000_000]) {
      const p = ppb / 1e9;
      let hits = 0;
      for (let nonce = 0; nonce < draws; nonce += 1) {
        if (jackpotHit({ serverSeed: `rate-${ppb}`, clientSeed: 'member', nonce }, ppb)) hits += 1;
      }
      const standardError = Math.sqrt((p * (1 - p)) / draws);
      expect(Math.abs(hits / draws - p)).toBeLessThan(3 * standardError);
    }
  });
});
