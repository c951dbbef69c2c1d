import type { GameEngine } from '../engine';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import type { UniformSource } from '../fair/uniform-source';
import { fractionToNumber } from '../math/fraction';
import { createMultiplier, type Multiplier } from '../money/multiplier';
import { slotExactRtpFraction } from './slot-enumeration';
import { SLOT_MACHINE, SLOT_MAX_MULTIPLIER } from './slot-machine';
import { linePay, scatterPay, symbolAt } from './slot-rules';
import { SLOT_REELS, SLOT_ROWS, type SlotMachine, type SlotSymbol } from './slot-types';

export const SLOT_DECLARED_RTP = 0.96;

/** The slot takes no choices: the stake is spread evenly over every payline. */
export type SlotParams = Readonly<Record<string, never>>;

/** Where each reel stopped, and the 3 × 5 window it shows (`window[row][reel]`). */
export type SlotOutcome = {
  readonly stops: readonly number[];
  readonly window: readonly (readonly SlotSymbol[])[];
};

export function slotWindow(machine: SlotMachine, stops: readonly number[]): SlotSymbol[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) =>
    machine.strips.map((strip, reel) => symbolAt(strip, stops[reel] as number, row)),
  );
}

/** One unbiased integer in [0, strip length) per reel, left to right. */
export function drawSlotOutcomeOn(machine: SlotMachine, source: UniformSource): SlotOutcome {
  const stops = machine.strips.map((strip) => source.nextInt(strip.length));
  return { stops, window: slotWindow(machine, stops) };
}

export function slotWinOn(machine: SlotMachine, window: readonly (readonly SlotSymbol[])[]): Multiplier {
  let lineTotal = 0;
  for (const line of machine.paylines) {
    lineTotal += linePay(
      machine,
      line.map((row, reel) => (window[row] as readonly SlotSymbol[])[reel] as SlotSymbol),
    );
  }
  let scatters = 0;
  for (const row of window) for (const cell of row) if (cell === 'scatter') scatters += 1;
  // Line pays are in line bets (stake / lines); the scatter pays the whole stake.
  const lines = machine.paylines.length;
  return createMultiplier(lineTotal + lines * scatterPay(machine, scatters), lines);
}

export function drawSlotOutcome(source: UniformSource, _params: SlotParams): SlotOutcome {
  return drawSlotOutcomeOn(SLOT_MACHINE, source);
}

export function slotOutcome(seeds: FairSeeds, params: SlotParams): SlotOutcome {
  return drawSlotOutcome(new FairStream(seeds), params);
}

export function slotPayoutMultiplier(outcome: SlotOutcome, _params: SlotParams): Multiplier {
  if (outcome.stops.length !== SLOT_REELS) throw new RangeError(`a slot outcome has ${SLOT_REELS} stops`);
  return slotWinOn(SLOT_MACHINE, slotWindow(SLOT_MACHINE, outcome.stops));
}

/** Exact, by enumerating every combination of reel symbols (see `slotExactRtpFraction`). */
export function slotExactRtp(_params: SlotParams): number {
  return fractionToNumber(slotExactRtpFraction(SLOT_MACHINE));
}

export const slotEngine: GameEngine<SlotParams, SlotOutcome> = {
  game: 'slot',
  declaredRtp: SLOT_DECLARED_RTP,
  maxMultiplier: SLOT_MAX_MULTIPLIER,
  outcome: slotOutcome,
  drawOutcome: drawSlotOutcome,
  payoutMultiplier: slotPayoutMultiplier,
  exactRtp: slotExactRtp,
};
