import { describe, expect, it } from 'vitest';
import { recordEngineDraws } from '../stats/engine-draws';
import { chiSquareTest, uniformityVerdicts } from '../stats/uniformity';
import { failedVerdicts } from '../stats/verdicts';
import { MINES_TILES, minesEngine } from './mines';

describe('mines randomness at 99% confidence', () => {
  it('makes 10^6 uniform Fisher–Yates draws and leaves every tile equally likely to be the safe one', () => {
    const safeTile = new Array<number>(MINES_TILES).fill(0);
    let rounds = 0;
    const log = recordEngineDraws(
      minesEngine,
      { mines: 24, picks: [0] },
      { serverSeed: 'stats-mines', clientSeed: 'c', nonce: 0 },
      1_000_000,
      ({ mineTiles }) => {
        const mined = new Set(mineTiles);
        const safe = [...Array(MINES_TILES).keys()].find((tile) => !mined.has(tile)) as number;
        safeTile[safe] = (safeTile[safe] as number) + 1;
        rounds += 1;
      },
    );
    expect(failedVerdicts(uniformityVerdicts(log))).toEqual([]);
    expect(chiSquareTest('safe tile', safeTile, new Array(MINES_TILES).fill(rounds / MINES_TILES)).passed).toBe(true);
  }, 60_000);
});
