import type { GameEngine } from '../engine';
import { FairStream } from '../fair/fair-stream';
import type { FairSeeds } from '../fair/seeds';
import { DrawRecorder } from './draw-recorder';

/**
 * Plays rounds of `engine` on one long stream (the seeds' stream, read on past one bet's cursor range) until at
 * least `minDraws` uniform draws have been made, recording every draw and handing each outcome to `onOutcome`.
 * It is the engine's own mapping fed by the real HMAC stream; only the restart at cursor 0 for each nonce is
 * left out, which the per-nonce tests cover.
 */
export function recordEngineDraws<Params, Outcome>(
  engine: GameEngine<Params, Outcome>,
  params: Params,
  seeds: FairSeeds,
  minDraws: number,
  onOutcome: (outcome: Outcome) => void = () => {},
): DrawRecorder {
  const recorder = new DrawRecorder(new FairStream(seeds), minDraws + 64);
  while (recorder.length < minDraws) onOutcome(engine.drawOutcome(recorder, params));
  return recorder;
}
