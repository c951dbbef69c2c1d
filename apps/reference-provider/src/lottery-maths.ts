import { randomInt } from 'node:crypto';

/**
 * The reference provider's lottery: a three-digit ticket, drawn on its own the moment it is bought (a per-ticket
 * draw from the operating system's CSPRNG, like a scratch ticket of a numbers game). Three digits 0–9 are drawn;
 * the ticket pays on its last digits:
 *
 * | match                                      | chance     | pays  |
 * | ------------------------------------------ | ---------- | ----- |
 * | all three digits, in order (straight)      | 1 / 1000   | ×400  |
 * | the last two in order, not the first       | 9 / 1000   | ×30   |
 * | the last digit only                        | 90 / 1000  | ×3    |
 *
 * Return to player: (400 + 9·30 + 90·3) / 1000 = 94.0%, the same for every pick (proven by enumeration).
 */

export const LOTTERY_DIGITS = 3;

export const LOTTERY_PAYTABLE = { straight: 400, lastTwo: 30, lastOne: 3 } as const;
export type LotteryPrize = keyof typeof LOTTERY_PAYTABLE | 'none';

/** A pick or a draw: exactly three digits, "000" to "999". */
export const isLotteryNumber = (text: unknown): text is string => typeof text === 'string' && /^\d{3}$/.test(text);

/** Which prize a ticket won against a draw. */
export const lotteryPrize = (pick: string, draw: string): LotteryPrize => {
  if (pick === draw) return 'straight';
  if (pick.slice(1) === draw.slice(1)) return 'lastTwo';
  if (pick.slice(2) === draw.slice(2)) return 'lastOne';
  return 'none';
};

/** What a ticket pays, as a multiple of its stake. */
export const lotteryMultiplier = (pick: string, draw: string): number => {
  const prize = lotteryPrize(pick, draw);
  return prize === 'none' ? 0 : LOTTERY_PAYTABLE[prize];
};

/** The exact return to player of a pick: every one of the 1000 draws weighed equally. */
export const lotteryRtp = (pick: string): number => {
  let paid = 0;
  for (let n = 0; n < 1000; n++) paid += lotteryMultiplier(pick, String(n).padStart(LOTTERY_DIGITS, '0'));
  return paid / 1000;
};

/** Draws three digits, each on its own. */
export const drawLottery = (random: (max: number) => number = randomInt): string =>
  Array.from({ length: LOTTERY_DIGITS }, () => String(random(10))).join('');
