import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../fair/seeds';
import { splitEqual, splitRandom, verifyRedEnvelopeSplit } from './split';

const sum = (parts: bigint[]) => parts.reduce((a, b) => a + b, 0n);

/** An amount of at least one minor unit per recipient (up to the ledger's largest movement), and a count. */
const envelope = fc
  .integer({ min: 1, max: 100 })
  .chain((count) => fc.tuple(fc.constant(count), fc.bigInt({ min: BigInt(count), max: 10n ** 15n })));

describe('red envelope split', () => {
  it('equal: parts sum to the amount, differ by at most one minor unit, the larger ones first', () => {
    fc.assert(
      fc.property(envelope, ([count, total]) => {
        const parts = splitEqual(total, count);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(total);
        const min = parts.at(-1) as bigint;
        expect(parts.every((part) => part === min || part === min + 1n)).toBe(true);
        expect(parts.every((part) => part >= 1n)).toBe(true);
        expect([...parts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(parts);
      }),
    );
  });

  it('random: parts sum to the amount exactly, each at least one minor unit, the same for the same seed', () => {
    fc.assert(
      fc.property(envelope, fc.string(), ([count, total], seed) => {
        const parts = splitRandom(total, count, seed);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(total);
        expect(parts.every((part) => part >= 1n)).toBe(true);
        expect(splitRandom(total, count, seed)).toEqual(parts);
      }),
    );
  });

  it('random: small amounts too (every part one unit when the amount is the count)', () => {
    expect(splitRandom(5n, 5, 'x')).toEqual([1n, 1n, 1n, 1n, 1n]);
    expect(splitEqual(10n, 3)).toEqual([4n, 3n, 3n]);
  });

  it('random: different seeds share differently (not a fixed split)', () => {
    const shares = new Set(Array.from({ length: 20 }, (_, i) => splitRandom(10_000n, 4, `seed-${i}`).join(',')));
    expect(shares.size).toBeGreaterThan(15);
  });

  it('refuses fewer minor units than parts', () => {
    expect(() => splitEqual(2n, 3)).toThrow(RangeError);
    expect(() => splitRandom(2n, 3, 's')).toThrow(RangeError);
  });
});

describe('an operator envelope checked against its revealed seed', () => {
  it('matches its own split and its commitment, and catches a changed share or a wrong seed', () => {
    fc.assert(
      fc.property(envelope, fc.string({ minLength: 1 }), ([count, total], serverSeed) => {
        const amountsMinor = splitRandom(total, count, serverSeed);
        const seedHash = hashServerSeed(serverSeed);
        expect(
          verifyRedEnvelopeSplit({ totalMinor: total, shares: count, seedHash, serverSeed, amountsMinor }),
        ).toMatchObject({
          seedMatches: true,
          amountsMatch: true,
        });
        if (count > 1) {
          const changed = [...amountsMinor];
          changed[0] = (changed[0] as bigint) + 1n;
          changed[1] = (changed[1] as bigint) - 1n;
          const verdict = verifyRedEnvelopeSplit({
            totalMinor: total,
            shares: count,
            seedHash,
            serverSeed,
            amountsMinor: changed,
          });
          expect(verdict.amountsMatch).toBe(false);
        }
        expect(
          verifyRedEnvelopeSplit({
            totalMinor: total,
            shares: count,
            seedHash,
            serverSeed: `${serverSeed}x`,
            amountsMinor,
          }).seedMatches,
        ).toBe(false);
      }),
    );
  });
});
