import { crashPayoutMultiplier } from '../src/crash/crash-rtp';
import { diceEngine } from '../src/dice/dice';
import type { GameEngine, SeededGame } from '../src/engine';
import type { FairSeeds } from '../src/fair/seeds';
import { kenoEngine } from '../src/keno/keno';
import { limboEngine } from '../src/limbo/limbo';
import { minesEngine } from '../src/mines/mines';
import type { Multiplier } from '../src/money/multiplier';
import { plinkoEngine } from '../src/plinko/plinko';
import { slotEngine } from '../src/slot/slot';

/** A seeded game with the params the scripts play it with: `play` settles one bet and returns its multiplier. */
export type EngineCase = {
  readonly label: string;
  readonly game: SeededGame;
  readonly declaredRtp: number;
  play(seeds: FairSeeds): Multiplier;
};

function engineCase<Params, Outcome>(label: string, engine: GameEngine<Params, Outcome>, params: Params): EngineCase {
  return {
    label,
    game: engine.game,
    declaredRtp: engine.declaredRtp,
    play: (seeds) => engine.payoutMultiplier(engine.outcome(seeds, params), params),
  };
}

export const ENGINE_CASES: readonly EngineCase[] = [
  engineCase('dice (under 50.00)', diceEngine, { target: 5000, direction: 'under' }),
  engineCase('limbo (target 2.00x)', limboEngine, { target: 200 }),
  engineCase('mines (3 mines, 5 picks)', minesEngine, { mines: 3, picks: [0, 6, 12, 18, 24] }),
  engineCase('plinko (16 rows, high)', plinkoEngine, { rows: 16, risk: 'high' }),
  engineCase('keno (10 picks, medium)', kenoEngine, { picks: [1, 5, 9, 13, 17, 21, 25, 29, 33, 37], risk: 'medium' }),
  engineCase('slot (10 lines)', slotEngine, {}),
];

/** Crash is played on a hash chain rather than seeds; the scripts cash out at this target. */
export const CRASH_CASE = { label: 'crash (cash out 2.00x)', target: 200, salt: 'tessera-simulation-salt' } as const;
export { crashPayoutMultiplier };
