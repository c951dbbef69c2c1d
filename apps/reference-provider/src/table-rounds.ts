import { randomUUID } from 'node:crypto';
import type { RoundRunner } from './rounds';
import { toDecimal } from './rounds';
import { memoryStore, type StateStore } from './store';
import { type WalletClient, WalletUnavailable } from './wallet-client';

/**
 * Shared rounds of a table game (the live baccarat table, the cockfight pit): every player of a table sees the same
 * round, a betting window of `roundMs`, then one result for all. Each player's bets of a round are `bet` calls in
 * one platform round (their own round id); the result settles it with one closing `win` (0 for a loss), or, when
 * the game says so (a cockfight draw), rolls every bet of it back. A tip is the protocol's `tip` in that round.
 * With a store, the tables' rounds are kept across a restart (decision 0167): an open round closes at its time after
 * the restart, a round whose result was dealt is settled again with the same transaction ids (the platform applies
 * each once), and a bet sent but never answered before the restart is rolled back.
 */

export interface TableGame<Spot extends string, Offer, Result> {
  spots: readonly Spot[];
  /** What the round offers while it takes bets (a fight's odds); null when fixed (baccarat). */
  open: () => Offer;
  deal: (offer: Offer) => Result;
  /** A result's settlement of one player's bets: the total returned, or every stake refunded (a void). */
  settle: (offer: Offer, result: Result, bets: readonly { spot: Spot; stake: bigint }[]) => bigint | 'refund';
}

interface Bet<Spot> {
  transactionId: string;
  spot: Spot;
  stake: bigint;
  /** The platform answered the bet (saved before it is sent, so a restart can roll back one never answered). */
  confirmed: boolean;
}

interface Seat<Spot> {
  token: string;
  currency: string;
  roundId: string;
  bets: Bet<Spot>[];
  tips: bigint;
  /** Calls under way; the round settles once they are answered. */
  inFlight: Set<Promise<unknown>>;
}

/** How one player's round ended, as the page shows it. */
export interface SeatSettlement {
  roundNo: number;
  roundId: string;
  outcome: 'win' | 'loss' | 'refund';
  stake: string;
  returned: string;
  tips: string;
  currency: string;
  settlementPending: boolean;
}

interface Round<Spot, Offer, Result> {
  no: number;
  closesAt: number;
  closed: boolean;
  offer: Offer;
  seats: Map<string, Seat<Spot>>;
  result?: Result;
}

interface Table<Spot, Offer, Result> {
  current: Round<Spot, Offer, Result>;
  history: { no: number; result: Result }[];
  settled: Map<string, SeatSettlement>;
  lastSeen: number;
  timer: NodeJS.Timeout | null;
}

/** The tables as their store keeps them. */
interface SavedTables<Spot, Offer, Result> {
  version: 1;
  tables: {
    key: string;
    current: Omit<Round<Spot, Offer, Result>, 'seats'> & { seats: Omit<Seat<Spot>, 'inFlight'>[] };
    history: Table<Spot, Offer, Result>['history'];
    settled: [string, SeatSettlement][];
  }[];
}

/** How many past results a table shows. */
const HISTORY = 12;

export class TableRefusal extends Error {
  override name = 'TableRefusal';
  constructor(readonly code: 'betting_closed' | 'tip_needs_bet') {
    super(code);
  }
}

