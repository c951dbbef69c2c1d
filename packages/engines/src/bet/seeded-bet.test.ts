import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMultipliers } from '../money/multiplier';
import { maxMultiplierOf, playSeededBet, type SeededBet } from './seeded-bet';

const vector = {
  serverSeed: '3f1c6a9e2b7d4f8a0c5e1b9d7a3f6c2e8b4d0a6f1e7c3b9d5a2f8e4c0b6d1a7f',
  clientSeed: 'lucky-player',
  nonce: 42,
};

const bets = fc.oneof(
  fc.record({
    game: fc.constant('dice' as const),
    params: fc.record({ target: fc.integer({ min: 1, max: 9800 }), direction: fc.constant('under' as const) }),
  }),
  fc.record({
    game: fc.constant('limbo' as const),
    params: fc.record({ target: fc.integer({ min: 101, max: 100_000_000 }) }),
  }),
  fc.record({
    game: fc.constant('plinko' as const),
    params: fc.record({
      rows: fc.constantFrom(8, 12, 16) as fc.Arbitrary<8 | 12 | 16>,
      risk: fc.constantFrom('low', 'medium', 'high') as fc.Arbitrary<'low' | 'medium' | 'high'>,
    }),
  }),
  fc.record({
    game: fc.constant('keno' as const),
    params: fc.record({
      picks: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
      risk: fc.constantFrom('low', 'medium', 'high') as fc.Arbitrary<'low' | 'medium' | 'high'>,
    }),
  }),
  fc.record({ game: fc.constant('slot' as const), params: fc.constant({}) }),
) as fc.Arbitrary<SeededBet>;

describe('a seeded bet', () => {
  it('reproduces the README test vector for every game', () => {
    expect(playSeededBet(vector, { game: 'dice', params: { target: 6000, direction: 'under' } })).toMatchObject({
      outcome: { roll: 5381 },
      multiplier: { numerator: 33, denominator: 20 },
    });
    expect(playSeededBet(vector, { game: 'limbo', params: { target: 500 } }).outcome).toEqual({ result: 524 });
    expect(playSeededBet(vector, { game: 'mines', params: { mines: 3, picks: [6] } })).toMatchObject({
      outcome: { mineTiles: [6, 9, 20] },
      multiplier: { numerator: 0 },
    });
    expect(playSeededBet(vector, { game: 'plinko', params: { rows: 16, risk: 'low' } }).outcome).toMatchObject({
      slot: 7,
    });
    expect(playSeededBet(vector, { game: 'slot', params: {} }).outcome).toMatchObject({ stops: [6, 1, 21, 4, 15] });
  });

  it('never pays more than the maximum the merchant limit is checked against', () => {
    fc.assert(
      fc.property(bets, fc.string(), fc.nat(), (bet, clientSeed, nonce) => {
        const result = playSeededBet({ serverSeed: vector.serverSeed, clientSeed, nonce }, bet);
        expect(compareMultipliers(result.multiplier, maxMultiplierOf(bet))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
