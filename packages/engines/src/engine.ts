import type { FairSeeds } from './fair/seeds';
import type { UniformSource } from './fair/uniform-source';
import type { Multiplier } from './money/multiplier';

export type SeededGame = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot';

/**
 * What every seeded in-house game offers. `outcome` reads the bet's stream from cursor 0; `drawOutcome` is the
 * same rule on any uniform source (tests record draws through it). Neither sees the stake.
 */
export type GameEngine<Params, Outcome> = {
  readonly game: SeededGame;
  readonly declaredRtp: number;
  readonly maxMultiplier: Multiplier;
  outcome(seeds: FairSeeds, params: Params): Outcome;
  drawOutcome(source: UniformSource, params: Params): Outcome;
  payoutMultiplier(outcome: Outcome, params: Params): Multiplier;
  /** The return to player of these params, computed exactly (closed form or full enumeration). */
  exactRtp(params: Params): number;
};
