import { randomInt } from 'node:crypto';

/**
 * Punto Banco baccarat as the live table deals it: eight decks, a fresh shoe each round, the usual tableau for the
 * third cards. Player pays 1:1, Banker 1:1 less 5% commission (rounded down to the minor unit), Tie 8:1; Player
 * and Banker bets are returned on a tie. The RTP of each spot is computed exactly by enumerating the shoe.
 */

export type BaccaratSpot = 'player' | 'banker' | 'tie';
export const BACCARAT_SPOTS: readonly BaccaratSpot[] = ['player', 'banker', 'tie'];
export type BaccaratWinner = BaccaratSpot;

export const DECKS = 8;
const SHOE = DECKS * 52;

/** A card of the shoe: rank 1 (ace) to 13 (king), suit 0–3. */
export interface Card {
  rank: number;
  suit: number;
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
}

/** A card's baccarat value: ace 1, two to nine their pips, ten and faces 0. */
export const cardValue = (rank: number): number => (rank >= 10 ? 0 : rank);

const total = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) % 10;

/** Whether the banker draws, given its two-card total and the player's third card value (null: the player stood). */
export const bankerDraws = (bankerTotal: number, playerThird: number | null): boolean => {
  if (playerThird === null) return bankerTotal <= 5;
  if (bankerTotal <= 2) return true;
  if (bankerTotal === 3) return playerThird !== 8;
  if (bankerTotal === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerTotal === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerTotal === 6) return playerThird === 6 || playerThird === 7;
  return false;
};

/**
 * Plays the tableau on card values taken in deal order (P, B, P, B, then third cards): `next()` gives the next
 * card's value. Returns how many cards each side took and the totals.
 */
export const playTableau = (
  next: () => number,
): { player: number[]; banker: number[]; playerTotal: number; bankerTotal: number; winner: BaccaratWinner } => {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(next());
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
};

/** Deals one round from a fresh eight-deck shoe (`random(max)` an integer in [0, max)). */
export const dealBaccarat = (random: (max: number) => number = randomInt): BaccaratHand => {
  const taken = new Set<number>();
  const cards: Card[] = [];
  const next = () => {
    let index = random(SHOE);
    while (taken.has(index)) index = (index + 1) % SHOE;
    taken.add(index);
    const card = { rank: (index % 13) + 1, suit: Math.floor(index / 13) % 4 };
    cards.push(card);
    return cardValue(card.rank);
  };
  const played = playTableau(next);
  // Cards were dealt P, B, P, B, then the player's third (if any), then the banker's third (if any).
  const player = [cards[0], cards[2]] as Card[];
  const banker = [cards[1], cards[3]] as Card[];
  let at = 4;
  if (played.player.length === 3) player.push(cards[at++] as Card);
  if (played.banker.length === 3) banker.push(cards[at] as Card);
  return { player, banker, playerTotal: played.playerTotal, bankerTotal: played.bankerTotal, winner: played.winner };
};

/** What a stake on a spot returns (stake included; 0 for a loss) for a round's winner, in minor units. */
export const baccaratReturn = (spot: BaccaratSpot, stake: bigint, winner: BaccaratWinner): bigint => {
  if (spot === 'tie') return winner === 'tie' ? stake * 9n : 0n;
  if (winner === 'tie') return stake;
  if (spot !== winner) return 0n;
  return spot === 'player' ? stake * 2n : stake + (stake * 95n) / 100n;
};

/**
 * The exact chances of each winner: every sequence of the first six card values drawn from a full shoe without
 * replacement, weighted by how many card orders give it. Counts are exact integers (below 2^53) over
 * 416 × 415 × … × 411 orders.
 */
export const baccaratOdds = (): { player: number; banker: number; tie: number; orders: number } => {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 * DECKS : 4 * DECKS));
  const tally = { player: 0, banker: 0, tie: 0 };
  let orders = 0;
  const walk = (values: number[], weight: number, left: number) => {
    // Replays the tableau on the values drawn so far; asks for one more card when it needs it.
    let i = 0;
    let short = false;
    const result = playTableau(() => {
      if (i < values.length) return values[i++] as number;
      short = true;
      return 0;
    });
    if (!short) {
      // The cards not used (up to six in all) can be any: their orders multiply the weight.
      let rest = weight;
      for (let drawn = values.length; drawn < 6; drawn++) rest *= SHOE - drawn;
      tally[result.winner] += rest;
      orders += rest;
      return;
    }
    for (let v = 0; v < 10; v++) {
      const count = counts[v] as number;
      if (count === 0) continue;
      counts[v] = count - 1;
      values.push(v);
      walk(values, weight * count, left - 1);
      values.pop();
      counts[v] = count;
    }
  };
  walk([], 1, SHOE);
  return { ...tally, orders };
};

/** Each spot's exact return to player (the enumeration above, commission rounded as a stake of 100 pays it). */
export const baccaratRtp = (): Record<BaccaratSpot, number> => {
  const odds = baccaratOdds();
  const per = (spot: BaccaratSpot) =>
    (['player', 'banker', 'tie'] as const).reduce(
      (sum, winner) => sum + Number(baccaratReturn(spot, 100n, winner)) * odds[winner],
      0,
    ) /
    (100 * odds.orders);
  return { player: per('player'), banker: per('banker'), tie: per('tie') };
};
