import type { DiceOutcome, DiceParams } from '../dice/dice';
import { diceOutcome, dicePayoutMultiplier, diceWinMultiplier } from '../dice/dice';
import type { FairSeeds } from '../fair/seeds';
import {
  assertKenoParams,
  type KenoOutcome,
  type KenoParams,
  kenoOutcome,
  kenoPayoutMultiplier,
  kenoTable,
} from '../keno/keno';
import {
  assertLimboParams,
  type LimboOutcome,
  type LimboParams,
  limboOutcome,
  limboPayoutMultiplier,
} from '../limbo/limbo';
import {
  assertMinesCount,
  MINES_TILES,
  type MinesOutcome,
  minesCashOutMultiplier,
  minesOutcome,
  minesPayoutMultiplier,
} from '../mines/mines';
import { type Multiplier, multiplierFromHundredths, ZERO_MULTIPLIER } from '../money/multiplier';
import {
  type PlinkoOutcome,
  type PlinkoParams,
  plinkoOutcome,
  plinkoPayoutMultiplier,
  plinkoTable,
} from '../plinko/plinko';
import { type SlotOutcome, type SlotParams, slotOutcome, slotPayoutMultiplier } from '../slot/slot';
import { SLOT_MAX_MULTIPLIER } from '../slot/slot-machine';

/**
 * A finished seeded bet as the server settles it and the verification page recomputes it: the game, the
 * player's choices and, for mines, the tiles revealed in order. The stake is never part of it.
 */
export type SeededBet =
  | { readonly game: 'dice'; readonly params: DiceParams }
  | { readonly game: 'limbo'; readonly params: LimboParams }
  | { readonly game: 'plinko'; readonly params: PlinkoParams }
  | { readonly game: 'keno'; readonly params: KenoParams }
  | { readonly game: 'slot'; readonly params: SlotParams }
  | { readonly game: 'mines'; readonly params: { readonly mines: number; readonly picks: readonly number[] } };

export type SeededOutcome =
  | { readonly game: 'dice'; readonly outcome: DiceOutcome }
  | { readonly game: 'limbo'; readonly outcome: LimboOutcome }
  | { readonly game: 'plinko'; readonly outcome: PlinkoOutcome }
  | { readonly game: 'keno'; readonly outcome: KenoOutcome }
  | { readonly game: 'slot'; readonly outcome: SlotOutcome }
  | { readonly game: 'mines'; readonly outcome: MinesOutcome };

export type SeededResult = SeededOutcome & { readonly multiplier: Multiplier };

/**
 * The mines a bet's seeds hide, whatever the player picks. A mines bet that ended on a mine pays nothing;
 * one cashed out after k safe picks pays the k-pick multiplier.
 */
function minesResult(seeds: FairSeeds, mines: number, picks: readonly number[]): SeededResult {
  const outcome = minesOutcome(seeds, { mines, picks });
  const multiplier = picks.length === 0 ? ZERO_MULTIPLIER : minesPayoutMultiplier(outcome, { mines, picks });
  return { game: 'mines', outcome, multiplier };
}

/** The outcome and the multiplier of one bet, from its seeds and choices only. Throws RangeError on bad params. */
export function playSeededBet(seeds: FairSeeds, bet: SeededBet): SeededResult {
  switch (bet.game) {
    case 'dice': {
      const outcome = diceOutcome(seeds, bet.params);
      return { game: 'dice', outcome, multiplier: dicePayoutMultiplier(outcome, bet.params) };
    }
    case 'limbo': {
      const outcome = limboOutcome(seeds, bet.params);
      return { game: 'limbo', outcome, multiplier: limboPayoutMultiplier(outcome, bet.params) };
    }
    case 'plinko': {
      const outcome = plinkoOutcome(seeds, bet.params);
      return { game: 'plinko', outcome, multiplier: plinkoPayoutMultiplier(outcome, bet.params) };
    }
    case 'keno': {
      const outcome = kenoOutcome(seeds, bet.params);
      return { game: 'keno', outcome, multiplier: kenoPayoutMultiplier(outcome, bet.params) };
    }
    case 'slot': {
      const outcome = slotOutcome(seeds, bet.params);
      return { game: 'slot', outcome, multiplier: slotPayoutMultiplier(outcome, bet.params) };
    }
    case 'mines':
      return minesResult(seeds, bet.params.mines, bet.params.picks);
  }
}

const largest = (entries: readonly number[]): Multiplier => multiplierFromHundredths(Math.max(...entries));

/**
 * The most a bet with these choices can pay, as a multiple of the stake (for a merchant's maximum payout per
 * bet). Mines: the multiplier after every safe tile. Throws RangeError on bad params.
 */
export function maxMultiplierOf(bet: SeededBet): Multiplier {
  switch (bet.game) {
    case 'dice':
      return diceWinMultiplier(bet.params);
    case 'limbo':
      assertLimboParams(bet.params);
      return multiplierFromHundredths(bet.params.target);
    case 'plinko':
      return largest(plinkoTable(bet.params));
    case 'keno':
      assertKenoParams(bet.params);
      return largest(kenoTable(bet.params.risk, bet.params.picks.length));
    case 'slot':
      return SLOT_MAX_MULTIPLIER;
    case 'mines':
      assertMinesCount(bet.params.mines);
      return minesCashOutMultiplier(bet.params.mines, MINES_TILES - bet.params.mines);
  }
}
