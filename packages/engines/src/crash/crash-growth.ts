import { CRASH_CAP } from './crash-point';

/**
 * How fast a crash round's multiplier rises: m(t) = e^(rate × t) with t in milliseconds since the round started,
 * shown (and paid) floored to hundredths. At 0.00006 per ms a round passes 2× after 11.6 s, 10× after 38 s and
 * reaches the 1,000,000× cap after 3 min 50 s. The server sends the rate with each round's start so browsers
 * draw the same curve without a message per tick.
 */
export const CRASH_GROWTH_PER_MS = 0.00006;

function assertRate(rate: number): void {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('growth rate must be a positive number');
}

/** The multiplier in hundredths `elapsedMs` after the start: floor(100 × e^(rate × t)), from 100 up to the cap. */
export function crashMultiplierAt(elapsedMs: number, rate: number = CRASH_GROWTH_PER_MS): number {
  assertRate(rate);
  if (!(elapsedMs > 0)) return 100;
  const hundredths = Math.floor(100 * Math.exp(rate * elapsedMs));
  return Math.min(CRASH_CAP, Math.max(100, hundredths));
}

/**
 * When the curve reaches `hundredths`: ln(h / 100) / rate milliseconds after the start. A round crashes at the
 * moment its crash point is reached, and an automatic cash-out at a target fires at the target's moment.
 */
export function crashElapsedAt(hundredths: number, rate: number = CRASH_GROWTH_PER_MS): number {
  assertRate(rate);
  if (!Number.isSafeInteger(hundredths) || hundredths < 100 || hundredths > CRASH_CAP) {
    throw new RangeError(`a multiplier in hundredths is an integer in [100, ${CRASH_CAP}]`);
  }
  return Math.log(hundredths / 100) / rate;
}

/**
 * What a manual cash-out `elapsedMs` into a round with crash point `crashPoint` pays, in hundredths, or null when
 * it comes at or after the crash. An automatic target already passed pays the target (it fired first).
 */
export function crashCashOutAt(
  elapsedMs: number,
  crashPoint: number,
  autoCashOut: number | null,
  rate: number = CRASH_GROWTH_PER_MS,
): number | null {
  if (autoCashOut !== null && autoCashOut <= crashPoint && elapsedMs >= crashElapsedAt(autoCashOut, rate)) {
    return autoCashOut;
  }
  if (elapsedMs >= crashElapsedAt(crashPoint, rate)) return null;
  return Math.min(crashMultiplierAt(elapsedMs, rate), crashPoint);
}
