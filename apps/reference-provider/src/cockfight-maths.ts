import { randomInt } from 'node:crypto';

/**
 * Cockfight (sabong) as the reference provider runs it: each fight has a card of chances for Meron (the
 * favourite's corner), Wala and a draw, in thousandths. Bets are on Meron or Wala; the winning side returns the
 * stake × its odds; a draw returns every stake (the round's bets are rolled back at the platform). Odds are set so
 * each side returns at most 95%: odds = floor((950 − draw) ÷ side, hundredths), and the RTP is computed exactly.
 */

export type CockfightSide = 'meron' | 'wala';
export const COCKFIGHT_SIDES: readonly CockfightSide[] = ['meron', 'wala'];
export type FightResult = CockfightSide | 'draw';

/** The chances of one fight, in thousandths (they add up to 1000). */
export interface FightCard {
  meron: number;
  wala: number;
  draw: number;
}

/** The fights the provider books, one picked at random per round. */
export const FIGHT_CARDS: readonly FightCard[] = [
  { meron: 490, wala: 490, draw: 20 },
  { meron: 539, wala: 441, draw: 20 },
  { meron: 588, wala: 392, draw: 20 },
  { meron: 637, wala: 343, draw: 20 },
];

/** The target return of a side, in thousandths. */
const TARGET = 950;

/** A side's decimal odds in hundredths (1.89 → 189): the stake included. */
export const oddsOf = (card: FightCard, side: CockfightSide): number =>
  Math.floor(((TARGET - card.draw) * 100) / card[side]);

/** What a stake on a side returns for a fight's result, in minor units: the stake × odds (down to the minor unit), 0 for a loss, the stake on a draw. */
export const cockfightReturn = (card: FightCard, side: CockfightSide, stake: bigint, result: FightResult): bigint => {
  if (result === 'draw') return stake;
  return result === side ? (stake * BigInt(oddsOf(card, side))) / 100n : 0n;
};

/** A side's exact return to player as a fraction (numerator over 100 000 = 1000 thousandths × 100 hundredths). */
export const cockfightRtp = (card: FightCard, side: CockfightSide): { numerator: number; denominator: number } => ({
  numerator: card[side] * oddsOf(card, side) + card.draw * 100,
  denominator: 100_000,
});

export const pickFightCard = (random: (max: number) => number = randomInt): FightCard =>
  FIGHT_CARDS[random(FIGHT_CARDS.length)] as FightCard;

/** The fight's result by its card's chances. */
export const fight = (card: FightCard, random: (max: number) => number = randomInt): FightResult => {
  const roll = random(1000);
  return roll < card.meron ? 'meron' : roll < card.meron + card.wala ? 'wala' : 'draw';
};
