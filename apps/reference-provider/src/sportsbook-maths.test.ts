import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betOutcome,
  cashoutPrice,
  fixturesOf,
  type LegState,
  legState,
  MARGIN_PERCENT,
  marketOf,
  oddsOf,
  potentialPayout,
} from './sportsbook-maths';

const FROM = new Date('2026-11-30T10:20:00Z');

/** A market of 2 or 3 picks' odds and which of its picks a leg took. */
const legArb = fc
  .array(fc.integer({ min: 101, max: 2_000 }), { minLength: 2, maxLength: 3 })
  .chain((market) =>
    fc.record({
      market: fc.constant(market),
      index: fc.nat(market.length - 1),
      state: fc.constantFrom<LegState>('pending', 'won', 'lost', 'void'),
    }),
  )
  .map(({ market, index, state }) => ({ market, odds: market[index] as number, index, state }));

describe("the sportsbook's fixtures", () => {
  it('are the same for the same game code and differ between games', () => {
    expect(fixturesOf('IBC-B001', 'sports', FROM)).toEqual(fixturesOf('IBC-B001', 'sports', FROM));
    expect(fixturesOf('IBC-B001', 'sports', FROM)).not.toEqual(fixturesOf('IBC-B002', 'sports', FROM));
  });

  it('price a 1X2 market for sports and home/away for e-sports, with the margin, starting on the hour', () => {
    for (const [sport, picks] of [
      ['sports', 3],
      ['esports', 2],
    ] as const) {
      const fixtures = fixturesOf(`G-${sport}`, sport, FROM);
      expect(fixtures).toHaveLength(6);
      expect(new Set(fixtures.flatMap((f) => [f.home, f.away])).size).toBe(12);
      expect(fixtures[0]?.startsAt).toBe('2026-11-30T12:00:00.000Z');
      for (const fixture of fixtures) {
        const market = marketOf(fixture);
        expect(market).toHaveLength(picks);
        const overround = market.reduce((sum, o) => sum + 100 / o, 0);
        // Odds are rounded down, so the book's margin is at least MARGIN_PERCENT (and not far beyond it).
        expect(overround).toBeGreaterThanOrEqual(1 + MARGIN_PERCENT / 100 - 1e-9);
        expect(overround).toBeLessThan(1.12);
      }
    }
  });

  it('rounds odds down and never below 1.01', () => {
    expect(oddsOf(0.5)).toBe(188);
    expect(oddsOf(0.999)).toBe(101);
  });
});

describe('settlement and accumulators', () => {
  it('pays the stake times every odds, rounded down; a lost leg loses; void legs count 1.00', () => {
    expect(potentialPayout(10_00n, [185, 210])).toBe(38_85n);
    expect(potentialPayout(1_00n, [333])).toBe(3_33n);
    expect(potentialPayout(3n, [150, 150])).toBe(6n); // 6.75 → 6
    const legs = (...states: LegState[]) => states.map((state, i) => ({ odds: [185, 210, 300][i] as number, state }));
    expect(betOutcome(10_00n, legs('won', 'won'))).toEqual({ kind: 'settled', payout: 38_85n });
    expect(betOutcome(10_00n, legs('won', 'void'))).toEqual({ kind: 'settled', payout: 18_50n });
    expect(betOutcome(10_00n, legs('won', 'pending'))).toEqual({ kind: 'open' });
    expect(betOutcome(10_00n, legs('pending', 'lost'))).toEqual({ kind: 'settled', payout: 0n });
    expect(betOutcome(10_00n, legs('void', 'void'))).toEqual({ kind: 'void' });
    expect(legState('home', null)).toBe('pending');
    expect(legState('home', 'home')).toBe('won');
    expect(legState('home', 'draw')).toBe('lost');
    expect(legState('home', 'void')).toBe('void');
  });

  it('an accumulator of won legs pays exactly the product of its odds (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 50_000n }),
        fc.array(legArb, { minLength: 1, maxLength: 8 }),
        (stake, legs) => {
          const won = legs.map((leg) => ({ ...leg, state: 'won' as const }));
          const exact = won.reduce((product, leg) => product * BigInt(leg.odds), stake);
          const outcome = betOutcome(stake, won);
          expect(outcome).toEqual({ kind: 'settled', payout: exact / 100n ** BigInt(won.length) });
        },
      ),
    );
  });
});

