import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplierToNumber } from '../money/multiplier';
import { CRASH_CAP, crashPoint, crashUniform, isInstantCrash } from './crash-point';
import {
  CRASH_DECLARED_RTP,
  CRASH_MAX_MULTIPLIER,
  crashExactRtp,
  crashInstantProbability,
  crashPayoutMultiplier,
  crashProbabilityAtLeast,
  crashProbabilityTable,
} from './crash-rtp';
import { generateChain, hashChainStep, verifyGameHash } from './hash-chain';

const seed = '0000000000000000000000000000000000000000000000000000000000000001';
const salt = 'tessera-crash-salt';
const hashArbitrary = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('the crash hash chain', () => {
  it('matches the published test vector', () => {
    const chain = generateChain(seed, 5);
    expect(chain.terminalHash).toBe('e3dbd2fee19c714f923cac2ecd0b9be2c62a1b1a2411501e56e2887b0385c695');
    expect(chain.gameHashes[0]).toBe('72de9e22509ad5e1530da627418e867c7c61a645e1f7c85181729eec808d2c52');
    expect(chain.gameHashes[4]).toBe(seed);
    expect(chain.gameHashes.map((h) => crashPoint(h, salt))).toEqual([148, 246, 132, 394, 485]);
  });

  it('steps by SHA-256 of the 32 raw bytes, as Node computes it', () => {
    fc.assert(
      fc.property(hashArbitrary, (hash) => {
        expect(hashChainStep(hash)).toBe(createHash('sha256').update(Buffer.from(hash, 'hex')).digest('hex'));
      }),
    );
  });

  it('plays from the end: each game hash hashes to the previous one and game n reaches the terminal in n steps', () => {
    const chain = generateChain(hashChainStep(seed), 50);
    chain.gameHashes.forEach((hash, i) => {
      const previous = i === 0 ? chain.terminalHash : chain.gameHashes[i - 1];
      expect(hashChainStep(hash)).toBe(previous);
      expect(verifyGameHash(hash, i + 1, chain.terminalHash)).toBe(true);
      expect(verifyGameHash(hash, i + 2, chain.terminalHash)).toBe(false);
    });
  });

  it('rejects a forged game hash or a malformed one', () => {
    const chain = generateChain(seed, 10);
    const real = chain.gameHashes[3] as string;
    const forged = `${real.slice(0, 63)}${real.endsWith('0') ? '1' : '0'}`;
    expect(verifyGameHash(real, 4, chain.terminalHash)).toBe(true);
    expect(verifyGameHash(forged, 4, chain.terminalHash)).toBe(false);
    expect(verifyGameHash('not-a-hash', 1, chain.terminalHash)).toBe(false);
    expect(verifyGameHash(chain.gameHashes[0] as string, 0, chain.terminalHash)).toBe(false);
    expect(() => generateChain('XYZ', 3)).toThrow(RangeError);
  });
});

describe('the crash point', () => {
  it('takes u from the first 52 bits of HMAC-SHA256(game hash bytes, salt), as Node computes it', () => {
    fc.assert(
      fc.property(hashArbitrary, fc.string(), (hash, anySalt) => {
        const mac = createHmac('sha256', Buffer.from(hash, 'hex')).update(anySalt).digest('hex');
        expect(crashUniform(hash, anySalt)).toBe(Number.parseInt(mac.slice(0, 13), 16));
      }),
    );
  });

  it('crashes instantly, at 1.00x, in 1% of rounds: that is the house edge', () => {
    expect(Math.abs(crashInstantProbability() - 0.01)).toBeLessThan(1e-15);
    const chain = generateChain(seed, 2000);
    for (const hash of chain.gameHashes) {
      if (isInstantCrash(hash, salt)) expect(crashPoint(hash, salt)).toBe(100);
      expect(crashPoint(hash, salt)).toBeGreaterThanOrEqual(100);
      expect(crashPoint(hash, salt)).toBeLessThanOrEqual(CRASH_CAP);
    }
  });

  it('pays a cash-out target only when the round reaches it', () => {
    expect(crashPayoutMultiplier(250, 250)).toEqual({ numerator: 5, denominator: 2 });
    expect(crashPayoutMultiplier(249, 250).numerator).toBe(0);
    expect(crashPayoutMultiplier(100, 101).numerator).toBe(0);
    expect(() => crashPayoutMultiplier(500, 100)).toThrow(RangeError);
  });

  it('returns the declared 99% within 1e-9 for every cash-out target (closed form)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_CAP }), (target) => {
        expect(Math.abs(crashExactRtp(target) - CRASH_DECLARED_RTP)).toBeLessThan(1e-9);
      }),
    );
    expect(Math.abs(crashExactRtp(CRASH_CAP) - CRASH_DECLARED_RTP)).toBeLessThan(1e-9);
  });

  it('publishes P(point ≥ m) = 0.99 / m', () => {
    const table = crashProbabilityTable([101, 150, 200, 1000, 10_000, 100_000]);
    for (const row of table) {
      expect(Math.abs(row.probability - 99 / row.target)).toBeLessThan(1e-12);
      expect(Math.abs(row.rtp - 0.99)).toBeLessThan(1e-9);
    }
    expect(crashProbabilityAtLeast(100)).toBe(1);
    expect(multiplierToNumber(CRASH_MAX_MULTIPLIER)).toBe(1_000_000);
  });
});