export const createTableRunner = <Spot extends string, Offer, Result>(deps: {
  game: TableGame<Spot, Offer, Result>;
  /** Starts each platform round id (`live-12-…`). */
  prefix: string;
  roundMs: number;
  wallet: WalletClient;
  rounds: RoundRunner;
  now?: () => number;
  store?: StateStore;
}) => {
  const now = deps.now ?? Date.now;
  const store = deps.store ?? memoryStore;
  const tables = new Map<string, Table<Spot, Offer, Result>>();
  const settling = new Set<Promise<void>>();

  /** Saves every table's round, results and last settlements (the calls under way are not state). */
  const persist = () =>
    store.save({
      version: 1,
      tables: [...tables].map(([key, table]) => ({
        key,
        current: { ...table.current, seats: [...table.current.seats.values()].map(({ inFlight: _, ...seat }) => seat) },
        history: table.history,
        settled: [...table.settled],
      })),
    } satisfies SavedTables<Spot, Offer, Result>);

  const openRound = (no: number): Round<Spot, Offer, Result> => ({
    no,
    closesAt: now() + deps.roundMs,
    closed: false,
    offer: deps.game.open(),
    seats: new Map(),
  });

  const settleSeat = async (round: Round<Spot, Offer, Result>, seat: Seat<Spot>): Promise<SeatSettlement | null> => {
    if (seat.bets.length === 0) return null;
    const stake = seat.bets.reduce((sum, bet) => sum + bet.stake, 0n);
    const settled = deps.game.settle(round.offer, round.result as Result, seat.bets);
    const base = {
      roundNo: round.no,
      roundId: seat.roundId,
      stake: toDecimal(stake, seat.currency),
      tips: toDecimal(seat.tips, seat.currency),
      currency: seat.currency,
    };
    if (settled === 'refund') {
      // Every stake of the round returned: one rollback per bet, each delivered now or owed until it is.
      let delivered = true;
      for (const bet of seat.bets)
        delivered =
          (await deps.rounds.owe({
            kind: 'rollback',
            input: {
              token: seat.token,
              transactionId: `rollback-${bet.transactionId}`,
              roundId: seat.roundId,
              referenceTransactionId: bet.transactionId,
            },
          })) && delivered;
      return { ...base, outcome: 'refund', returned: base.stake, settlementPending: !delivered };
    }
    const delivered = await deps.rounds.owe({
      kind: 'win',
      input: {
        token: seat.token,
        transactionId: `win-${seat.roundId}`,
        roundId: seat.roundId,
        amount: toDecimal(settled, seat.currency),
        currency: seat.currency,
        roundClosed: true,
      },
    });
    return {
      ...base,
      outcome: settled > 0n ? 'win' : 'loss',
      returned: toDecimal(settled, seat.currency),
      settlementPending: !delivered,
    };
  };

  const close = async (key: string) => {
    const table = tables.get(key);
    if (!table) return;
    const round = table.current;
    round.closed = true;
    try {
      // Bets already sent are answered before the result.
      await Promise.allSettled([...round.seats.values()].flatMap((seat) => [...seat.inFlight]));
      // Dealt once: a round dealt before a restart is settled with its result again.
      round.result ??= deps.game.deal(round.offer);
      persist();
      const seats = [...round.seats.entries()];
      const settlements = await Promise.all(seats.map(([, seat]) => settleSeat(round, seat)));
      table.settled = new Map(
        seats.flatMap(([token], index) => (settlements[index] ? [[token, settlements[index]]] : [])),
      );
      table.history = [{ no: round.no, result: round.result }, ...table.history].slice(0, HISTORY);
    } finally {
      // A table nobody watched for two rounds and nobody played at stops; the next visit opens it again. Any other
      // table goes on to its next round, whatever happened to this one.
      if (round.seats.size === 0 && now() - table.lastSeen > 2 * deps.roundMs) tables.delete(key);
      else {
        table.current = openRound(round.no + 1);
        schedule(key, table);
      }
      persist();
    }
  };

  const schedule = (key: string, table: Table<Spot, Offer, Result>) => {
    table.timer = setTimeout(
      () => {
        const done = close(key).finally(() => settling.delete(done));
        settling.add(done);
      },
      Math.max(0, table.current.closesAt - now()),
    );
    table.timer.unref();
  };

  const tableOf = (key: string): Table<Spot, Offer, Result> => {
    let table = tables.get(key);
    if (!table) {
      table = { current: openRound(1), history: [], settled: new Map(), lastSeen: now(), timer: null };
      tables.set(key, table);
      schedule(key, table);
      persist();
    }
    table.lastSeen = now();
    return table;
  };

  /** Runs a call and what follows its answer as one step the round's settlement waits for. */
  const track = <T>(seat: Seat<Spot>, step: () => Promise<T>): Promise<T> => {
    const running = step();
    seat.inFlight.add(running);
    return running.finally(() => seat.inFlight.delete(running));
  };

  // A restart: every table's round as saved, closed at its time (at once when past, or when dealt already). A bet
  // sent but never answered before the restart is rolled back before the round settles, and left out of it.
  const saved = store.load() as SavedTables<Spot, Offer, Result> | null;
  for (const entry of saved?.tables ?? []) {
    const seats = new Map<string, Seat<Spot>>();
    for (const kept of entry.current.seats) {
      const seat: Seat<Spot> = { ...kept, bets: kept.bets.filter((bet) => bet.confirmed), inFlight: new Set() };
      for (const bet of kept.bets.filter((candidate) => !candidate.confirmed))
        void track(seat, () =>
          deps.rounds.owe({
            kind: 'rollback',
            input: {
              token: seat.token,
              transactionId: `rollback-${bet.transactionId}`,
              roundId: seat.roundId,
              referenceTransactionId: bet.transactionId,
            },
          }),
        );
      seats.set(seat.token, seat);
    }
    const table: Table<Spot, Offer, Result> = {
      current: { ...entry.current, closed: entry.current.result !== undefined, seats },
      history: entry.history,
      settled: new Map(entry.settled),
      lastSeen: now(),
      timer: null,
    };
    tables.set(entry.key, table);
    schedule(entry.key, table);
  }
  if (saved) persist();

  return {
    /** The table's round, results and this player's seat, as its page shows them. */
    view: (key: string, token: string) => {
      const table = tableOf(key);
      const round = table.current;
      const seat = round.seats.get(token);
      return {
        round: {
          no: round.no,
          closesInMs: Math.max(0, round.closesAt - now()),
          roundMs: deps.roundMs,
          betting: !round.closed,
          offer: round.offer,
        },
        history: table.history,
        seat: seat
          ? {
              roundId: seat.roundId,
              bets: seat.bets
                .filter((bet) => bet.confirmed)
                .map((bet) => ({ spot: bet.spot, stake: toDecimal(bet.stake, seat.currency) })),
              tips: toDecimal(seat.tips, seat.currency),
            }
          : null,
        settled: table.settled.get(token) ?? null,
      };
    },

    /** A bet on a spot of the open round: the platform's `bet` in the player's round of it. */
    bet: async (key: string, input: { token: string; currency: string; spot: Spot; stake: bigint }) => {
      const round = tableOf(key).current;
      if (round.closed || round.closesAt <= now()) throw new TableRefusal('betting_closed');
      let seat = round.seats.get(input.token);
      if (!seat) {
        seat = {
          token: input.token,
          currency: input.currency,
          roundId: `${deps.prefix}-${round.no}-${randomUUID()}`,
          bets: [],
          tips: 0n,
          inFlight: new Set(),
        };
        round.seats.set(input.token, seat);
      }
      const placed = seat;
      const entry: Bet<Spot> = {
        transactionId: `bet-${randomUUID()}`,
        spot: input.spot,
        stake: input.stake,
        confirmed: false,
      };
      placed.bets.push(entry);
      persist();
      const forget = () => {
        placed.bets.splice(placed.bets.indexOf(entry), 1);
        persist();
      };
      const call = {
        token: input.token,
        transactionId: entry.transactionId,
        roundId: seat.roundId,
        amount: toDecimal(input.stake, seat.currency),
        currency: seat.currency,
      };
      try {
        const answer = await track(placed, async () => {
          try {
            const taken = await deps.wallet.bet(call);
            entry.confirmed = true;
            persist();
            return taken;
          } catch (error) {
            forget();
            throw error;
          }
        });
        return { balance: answer.balance, roundNo: round.no, roundId: seat.roundId };
      } catch (error) {
        if (error instanceof WalletUnavailable)
          // The bet may or may not have been taken: undo it, now or later.
          await deps.rounds.owe({
            kind: 'rollback',
            input: {
              token: input.token,
              transactionId: `rollback-${call.transactionId}`,
              roundId: seat.roundId,
              referenceTransactionId: call.transactionId,
            },
          });
        throw error;
      }
    },

    /** A tip to the dealer in the player's round of the table (it needs a bet in it): the platform's `tip`. */
    tip: async (key: string, input: { token: string; amount: bigint }) => {
      const seat = tableOf(key).current.seats.get(input.token);
      if (!seat?.bets.some((bet) => bet.confirmed)) throw new TableRefusal('tip_needs_bet');
      const answer = await track(seat, async () => {
        const taken = await deps.wallet.tip({
          token: input.token,
          transactionId: `tip-${randomUUID()}`,
          roundId: seat.roundId,
          amount: toDecimal(input.amount, seat.currency),
          currency: seat.currency,
        });
        seat.tips += input.amount;
        persist();
        return taken;
      });
      return { balance: answer.balance };
    },

    /** Stops every table's timer and waits for settlements under way. */
    stop: async () => {
      for (const table of tables.values()) if (table.timer) clearTimeout(table.timer);
      tables.clear();
      await Promise.allSettled([...settling]);
    },
  };
};

export type TableRunner<Spot extends string, Offer, Result> = ReturnType<typeof createTableRunner<Spot, Offer, Result>>;