describe('the cash-out price', () => {
  /**
   * The bet's expected payout at the markets' margin-free probabilities, by enumerating every outcome of its pending
   * legs, as an exact fraction.
   */
  const expectedPayout = (
    stake: bigint,
    legs: { market: number[]; index: number; odds: number; state: LegState }[],
  ) => {
    let n = 0n;
    let d = 1n;
    const walk = (i: number, probN: bigint, probD: bigint, factorN: bigint, factorD: bigint) => {
      if (i === legs.length) {
        // n/d += prob × factor × stake
        const termN = probN * factorN * stake;
        const termD = probD * factorD;
        n = n * termD + termN * d;
        d *= termD;
        return;
      }
      const leg = legs[i] as (typeof legs)[number];
      if (leg.state === 'lost') return walk(i + 1, 0n, 1n, factorN, factorD);
      if (leg.state === 'void') return walk(i + 1, probN, probD, factorN, factorD);
      if (leg.state === 'won') return walk(i + 1, probN, probD, factorN * BigInt(leg.odds), factorD * 100n);
      // p(pick j) = (1/oⱼ) / Σ(1/oₖ) = (Π_{k≠j} oₖ) / Σ_m Π_{k≠m} oₖ
      const product = leg.market.reduce((p, o) => p * BigInt(o), 1n);
      const sum = leg.market.reduce((s, o) => s + product / BigInt(o), 0n);
      leg.market.forEach((o, j) => {
        const p = product / BigInt(o);
        if (j === leg.index) walk(i + 1, probN * p, probD * sum, factorN * BigInt(leg.odds), factorD * 100n);
        else walk(i + 1, probN * p, probD * sum, 0n, 1n);
      });
    };
    walk(0, 1n, 1n, 1n, 1n);
    return n / d;
  };

  it('is the expected payout at the margin-free probabilities, rounded down (exact enumeration, property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 50_000n }),
        fc.array(legArb, { minLength: 1, maxLength: 4 }),
        (stake, legs) => {
          expect(cashoutPrice(stake, legs)).toBe(expectedPayout(stake, legs));
        },
      ),
    );
  });

  it('is at most the potential payout, 0 once a leg lost, the payout once no leg is pending (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 50_000n }),
        fc.array(legArb, { minLength: 1, maxLength: 6 }),
        (stake, legs) => {
          const price = cashoutPrice(stake, legs);
          expect(price).toBeLessThanOrEqual(
            potentialPayout(
              stake,
              legs.map((leg) => leg.odds),
            ),
          );
          if (legs.some((leg) => leg.state === 'lost')) expect(price).toBe(0n);
          const outcome = betOutcome(stake, legs);
          if (outcome.kind === 'settled') expect(price).toBe(outcome.payout);
        },
      ),
    );
  });

  it('gives back less than the stake on a single before the match: the market margin is the book’s', () => {
    const [fixture] = fixturesOf('IBC-B001', 'sports', FROM);
    if (!fixture) throw new Error('no fixture');
    const market = marketOf(fixture);
    const price = cashoutPrice(100_00n, [{ odds: fixture.odds.home as number, market, state: 'pending' }]);
    const overround = market.reduce((sum, o) => sum + 100 / o, 0);
    expect(Number(price)).toBeCloseTo(10_000 / overround, -0.5);
    expect(price).toBeLessThan(100_00n);
    // A won first leg of a double: the second leg's fair value times the first leg's odds.
    const double = cashoutPrice(10_00n, [
      { odds: 200, market: [200, 200], state: 'won' },
      { odds: 190, market: [190, 190], state: 'pending' },
    ]);
    // 10.00 × 2.00 (won) × 0.95 (an even market at 1.90 each: a 5% overround taken out).
    expect(double).toBe(19_00n);
  });
});
