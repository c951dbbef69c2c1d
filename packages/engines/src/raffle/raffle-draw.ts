import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { hashServerSeed } from '../fair/seeds';

/**
 * A raffle's draw (issue 28, decision 0122). The server seed is committed by its SHA-256 when the raffle is created
 * and revealed once the draw ran; with it and the published ticket list anyone recomputes the winners.
 *
 * The ticket list is the raffle's entries in entry order (entry number 1, 2, …), entry k holding tickets[k]
 * consecutive tickets. Prizes are drawn in the order listed, prize 0 first. For prize p the tickets of the entries
 * that already won are taken out of the list (order kept), leaving T tickets; if T is 0 the prize (and every later
 * one) is not awarded. Otherwise candidates are read for attempt a = 0, 1, …:
 *
 *   v = the first 8 bytes, big-endian, of HMAC-SHA256(key = UTF-8(serverSeed), message = UTF-8(`raffle:<raffleId>:<p>:<a>`))
 *
 * and a candidate with v >= 2^64 - (2^64 mod T) is rejected (the next attempt is read), so every ticket has exactly
 * the same number of accepted candidates (no modulo bias); the first accepted v gives the ticket v mod T among the
 * remaining tickets, and the entry holding it wins prize p. A member wins at most once (one entry per member).
 */

export interface RaffleTicketHolder {
  /** The entry's key (the server uses the entry number). */
  readonly key: string;
  readonly tickets: number;
}

export interface RaffleWinner {
  readonly prizeIndex: number;
  readonly key: string;
  /** The winning ticket's index among the tickets left for this prize. */
  readonly ticket: number;
  /** Candidates read for this prize (1 unless some were rejected). */
  readonly attempts: number;
}

const TWO_64 = 2n ** 64n;

/** The candidate of attempt `attempt` for prize `prizeIndex`: a 64-bit number. */
export const raffleCandidate = (serverSeed: string, raffleId: string, prizeIndex: number, attempt: number): bigint => {
  const mac = hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`raffle:${raffleId}:${prizeIndex}:${attempt}`));
  return new DataView(mac.buffer, mac.byteOffset, mac.byteLength).getBigUint64(0, false);
};

/**
 * Candidates below this are accepted: the largest multiple of `total` not above 2^64, so each ticket has exactly
 * limit / total accepted candidates.
 */
export const raffleAcceptLimit = (total: number): bigint => TWO_64 - (TWO_64 % BigInt(total));

/** A uniform ticket in [0, total) for a prize, by rejection sampling; the attempts read with it. */
export const raffleTicket = (
  serverSeed: string,
  raffleId: string,
  prizeIndex: number,
  total: number,
): { ticket: number; attempts: number } => {
  if (!Number.isSafeInteger(total) || total < 1) throw new RangeError('a draw needs at least one ticket');
  const range = BigInt(total);
  const limit = raffleAcceptLimit(total);
  for (let attempt = 0; ; attempt++) {
    const value = raffleCandidate(serverSeed, raffleId, prizeIndex, attempt);
    if (value < limit) return { ticket: Number(value % range), attempts: attempt + 1 };
  }
};

/** The winners of every prize that can be awarded, in prize order. */
export const drawRaffleWinners = (input: {
  serverSeed: string;
  raffleId: string;
  holders: readonly RaffleTicketHolder[];
  prizes: number;
}): RaffleWinner[] => {
  const seen = new Set<string>();
  for (const holder of input.holders) {
    if (!Number.isSafeInteger(holder.tickets) || holder.tickets < 0) throw new RangeError('tickets must be >= 0');
    if (seen.has(holder.key)) throw new RangeError(`entry ${holder.key} listed twice`);
    seen.add(holder.key);
  }
  let remaining = input.holders.filter((h) => h.tickets > 0);
  const winners: RaffleWinner[] = [];
  for (let prizeIndex = 0; prizeIndex < input.prizes && remaining.length > 0; prizeIndex++) {
    const total = remaining.reduce((sum, h) => sum + h.tickets, 0);
    const { ticket, attempts } = raffleTicket(input.serverSeed, input.raffleId, prizeIndex, total);
    let cursor = ticket;
    const won = remaining.find((h) => {
      if (cursor < h.tickets) return true;
      cursor -= h.tickets;
      return false;
    }) as RaffleTicketHolder;
    winners.push({ prizeIndex, key: won.key, ticket, attempts });
    remaining = remaining.filter((h) => h !== won);
  }
  return winners;
};

/** Checks a published draw: the seed against its commitment and the winners against a fresh draw. */
export const verifyRaffleDraw = (draw: {
  raffleId: string;
  seedHash: string;
  serverSeed: string;
  holders: readonly RaffleTicketHolder[];
  prizes: number;
  winners: readonly { prizeIndex: number; key: string }[];
}): { seedMatches: boolean; winnersMatch: boolean; expected: RaffleWinner[] } => {
  const expected = drawRaffleWinners(draw);
  const same =
    expected.length === draw.winners.length &&
    expected.every((w, i) => w.prizeIndex === draw.winners[i]?.prizeIndex && w.key === draw.winners[i]?.key);
  return { seedMatches: hashServerSeed(draw.serverSeed) === draw.seedHash, winnersMatch: same, expected };
};
