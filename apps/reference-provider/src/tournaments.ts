import { createHash, randomUUID } from 'node:crypto';
import { toDecimal } from './rounds';
import { memoryStore, type StateStore } from './store';
import { type Entry, MAX_PRIZES, prizesOf, standings } from './tournament-maths';
import { type WalletClient, WalletRefusal, WalletUnavailable } from './wallet-client';

/**
 * The provider's tournaments (decision 0167): a leaderboard over a period of one game's real-money rounds, each
 * player scored by what they won in it. The provider's operator opens one (game, currency, period, prize table) and
 * closes it; closing ranks the players (src/tournament-maths.ts) and pays each prize through the platform's `promo`
 * call (reason `tournament`, the tournament's id as `campaignId`, one transaction id per prize), saved as owed before
 * it is sent and sent again with the same body until the platform answers. Kept in its store across restarts.
 *
 * The provider knows a player by the game token of the launch they played in (the platform hands out nothing else),
 * so a player is one launch: pages show a short digest of it, never the token, which is a credential.
 */

interface Payout {
  transactionId: string;
  player: string;
  place: number;
  amount: bigint;
  state: 'owed' | 'paid' | 'refused';
  refusal: string | null;
}

interface Tournament {
  id: string;
  name: string;
  gameCode: string;
  currency: string;
  startsAt: string;
  endsAt: string;
  prizes: bigint[];
  /** Each player's score (won) and rounds, by game token. */
  entries: Entry[];
  closedAt: string | null;
  payouts: Payout[];
}

interface SavedTournaments {
  version: 1;
  tournaments: Tournament[];
}

export class TournamentRefusal extends Error {
  override name = 'TournamentRefusal';
  constructor(readonly code: string) {
    super(code);
  }
}

/** How many tournaments one provider process keeps (closed ones included). */
export const MAX_TOURNAMENTS = 200;
/** How many leaders a member's page shows. */
const LEADERS = 10;
const NAME = /^[\p{L}\p{N} ._'’-]{1,60}$/u;
const GAME_CODE = /^[\w-]{1,60}$/;

/** A player as pages show them: a short digest of the launch's token. */
export const playerTag = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 8);

