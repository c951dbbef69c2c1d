import { randomInt } from 'node:crypto';

/**
 * The reference provider's own games and paytables. Outcomes come from the operating system's CSPRNG
 * (crypto.randomInt); the platform never sees them, only the stakes and wins the provider reports, as with any
 * outside provider.
 */

export type SlotSymbol = 'cherry' | 'lemon' | 'bell' | 'star' | 'seven' | 'diamond';

/** Stops per symbol on each of the three reels (20 stops). */
export const REEL: readonly { symbol: SlotSymbol; stops: number }[] = [
  { symbol: 'cherry', stops: 6 },
  { symbol: 'lemon', stops: 5 },
  { symbol: 'bell', stops: 4 },
  { symbol: 'star', stops: 3 },
  { symbol: 'seven', stops: 1 },
  { symbol: 'diamond', stops: 1 },
];
const STRIP: readonly SlotSymbol[] = REEL.flatMap(({ symbol, stops }) => Array<SlotSymbol>(stops).fill(symbol));

/** Multiples of the stake for three of a kind on the line; two cherries anywhere pay TWO_CHERRIES. */
export const THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  cherry: 6,
  lemon: 10,
  bell: 15,
  star: 30,
  seven: 100,
  diamond: 200,
};
export const TWO_CHERRIES = 2;

/** What a line pays, as a multiple of the stake. */
export const slotMultiplier = (line: readonly [SlotSymbol, SlotSymbol, SlotSymbol]): number => {
  const [a, b, c] = line;
  if (a === b && b === c) return THREE_OF_A_KIND[a];
  return line.filter((symbol) => symbol === 'cherry').length === 2 ? TWO_CHERRIES : 0;
};

/** The exact return to player of the slot: every one of the 20³ reel positions weighed equally. */
export const slotRtp = (): number => {
  let paid = 0;
  for (const a of STRIP) for (const b of STRIP) for (const c of STRIP) paid += slotMultiplier([a, b, c]);
  return paid / STRIP.length ** 3;
};

export const spinReels = (random: (max: number) => number = randomInt): [SlotSymbol, SlotSymbol, SlotSymbol] => [
  STRIP[random(STRIP.length)] as SlotSymbol,
  STRIP[random(STRIP.length)] as SlotSymbol,
  STRIP[random(STRIP.length)] as SlotSymbol,
];

export type DicePick = 'big' | 'small';

/** Big (11–17) or Small (4–10) on three dice pays even money; any triple loses (the house edge). */
export const diceWins = (dice: readonly [number, number, number], pick: DicePick): boolean => {
  const [a, b, c] = dice;
  if (a === b && b === c) return false;
  const total = a + b + c;
  return pick === 'big' ? total >= 11 : total <= 10;
};
export const DICE_MULTIPLIER = 2;

/** The exact return to player of a dice bet over the 6³ outcomes. */
export const diceRtp = (pick: DicePick): number => {
  let paid = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (diceWins([a, b, c], pick)) paid += DICE_MULTIPLIER;
  return paid / 216;
};

export const rollDice = (random: (max: number) => number = randomInt): [number, number, number] => [
  random(6) + 1,
  random(6) + 1,
  random(6) + 1,
];

/** Stakes in minor units (cents): 0.10 to 100.00. */
export const MIN_STAKE = 10n;
export const MAX_STAKE = 100_00n;

/** A payout in minor units: the stake times the multiple (integers only). */
export const payout = (stake: bigint, multiple: number): bigint => stake * BigInt(multiple);

/**
 * A PVP room's table (decision 0132): the player's seat against an opponent's seat staking the same amount on the
 * other side (the provider fills an empty seat, as PVP rooms do). The winner takes the pot of both stakes less the
 * provider's rake of RAKE_PERCENT; a triple is a push, each stake returned and no rake taken.
 */
export const RAKE_PERCENT = 5n;

export const roomDiceReturn = (
  dice: readonly [number, number, number],
  pick: DicePick,
  stake: bigint,
): { win: bigint; pot: bigint; rake: bigint } => {
  const pot = stake * 2n;
  const [a, b, c] = dice;
  if (a === b && b === c) return { win: stake, pot, rake: 0n };
  // The rake is rounded down to the minor unit.
  const rake = (pot * RAKE_PERCENT) / 100n;
  return { win: diceWins(dice, pick) ? pot - rake : 0n, pot, rake };
};

/** The exact return to player of a room's dice bet over the 6³ outcomes: returned ÷ staked, as integers. */
export const roomDiceRtp = (pick: DicePick, stake = 100n): { returned: bigint; staked: bigint } => {
  let returned = 0n;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) returned += roomDiceReturn([a, b, c], pick, stake).win;
  return { returned, staked: stake * 216n };
};
