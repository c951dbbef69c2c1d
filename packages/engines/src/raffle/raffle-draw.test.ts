import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../fair/seeds';
import {
  drawRaffleWinners,
  type RaffleTicketHolder,
  raffleAcceptLimit,
  raffleCandidate,
  raffleTicket,
  verifyRaffleDraw,
} from './raffle-draw';

const holdersArb = fc
  .array(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 30 })
  .map((counts) => counts.map((tickets, i) => ({ key: String(i + 1), tickets })));

describe('raffle draw', () => {
  it('is deterministic, a member wins at most once, and every prize that can be awarded is', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), holdersArb, fc.integer({ min: 0, max: 10 }), (seed, holders, prizes) => {
        const input = { serverSeed: seed, raffleId: 'r-1', holders, prizes };
        const winners = drawRaffleWinners(input);
        expect(drawRaffleWinners(input)).toEqual(winners);
        const keys = winners.map((w) => w.key);
        expect(new Set(keys).size).toBe(keys.length);
        const entrants = holders.filter((h) => h.tickets > 0).length;
        expect(winners.length).toBe(Math.min(prizes, entrants));
        expect(winners.map((w) => w.prizeIndex)).toEqual(winners.map((_, i) => i));
        for (const w of winners) expect(holders.find((h) => h.key === w.key)?.tickets).toBeGreaterThan(0);
      }),
    );
  });

  it('a different seed or raffle id gives a different draw (not fixed by the list alone)', () => {
    const holders = Array.from({ length: 1000 }, (_, i) => ({ key: String(i + 1), tickets: 1 }));
    const a = drawRaffleWinners({ serverSeed: 'a', raffleId: 'r', holders, prizes: 5 }).map((w) => w.key);
    const b = drawRaffleWinners({ serverSeed: 'b', raffleId: 'r', holders, prizes: 5 }).map((w) => w.key);
    const c = drawRaffleWinners({ serverSeed: 'a', raffleId: 's', holders, prizes: 5 }).map((w) => w.key);
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('rejection sampling: the accepted range is an exact multiple of the ticket count (no modulo bias)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (total) => {
        const limit = raffleAcceptLimit(total);
        expect(limit % BigInt(total)).toBe(0n);
        expect(limit <= 2n ** 64n).toBe(true);
        expect(2n ** 64n - limit < BigInt(total)).toBe(true);
      }),
    );
  });

  it('rejects candidates at or above the limit and reads the next attempt', () => {
    // 3 * 2^51 tickets: 2^64 mod 3 * 2^51 = 2^52, so one candidate in 4096 is rejected.
    const total = 3 * 2 ** 51;
    const limit = raffleAcceptLimit(total);
    expect(limit).toBe(2n ** 64n - 2n ** 52n);
    let rejected = 0;
    for (let prize = 0; prize < 100_000 && rejected < 3; prize++) {
      const first = raffleCandidate('seed', 'r', prize, 0);
      const { ticket, attempts } = raffleTicket('seed', 'r', prize, total);
      if (first >= limit) {
        rejected++;
        const second = raffleCandidate('seed', 'r', prize, 1);
        expect(attempts).toBeGreaterThan(1);
        if (second < limit) expect(ticket).toBe(Number(second % BigInt(total)));
      } else {
        expect(attempts).toBe(1);
        expect(ticket).toBe(Number(first % BigInt(total)));
      }
    }
    expect(rejected).toBe(3);
  });

  it('is uniform over tickets (chi-square over 20,000 draws of 10 one-ticket entries)', () => {
    const holders = Array.from({ length: 10 }, (_, i) => ({ key: String(i + 1), tickets: 1 }));
    const counts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const [w] = drawRaffleWinners({ serverSeed: 'uniform', raffleId: `r${i}`, holders, prizes: 1 });
      counts.set(w?.key as string, (counts.get(w?.key as string) ?? 0) + 1);
    }
    const expected = draws / 10;
    const chi = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(chi2 > 27.88) = 0.001.
    expect(counts.size).toBe(10);
    expect(chi).toBeLessThan(27.88);
  });

  it('weights entries by their tickets (3 tickets against 1 win about 3 times in 4)', () => {
    const holders: RaffleTicketHolder[] = [
      { key: 'a', tickets: 3 },
      { key: 'b', tickets: 1 },
    ];
    let a = 0;
    const draws = 10_000;
    for (let i = 0; i < draws; i++) {
      if (drawRaffleWinners({ serverSeed: 'weights', raffleId: `r${i}`, holders, prizes: 1 })[0]?.key === 'a') a++;
    }
    // Binomial(10000, 0.75): sd ≈ 43, so ±4 sd is ±175.
    expect(Math.abs(a - 7500)).toBeLessThan(175);
  });

  it('verifies a published draw and catches a changed winner or seed', () => {
    const holders = [
      { key: '1', tickets: 4 },
      { key: '2', tickets: 2 },
      { key: '3', tickets: 9 },
    ];
    const serverSeed = 'f'.repeat(64);
    const winners = drawRaffleWinners({ serverSeed, raffleId: 'x', holders, prizes: 2 });
    const published = { raffleId: 'x', seedHash: hashServerSeed(serverSeed), serverSeed, holders, prizes: 2 };
    expect(verifyRaffleDraw({ ...published, winners })).toMatchObject({ seedMatches: true, winnersMatch: true });
    const swapped = winners.map((w, i) => (i === 0 ? { ...w, key: w.key === '1' ? '2' : '1' } : w));
    expect(verifyRaffleDraw({ ...published, winners: swapped }).winnersMatch).toBe(false);
    expect(verifyRaffleDraw({ ...published, seedHash: hashServerSeed('other'), winners }).seedMatches).toBe(false);
  });
});