export const createTournaments = (deps: {
  wallet: WalletClient;
  log: { warn: (details: object, message: string) => void };
  retryEveryMs: number;
  store?: StateStore;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const store = deps.store ?? memoryStore;
  const tournaments = new Map<string, Tournament>();
  /** Tournaments whose payouts are being sent (one sender at a time). */
  const paying = new Map<string, Promise<void>>();
  const saved = store.load() as SavedTournaments | null;
  for (const tournament of saved?.tournaments ?? []) tournaments.set(tournament.id, tournament);
  const persist = () => store.save({ version: 1, tournaments: [...tournaments.values()] } satisfies SavedTournaments);

  const statusOf = (tournament: Tournament, at = now()) =>
    tournament.closedAt
      ? 'closed'
      : at < new Date(tournament.startsAt)
        ? 'upcoming'
        : at < new Date(tournament.endsAt)
          ? 'running'
          : 'ended';

  /** Sends every owed prize of the tournament, one after another; a call with no answer stays owed. */
  const pay = (tournament: Tournament): Promise<void> => {
    const under = paying.get(tournament.id);
    if (under) return under;
    const run = (async () => {
      for (const payout of tournament.payouts.filter((candidate) => candidate.state === 'owed')) {
        try {
          await deps.wallet.promo({
            token: payout.player,
            transactionId: payout.transactionId,
            campaignId: tournament.id,
            reason: 'tournament',
            amount: toDecimal(payout.amount, tournament.currency),
            currency: tournament.currency,
          });
          payout.state = 'paid';
        } catch (error) {
          if (error instanceof WalletUnavailable) return; // sent again by the timer
          if (!(error instanceof WalletRefusal)) throw error;
          payout.state = 'refused';
          payout.refusal = error.code;
          deps.log.warn(
            { tournament: tournament.id, transactionId: payout.transactionId, code: error.code },
            'prize refused',
          );
        } finally {
          persist();
        }
      }
    })().finally(() => paying.delete(tournament.id));
    paying.set(tournament.id, run);
    return run;
  };

  const retryOwed = async () => {
    await Promise.all(
      [...tournaments.values()]
        .filter((tournament) => tournament.payouts.some((payout) => payout.state === 'owed'))
        .map(pay),
    );
  };
  const timer = setInterval(() => void retryOwed(), deps.retryEveryMs);
  timer.unref();

  const money = (tournament: Tournament, amount: bigint) => toDecimal(amount, tournament.currency);

  const view = (tournament: Tournament, token?: string) => {
    const ranked = standings(tournament.entries);
    const own = token ? ranked.find((standing) => standing.player === token) : undefined;
    return {
      id: tournament.id,
      name: tournament.name,
      gameCode: tournament.gameCode,
      currency: tournament.currency,
      startsAt: tournament.startsAt,
      endsAt: tournament.endsAt,
      status: statusOf(tournament),
      closedAt: tournament.closedAt,
      prizes: tournament.prizes.map((amount) => money(tournament, amount)),
      players: ranked.length,
      leaders: ranked.slice(0, LEADERS).map((standing) => ({
        place: standing.place,
        player: playerTag(standing.player),
        score: money(tournament, standing.score),
        rounds: standing.rounds,
      })),
      you: own
        ? {
            place: own.place,
            player: playerTag(own.player),
            score: money(tournament, own.score),
            prize: (() => {
              const prize = tournament.payouts.find((payout) => payout.player === token);
              return prize ? money(tournament, prize.amount) : null;
            })(),
          }
        : null,
      payouts: tournament.payouts.map((payout) => ({
        transactionId: payout.transactionId,
        place: payout.place,
        player: playerTag(payout.player),
        amount: money(tournament, payout.amount),
        state: payout.state,
        refusal: payout.refusal,
      })),
    };
  };

  return {
    stop: () => clearInterval(timer),
    retryOwed,
    owedCount: () =>
      [...tournaments.values()].reduce(
        (sum, tournament) => sum + tournament.payouts.filter((payout) => payout.state === 'owed').length,
        0,
      ),

    /** The operator opens a tournament on one game: its period, currency and prize table (minor units). */
    create: (input: {
      name: string;
      gameCode: string;
      currency: string;
      startsAt: Date;
      endsAt: Date;
      prizes: bigint[];
    }) => {
      if (!NAME.test(input.name)) throw new TournamentRefusal('name_invalid');
      if (!GAME_CODE.test(input.gameCode)) throw new TournamentRefusal('game_invalid');
      if (!/^[A-Z]{3}$/.test(input.currency)) throw new TournamentRefusal('currency_invalid');
      if (Number.isNaN(input.startsAt.getTime()) || Number.isNaN(input.endsAt.getTime()))
        throw new TournamentRefusal('period_invalid');
      if (input.endsAt <= input.startsAt || input.endsAt <= now()) throw new TournamentRefusal('period_invalid');
      if (
        input.prizes.length === 0 ||
        input.prizes.length > MAX_PRIZES ||
        input.prizes.some((amount) => amount <= 0n || amount > 1_000_000_00n)
      )
        throw new TournamentRefusal('prizes_invalid');
      if (tournaments.size >= MAX_TOURNAMENTS) throw new TournamentRefusal('too_many_tournaments');
      const tournament: Tournament = {
        id: `tn-${randomUUID()}`,
        name: input.name,
        gameCode: input.gameCode,
        currency: input.currency,
        startsAt: input.startsAt.toISOString(),
        endsAt: input.endsAt.toISOString(),
        prizes: input.prizes,
        entries: [],
        closedAt: null,
        payouts: [],
      };
      tournaments.set(tournament.id, tournament);
      persist();
      return view(tournament);
    },

    /** A real round of a game decided: each running tournament of that game and currency adds its win. */
    record: (round: { token: string; gameCode: string; currency: string; win: bigint }) => {
      const at = now();
      let changed = false;
      for (const tournament of tournaments.values()) {
        if (tournament.gameCode !== round.gameCode || tournament.currency !== round.currency) continue;
        if (statusOf(tournament, at) !== 'running') continue;
        const entry = tournament.entries.find((candidate) => candidate.player === round.token);
        if (entry) {
          entry.score += round.win;
          entry.rounds += 1;
        } else tournament.entries.push({ player: round.token, score: round.win, rounds: 1 });
        changed = true;
      }
      if (changed) persist();
    },

    /** The tournaments of a game (newest first), as a member of the launch `token` sees them. */
    ofGame: (gameCode: string, token: string) =>
      [...tournaments.values()]
        .filter((tournament) => tournament.gameCode === gameCode)
        .reverse()
        .map((tournament) => view(tournament, token)),

    /** Every tournament (newest first), as the operator sees them. */
    all: () => [...tournaments.values()].reverse().map((tournament) => view(tournament)),

    /**
     * The operator closes a tournament (before its end too: it ends then): the standings are final and each prize
     * is paid through the platform's `promo`, now or, when the platform does not answer, by the retry timer.
     */
    close: async (id: string) => {
      const tournament = tournaments.get(id);
      if (!tournament) throw new TournamentRefusal('tournament_not_found');
      if (tournament.closedAt) throw new TournamentRefusal('tournament_closed');
      const at = now();
      tournament.closedAt = at.toISOString();
      if (at < new Date(tournament.endsAt)) tournament.endsAt = tournament.closedAt;
      tournament.payouts = prizesOf(tournament.entries, tournament.prizes).map((prize, index) => ({
        transactionId: `${tournament.id}-prize-${index + 1}`,
        player: prize.player,
        place: prize.place,
        amount: prize.amount,
        state: 'owed',
        refusal: null,
      }));
      // Saved before any prize is sent: a restart sends what is still owed, with the same transaction ids.
      persist();
      await pay(tournament);
      return view(tournament);
    },
  };
};

export type Tournaments = ReturnType<typeof createTournaments>;
