import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Entry, prizesOf, standings } from './tournament-maths';

const entry = (player: string, score: bigint): Entry => ({ player, score, rounds: 1 });

describe('tournament standings', () => {
  it('ranks the highest score first; equal scores share a place and the next place skips them', () => {
    const ranked = standings([entry('a', 50n), entry('b', 90n), entry('c', 50n), entry('d', 10n)]);
    expect(ranked.map((s) => [s.player, s.place])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});

describe('tournament prizes', () => {
  const table = [100_00n, 50_00n, 25_00n];

  it('pays each place its prize', () => {
    expect(prizesOf([entry('a', 3n), entry('b', 2n), entry('c', 1n), entry('d', 0n)], table)).toEqual([
      { player: 'a', place: 1, amount: 100_00n },
      { player: 'b', place: 2, amount: 50_00n },
      { player: 'c', place: 3, amount: 25_00n },
    ]);
  });

  it('splits the prizes of the places a tie spans, rounded down to the minor unit', () => {
    // b, c and d tie for second: 50.00 + 25.00 (the fourth place has no prize) split three ways = 25.00 each.
    expect(prizesOf([entry('a', 9n), entry('b', 5n), entry('c', 5n), entry('d', 5n)], table)).toEqual([
      { player: 'a', place: 1, amount: 100_00n },
      { player: 'b', place: 2, amount: 25_00n },
      { player: 'c', place: 2, amount: 25_00n },
      { player: 'd', place: 2, amount: 25_00n },
    ]);
    // Three tie for first: 175.00 / 3 = 58.33 each, one cent not paid.
    expect(
      prizesOf([entry('a', 1n), entry('b', 1n), entry('c', 1n)], table).map((p) => [p.player, p.place, p.amount]),
    ).toEqual([
      ['a', 1, 58_33n],
      ['b', 1, 58_33n],
      ['c', 1, 58_33n],
    ]);
  });

  it('pays nobody who won nothing, and nobody beyond the table', () => {
    expect(prizesOf([entry('a', 0n), entry('b', 0n)], table)).toEqual([]);
    expect(prizesOf([], table)).toEqual([]);
    expect(prizesOf([entry('a', 5n), entry('b', 4n), entry('c', 3n), entry('d', 2n)], table)).toHaveLength(3);
  });

  it('never pays more than the table, and leaves less than one minor unit per tied player unpaid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 20n }), { maxLength: 30 }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_00n }), { minLength: 1, maxLength: 10 }),
        (scores, prizes) => {
          const entries = scores.map((score, index) => entry(`p${index}`, score));
          const paid = prizesOf(entries, prizes);
          const total = paid.reduce((sum, prize) => sum + prize.amount, 0n);
          const scoring = entries.filter((e) => e.score > 0n).length;
          const payable = prizes.slice(0, scoring).reduce((sum, amount) => sum + amount, 0n);
          expect(total <= payable).toBe(true);
          expect(payable - total < BigInt(Math.max(1, scoring))).toBe(true);
          // Each player at most once; a higher score never gets less than a lower one.
          expect(new Set(paid.map((p) => p.player)).size).toBe(paid.length);
          const scoreOf = new Map(entries.map((e) => [e.player, e.score]));
          for (const a of paid)
            for (const b of paid)
              if ((scoreOf.get(a.player) ?? 0n) > (scoreOf.get(b.player) ?? 0n)) {
                const prizesSorted = [...prizes];
                // Only a non-increasing table guarantees it; check it for those.
                if (prizesSorted.every((p, i) => i === 0 || p <= (prizesSorted[i - 1] ?? 0n)))
                  expect(a.amount >= b.amount).toBe(true);
              }
        },
      ),
    );
  });
});
