import { generateChain, verifyGameHash } from '@tessera/engines';
import { describe, expect, it } from 'vitest';
import { createChainKeeper } from './crash-chain';

describe('the crash chain keeper', () => {
  it('gives every game the hash the engines’ chain gives it, from stored checkpoints or from the seed alone', async () => {
    const length = 3000;
    const keeper = createChainKeeper();
    const made = await keeper.generate(length);
    const reference = generateChain(made.seed, length);
    expect(made.terminalHash).toBe(reference.terminalHash);
    expect(made.salt).toMatch(/^[0-9a-f]{32}$/);
    keeper.remember(1n, made.checkpoints);
    const restarted = createChainKeeper();
    for (const game of [1, 2, 1023, 1024, 1025, 1976, 2048, 2999, 3000]) {
      const expected = reference.gameHashes[game - 1];
      expect(await keeper.gameHash({ id: 1n, seed: made.seed, length }, game)).toBe(expected);
      expect(await restarted.gameHash({ id: 1n, seed: made.seed, length }, game)).toBe(expected);
    }
    expect(verifyGameHash(await keeper.gameHash({ id: 1n, seed: made.seed, length }, 7), 7, made.terminalHash)).toBe(
      true,
    );
    await expect(keeper.gameHash({ id: 1n, seed: made.seed, length }, 0)).rejects.toThrow(RangeError);
    await expect(keeper.gameHash({ id: 1n, seed: made.seed, length }, length + 1)).rejects.toThrow(RangeError);
  });
});
