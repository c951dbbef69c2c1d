import type { GameEngine } from '../engine';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { addFractions, fraction, fractionToNumber, multiplyFractions } from '../math/fraction';
import { createMultiplier, type Multiplier, ZERO_MULTIPLIER } from '../money/multiplier';

/** Rolls are 0 … 9999, shown as 00.00 … 99.99. */
export const DICE_ROLLS = 10_000;
export const DICE_DECLARED_RTP = 0.99;
/** A winning roll pays 99% of the fair odds: (DICE_ROLLS × 0.99) / winning rolls. */
const DICE_PAY_NUMERATOR = 9_900;
export const DICE_MIN_WINNING_ROLLS = 1;
export const DICE_MAX_WINNING_ROLLS = 9_800;
export const DICE_MAX_MULTIPLIER: Multiplier = createMultiplier(DICE_PAY_NUMERATOR, DICE_MIN_WINNING_ROLLS);

export type DiceDirection = 'under' | 'over';

/** `target` in hundredths (50.00 → 5000): 'under' wins when roll < target, 'over' when roll > target. */
export type DiceParams = {
  readonly target: number;
  readonly direction: DiceDirection;
};

export type DiceOutcome = {
  readonly roll: number;
};

/** How many of the 10,000 rolls win: under → target, over → 9999 - target. */
export function diceWinningRolls(params: DiceParams): number {
  return params.direction === 'under' ? params.target : DICE_ROLLS - 1 - params.target;
}

export function assertDiceParams(params: DiceParams): void {
  if (params.direction !== 'under' && params.direction !== 'over')
    throw new RangeError('direction must be under or over');
  const wins = diceWinningRolls(params);
  if (!Number.isSafeInteger(params.target) || wins < DICE_MIN_WINNING_ROLLS || wins > DICE_MAX_WINNING_ROLLS) {
    throw new RangeError(
      `target must leave ${DICE_MIN_WINNING_ROLLS}…${DICE_MAX_WINNING_ROLLS} winning rolls, got ${params.target} ${params.direction}`,
    );
  }
}

/** The roll is one unbiased integer in [0, 10000). The params do not influence it. */
export function drawDiceOutcome(source: UniformSource, params: DiceParams): DiceOutcome {
  assertDiceParams(params);
  return { roll: source.nextInt(DICE_ROLLS) };
}

export function diceOutcome(seeds: FairSeeds, params: DiceParams): DiceOutcome {
  return drawDiceOutcome(new FairStream(seeds), params);
}

export function isDiceWin(outcome: DiceOutcome, params: DiceParams): boolean {
  return params.direction === 'under' ? outcome.roll < params.target : outcome.roll > params.target;
}

/** The multiplier a win pays: 9900 / winning rolls, as an exact fraction. */
export function diceWinMultiplier(params: DiceParams): Multiplier {
  assertDiceParams(params);
  return createMultiplier(DICE_PAY_NUMERATOR, diceWinningRolls(params));
}

export function dicePayoutMultiplier(outcome: DiceOutcome, params: DiceParams): Multiplier {
  return isDiceWin(outcome, params) ? diceWinMultiplier(params) : ZERO_MULTIPLIER;
}

/** Full enumeration of the 10,000 equally likely rolls. */
export function diceExactRtp(params: DiceParams): number {
  const pays = diceWinMultiplier(params);
  let total = fraction(0);
  for (let roll = 0; roll < DICE_ROLLS; roll += 1) {
    if (isDiceWin({ roll }, params)) total = addFractions(total, fraction(pays.numerator, pays.denominator));
  }
  return fractionToNumber(multiplyFractions(total, fraction(1, DICE_ROLLS)));
}

export const diceEngine: GameEngine<DiceParams, DiceOutcome> = {
  game: 'dice',
  declaredRtp: DICE_DECLARED_RTP,
  maxMultiplier: DICE_MAX_MULTIPLIER,
  outcome: diceOutcome,
  drawOutcome: drawDiceOutcome,
  payoutMultiplier: dicePayoutMultiplier,
  exactRtp: diceExactRtp,
};
