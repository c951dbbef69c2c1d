import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANNON_LEVELS,
  CHANCE_SCALE,
  FISH,
  FISH_KINDS,
  fishRtp,
  RTP_PERCENT,
  shoot,
  shotPayout,
} from './fishing-maths';

describe('fishing', () => {
  it('returns exactly 96% on every fish, enumerating every draw', () => {
    for (const kind of FISH_KINDS) expect(fishRtp(kind)).toEqual({ paid: 9_600n, shots: 10_000n });
    expect(RTP_PERCENT).toBe(96);
  });

  it('pays more for rarer fish: multipliers rise as the chance of a catch falls', () => {
    for (let i = 1; i < FISH.length; i++) {
      const [before, after] = [FISH[i - 1], FISH[i]] as [(typeof FISH)[number], (typeof FISH)[number]];
      expect(after.multiplier).toBeGreaterThan(before.multiplier);
      expect(after.catches).toBeLessThan(before.catches);
    }
  });

  it('catches a fish exactly on the draws below its chance', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FISH), fc.integer({ min: 0, max: CHANCE_SCALE - 1 }), (fish, draw) => {
        expect(shoot(fish.kind, () => draw)).toBe(draw < fish.catches);
      }),
    );
  });

  it('pays the stake times the multiplier on a catch, nothing on a miss, for every cannon level', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FISH), fc.constantFrom(...CANNON_LEVELS), (fish, stake) => {
        expect(shotPayout(fish.kind, stake, true)).toBe(stake * BigInt(fish.multiplier));
        expect(shotPayout(fish.kind, stake, false)).toBe(0n);
      }),
    );
    expect(CANNON_LEVELS[0]).toBe(10n);
    expect(CANNON_LEVELS.at(-1)).toBe(500n);
  });

  it('draws from the CSPRNG within range: over many real shots at the clownfish, about 48% are caught', () => {
    let caught = 0;
    const shots = 20_000;
    for (let i = 0; i < shots; i++) if (shoot('clownfish')) caught += 1;
    // 48% ± 5 standard deviations (σ ≈ 0.35%): fails only if the draw is biased.
    expect(Math.abs(caught / shots - 0.48)).toBeLessThan(0.018);
  });
});
