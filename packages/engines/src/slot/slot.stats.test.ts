import { describe, expect, it } from 'vitest';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { slotEngine } from './slot';
import { SLOT_MACHINE } from './slot-machine';

describe('slot randomness at 99% confidence', () => {
  it('makes 10^6 uniform reel stops and shows each symbol as often as the strips hold it', () => {
    const middleRowReel3 = new Map<string, number>();
    let spins = 0;
    const log = recordEngineDraws(
      slotEngine,
      {},
      { serverSeed: 'stats-slot', clientSeed: 'c', nonce: 0 },
      1_000_000,
      (o) => {
        const symbol = o.window[1]?.[2] as string;
        middleRowReel3.set(symbol, (middleRowReel3.get(symbol) ?? 0) + 1);
        spins += 1;
      },
    );
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    const strip = SLOT_MACHINE.strips[2] as readonly string[];
    const symbols = [...new Set(strip)];
    const expected = symbols.map((s) => (strip.filter((x) => x === s).length / strip.length) * spins);
    expect(
      chiSquareTest(
        'reel 3 middle row',
        symbols.map((s) => middleRowReel3.get(s) ?? 0),
        expected,
      ).passed,
    ).toBe(true);
  }, 60_000);
});
