import { randomInt } from 'node:crypto';

/**
 * The fishing game's maths (decision 0132). Each shot is fired at one fish with the chosen cannon's stake; the
 * fish is caught with a chance of `catches` in CHANCE_SCALE and then pays the stake times its multiplier. Every
 * fish's chance is set so that chance × multiplier is exactly RTP_PERCENT / 100, so the game returns 96% whatever
 * fish the player aims at, and the RTP can be computed exactly from the table below.
 */

export type FishKind = 'clownfish' | 'pufferfish' | 'turtle' | 'octopus' | 'shark' | 'whale' | 'dragon';

/** Catches out of this many shots. */
export const CHANCE_SCALE = 10_000;
export const RTP_PERCENT = 96;

export const FISH: readonly { kind: FishKind; multiplier: number; catches: number }[] = [
  { kind: 'clownfish', multiplier: 2, catches: 4_800 },
  { kind: 'pufferfish', multiplier: 5, catches: 1_920 },
  { kind: 'turtle', multiplier: 10, catches: 960 },
  { kind: 'octopus', multiplier: 20, catches: 480 },
  { kind: 'shark', multiplier: 50, catches: 192 },
  { kind: 'whale', multiplier: 100, catches: 96 },
  { kind: 'dragon', multiplier: 300, catches: 32 },
];

export const FISH_KINDS: readonly FishKind[] = FISH.map((fish) => fish.kind);

/** The cannon levels a player may fire, in minor units (0.10 to 5.00). */
export const CANNON_LEVELS: readonly bigint[] = [10n, 20n, 50n, 100n, 200n, 500n];

const fishOf = (kind: FishKind) => {
  const fish = FISH.find((candidate) => candidate.kind === kind);
  if (!fish) throw new Error(`unknown fish ${kind}`);
  return fish;
};

/** Whether a shot at a fish catches it: one draw of crypto.randomInt below CHANCE_SCALE. */
export const shoot = (kind: FishKind, random: (max: number) => number = randomInt): boolean =>
  random(CHANCE_SCALE) < fishOf(kind).catches;

/** What a shot returns in minor units: the stake times the fish's multiplier when caught, otherwise nothing. */
export const shotPayout = (kind: FishKind, stake: bigint, caught: boolean): bigint =>
  caught ? stake * BigInt(fishOf(kind).multiplier) : 0n;

/**
 * The exact return of shots at one fish: every one of the CHANCE_SCALE equally likely draws played through `shoot`
 * and `shotPayout` (a stake of 1), as paid multiples over shots.
 */
export const fishRtp = (kind: FishKind): { paid: bigint; shots: bigint } => {
  let paid = 0n;
  for (let draw = 0; draw < CHANCE_SCALE; draw++)
    paid += shotPayout(
      kind,
      1n,
      shoot(kind, () => draw),
    );
  return { paid, shots: BigInt(CHANCE_SCALE) };
};
