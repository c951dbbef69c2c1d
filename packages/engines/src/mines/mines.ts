import type { GameEngine } from '../engine';
import { sampleWith } from '../fair/draws';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { binomial } from '../math/combinatorics';
import { fraction, fractionToNumber, multiplyFractions } from '../math/fraction';
import { createMultiplier, type Multiplier, ZERO_MULTIPLIER } from '../money/multiplier';

export const MINES_TILES = 25;
export const MINES_DECLARED_RTP = 0.99;
const TILE_INDICES = Array.from({ length: MINES_TILES }, (_, i) => i);

/**
 * `mines` hidden on the 5 × 5 grid (tiles 0 … 24, row by row); `picks` the tiles the player revealed, in order,
 * before cashing out (a bet ends at its first mine or when every safe tile is revealed).
 */
export type MinesParams = {
  readonly mines: number;
  readonly picks: readonly number[];
};

/** The mine tiles in draw order. */
export type MinesOutcome = {
  readonly mineTiles: readonly number[];
};

export function assertMinesCount(mines: number): void {
  if (!Number.isSafeInteger(mines) || mines < 1 || mines > MINES_TILES - 1) {
    throw new RangeError(`mines must be an integer in [1, ${MINES_TILES - 1}]`);
  }
}

export function assertMinesParams(params: MinesParams): void {
  assertMinesCount(params.mines);
  const distinct = new Set(params.picks);
  if (distinct.size !== params.picks.length) throw new RangeError('picks must be distinct tiles');
  for (const tile of params.picks) {
    if (!Number.isSafeInteger(tile) || tile < 0 || tile >= MINES_TILES) throw new RangeError('a pick is a tile 0 … 24');
  }
  if (params.picks.length < 1 || params.picks.length > MINES_TILES - params.mines) {
    throw new RangeError(`a bet cashes out after 1 … ${MINES_TILES - params.mines} picks`);
  }
}

/** The first `mines` tiles of a forward Fisher–Yates shuffle of 0 … 24; the picks do not influence them. */
export function drawMinesOutcome(source: UniformSource, params: MinesParams): MinesOutcome {
  assertMinesCount(params.mines);
  return { mineTiles: sampleWith(source, TILE_INDICES, params.mines) };
}

export function minesOutcome(seeds: FairSeeds, params: MinesParams): MinesOutcome {
  return drawMinesOutcome(new FairStream(seeds), params);
}

/**
 * The multiplier for cashing out after `picks` safe tiles: 0.99 / P(all safe)
 * = 0.99 × C(25, k) / C(25 − mines, k), an exact fraction.
 */
export function minesCashOutMultiplier(mines: number, picks: number): Multiplier {
  assertMinesCount(mines);
  if (!Number.isSafeInteger(picks) || picks < 1 || picks > MINES_TILES - mines) {
    throw new RangeError(`picks must be in [1, ${MINES_TILES - mines}]`);
  }
  return createMultiplier(
    99 * Number(binomial(MINES_TILES, picks)),
    100 * Number(binomial(MINES_TILES - mines, picks)),
  );
}

export function minesPayoutMultiplier(outcome: MinesOutcome, params: MinesParams): Multiplier {
  assertMinesParams(params);
  const mineSet = new Set(outcome.mineTiles);
  if (params.picks.some((tile) => mineSet.has(tile))) return ZERO_MULTIPLIER;
  return minesCashOutMultiplier(params.mines, params.picks.length);
}

/** Closed form: P(k picks all safe) × multiplier = C(25 − m, k) / C(25, k) × 0.99 × C(25, k) / C(25 − m, k). */
export function minesExactRtp(params: MinesParams): number {
  assertMinesParams(params);
  const k = params.picks.length;
  const survive = fraction(binomial(MINES_TILES - params.mines, k), binomial(MINES_TILES, k));
  const pays = minesCashOutMultiplier(params.mines, k);
  return fractionToNumber(multiplyFractions(survive, fraction(pays.numerator, pays.denominator)));
}

/** The largest cash-out: 12 (or 13) mines with every safe tile revealed, 0.99 × C(25, 12) = 5,148,297x. */
export const MINES_MAX_MULTIPLIER: Multiplier = minesCashOutMultiplier(12, 13);

export const minesEngine: GameEngine<MinesParams, MinesOutcome> = {
  game: 'mines',
  declaredRtp: MINES_DECLARED_RTP,
  maxMultiplier: MINES_MAX_MULTIPLIER,
  outcome: minesOutcome,
  drawOutcome: drawMinesOutcome,
  payoutMultiplier: minesPayoutMultiplier,
  exactRtp: minesExactRtp,
};
