import { randomUUID } from 'node:crypto';
import { toDecimal, toMinor } from './rounds';
import {
  type BetOutcome,
  betOutcome,
  cashoutPrice,
  type Fixture,
  type FixtureResult,
  fixturesOf,
  type Leg,
  legState,
  MAX_LEGS,
  marketOf,
  type Pick,
  potentialPayout,
  SPORTS_MAX_PAYOUT,
  SPORTS_MAX_STAKE,
  SPORTS_MIN_STAKE,
  type Sport,
} from './sportsbook-maths';
import { memoryStore, type StateStore } from './store';
import { type WalletClient, WalletRefusal, WalletUnavailable } from './wallet-client';

/**
 * The sportsbook's book (decision 0130): fixtures and bets, kept in its store across restarts (decision 0136), and
 * the wallet calls that
 * bring the platform's round of each bet to where the bet stands. Each bet is its own round: a `bet` when placed,
 * then (as results are entered by the provider's operator) a `win` with its payout (0 when lost), a `resettle` when
 * a result is corrected, a `void` (or a `rollback` while still open) when every leg was voided, or a `cashout` when
 * the member takes the offer. A call whose fate is unknown is kept and sent again with the same body until the
 * platform answers it; nothing else is sent for that bet meanwhile.
 */

/** What the platform has of a bet's round, as far as its answers told. */
export type PlatformState =
  | { kind: 'open' }
  | { kind: 'settled'; payout: bigint }
  | { kind: 'void' }
  | { kind: 'rolled_back' }
  | { kind: 'cashed_out'; payout: bigint };

type Call =
  | { action: 'win'; body: Parameters<WalletClient['win']>[0] }
  | { action: 'resettle'; body: Parameters<WalletClient['resettle']>[0] }
  | { action: 'void'; body: Parameters<WalletClient['void']>[0] }
  | { action: 'rollback'; body: Parameters<WalletClient['rollback']>[0] }
  | { action: 'cashout'; body: Parameters<WalletClient['cashout']>[0] };

export interface Bet {
  id: string;
  gameCode: string;
  token: string;
  currency: string;
  stake: bigint;
  legs: Leg[];
  placedAt: string;
  platform: PlatformState;
  /** A call sent whose answer has not come yet, and the state it leads to. */
  owed: { call: Call; leadsTo: PlatformState } | null;
  /** Resettlements sent (each a new transaction id). */
  corrections: number;
  /** A definitive refusal that stopped the bet's settlement (logged; the operator sees it). */
  refused: string | null;
  /** Calls of this bet one after another. */
  chain: Promise<unknown>;
}

/** The book as its store keeps it: every game's fixtures with their results, and every bet but its call chain. */
interface SavedBook {
  version: 1;
  games: { gameCode: string; entries: FixtureEntry[] }[];
  bets: Omit<Bet, 'chain'>[];
}

interface FixtureEntry {
  fixture: Fixture;
  gameCode: string;
  sport: Sport;
  result: FixtureResult | null;
}

/** A refusal shown to the member or the operator (a code of the page's dictionary). */
export class SportsbookRefusal extends Error {
  override name = 'SportsbookRefusal';
  constructor(
    readonly code: string,
    readonly value: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** How many games' books one provider process keeps (the demo catalogue has 18 sports and e-sports games). */
export const MAX_GAMES = 1_000;

/** The catalogue's e-sports games have codes like `IMES-E001`; every other code opens football. */
export const sportOf = (gameCode: string): Sport => (/-E\d+$/.test(gameCode) ? 'esports' : 'sports');

export const createSportsbook = (deps: {
  wallet: WalletClient;
  log: { warn: (details: object, message: string) => void };
  retryEveryMs: number;
  now?: () => Date;
  /** Where the book is kept across restarts; in memory only without one. */
  store?: StateStore;
}) => {
  const now = deps.now ?? (() => new Date());
  const store = deps.store ?? memoryStore;
  const games = new Map<string, FixtureEntry[]>();
  const fixtures = new Map<string, FixtureEntry>();
  const bets = new Map<string, Bet>();

  // The book saved before a restart: its fixtures, results and bets, each bet's owed call sent again by the timer.
  const saved = store.load() as SavedBook | null;
  if (saved) {
    for (const { gameCode, entries } of saved.games) {
      games.set(gameCode, entries);
      for (const entry of entries) fixtures.set(entry.fixture.id, entry);
    }
    for (const bet of saved.bets) bets.set(bet.id, { ...bet, chain: Promise.resolve() });
  }

  /** Saves the whole book: after every change, and before a call is sent (so a restart sends it again). */
  const persist = () =>
    store.save({
      version: 1,
      games: [...games].map(([gameCode, entries]) => ({ gameCode, entries })),
      bets: [...bets.values()].map(({ chain: _chain, ...bet }) => bet),
    } satisfies SavedBook);

  const fixturesOfGame = (gameCode: string): FixtureEntry[] => {
    let entries = games.get(gameCode);
    if (!entries) {
      // Any well-formed code opens a book; a bound keeps made-up codes from growing the memory without end.
      if (games.size >= MAX_GAMES) throw new SportsbookRefusal('game_invalid');
      const sport = sportOf(gameCode);
      entries = fixturesOf(gameCode, sport, now()).map((fixture) => ({ fixture, gameCode, sport, result: null }));
      games.set(gameCode, entries);
      for (const entry of entries) fixtures.set(entry.fixture.id, entry);
      persist();
    }
    return entries;
  };

  const target = (bet: Bet): BetOutcome =>
    betOutcome(
      bet.stake,
      bet.legs.map((leg) => ({
        odds: leg.odds,
        state: legState(leg.pick, fixtures.get(leg.fixtureId)?.result ?? null),
      })),
    );

  const legsWithState = (bet: Bet) =>
    bet.legs.map((leg) => ({ ...leg, state: legState(leg.pick, fixtures.get(leg.fixtureId)?.result ?? null) }));

  /** The next call that brings the platform's round to the bet's outcome, or null when it is there. */
  const nextCall = (bet: Bet): { call: Call; leadsTo: PlatformState } | null => {
    const wanted = target(bet);
    const { platform } = bet;
    const base = { token: bet.token, roundId: bet.id };
    const money = (amount: bigint) => ({ amount: toDecimal(amount, bet.currency), currency: bet.currency });
    if (platform.kind === 'open') {
      if (wanted.kind === 'settled')
        return {
          call: {
            action: 'win',
            body: { ...base, transactionId: `sb-win-${bet.id}`, ...money(wanted.payout), roundClosed: true },
          },
          leadsTo: wanted,
        };
      if (wanted.kind === 'void')
        return {
          call: {
            action: 'rollback',
            body: { ...base, transactionId: `sb-rollback-${bet.id}`, referenceTransactionId: `sb-bet-${bet.id}` },
          },
          leadsTo: { kind: 'rolled_back' },
        };
      return null;
    }
    if (platform.kind === 'settled') {
      if (wanted.kind === 'settled' && wanted.payout !== platform.payout)
        return {
          call: {
            action: 'resettle',
            body: { ...base, transactionId: `sb-resettle-${bet.id}-${bet.corrections + 1}`, ...money(wanted.payout) },
          },
          leadsTo: wanted,
        };
      if (wanted.kind === 'void')
        return { call: { action: 'void', body: { ...base, transactionId: `sb-void-${bet.id}` } }, leadsTo: wanted };
    }
    // Cashed out, voided and rolled back rounds are final (decision 0130).
    return null;
  };

  const send = (call: Call) => {
    switch (call.action) {
      case 'win':
        return deps.wallet.win(call.body);
      case 'resettle':
        return deps.wallet.resettle(call.body);
      case 'void':
        return deps.wallet.void(call.body);
      case 'rollback':
        return deps.wallet.rollback(call.body);
      case 'cashout':
        return deps.wallet.cashout(call.body);
    }
  };

  /** Delivers what the bet owes, then every next call, until the platform is where the bet stands or a call fails. */
  const advance = async (bet: Bet): Promise<void> => {
    for (;;) {
      if (bet.refused) return;
      const step = bet.owed ?? nextCall(bet);
      if (!step) return;
      bet.owed = step;
      persist();
      try {
        await send(step.call);
        if (step.call.action === 'resettle') bet.corrections += 1;
        bet.platform = step.leadsTo;
        bet.owed = null;
        persist();
      } catch (error) {
        if (error instanceof WalletUnavailable) return; // sent again by the timer
        if (!(error instanceof WalletRefusal)) throw error;
        bet.owed = null;
        if (error.code === 'round_already_settled' && (step.call.action === 'win' || step.call.action === 'cashout')) {
          // The platform closed the round with no win (its round timeout): correct it from there.
          bet.platform = { kind: 'settled', payout: 0n };
          persist();
          continue;
        }
        bet.refused = error.code;
        persist();
        deps.log.warn({ betId: bet.id, action: step.call.action, code: error.code }, 'sportsbook call refused');
        return;
      }
    }
  };

  /** Runs work on a bet after whatever is under way on it. */
  const onBet = <T>(bet: Bet, work: () => Promise<T>): Promise<T> => {
    const next = bet.chain.then(work, work);
    bet.chain = next.catch(() => {});
    return next;
  };

  const retryOwed = async () => {
    await Promise.all(
      [...bets.values()].filter((bet) => bet.owed || nextCall(bet)).map((bet) => onBet(bet, () => advance(bet))),
    );
  };
  const timer = setInterval(() => void retryOwed(), deps.retryEveryMs);
  timer.unref();

  const stateOf = (bet: Bet) => {
    if (bet.platform.kind !== 'open') return bet.platform.kind;
    const wanted = target(bet);
    return wanted.kind === 'open' ? 'open' : 'settling';
  };

  const view = (bet: Bet) => {
    const open = bet.platform.kind === 'open' && !bet.owed && target(bet).kind === 'open';
    const payout = 'payout' in bet.platform ? bet.platform.payout : null;
    return {
      id: bet.id,
      gameCode: bet.gameCode,
      placedAt: bet.placedAt,
      currency: bet.currency,
      stake: toDecimal(bet.stake, bet.currency),
      potential: toDecimal(
        potentialPayout(
          bet.stake,
          bet.legs.map((leg) => leg.odds),
        ),
        bet.currency,
      ),
      state: stateOf(bet),
      payout: payout === null ? null : toDecimal(payout, bet.currency),
      cashout: open ? toDecimal(cashoutPrice(bet.stake, legsWithState(bet)), bet.currency) : null,
      refused: bet.refused,
      legs: legsWithState(bet).map((leg) => {
        const fixture = fixtures.get(leg.fixtureId)?.fixture;
        return {
          fixtureId: leg.fixtureId,
          home: fixture?.home ?? '',
          away: fixture?.away ?? '',
          pick: leg.pick,
          odds: leg.odds,
          state: leg.state,
        };
      }),
    };
  };

  const fixtureView = (entry: FixtureEntry) => ({ ...entry.fixture, sport: entry.sport, result: entry.result });

  return {
    stop: () => clearInterval(timer),
    retryOwed,
    owedCount: () => [...bets.values()].filter((bet) => bet.owed).length,

    fixtures: (gameCode: string) => fixturesOfGame(gameCode).map(fixtureView),

    /** Every fixture of every game opened so far, with the bets on it (the operator's page). */
    allFixtures: () =>
      [...fixtures.values()].map((entry) => ({
        ...fixtureView(entry),
        gameCode: entry.gameCode,
        bets: [...bets.values()].filter((bet) => bet.legs.some((leg) => leg.fixtureId === entry.fixture.id)).length,
      })),

    bets: (token: string) =>
      [...bets.values()]
        .filter((bet) => bet.token === token)
        .reverse()
        .map(view),

    place: async (input: {
      token: string;
      currency: string;
      gameCode: string;
      stake: bigint;
      picks: { fixtureId: string; pick: Pick }[];
    }) => {
      const known = fixturesOfGame(input.gameCode);
      if (input.picks.length === 0 || input.picks.length > MAX_LEGS) throw new SportsbookRefusal('picks_invalid');
      if (new Set(input.picks.map((p) => p.fixtureId)).size !== input.picks.length)
        throw new SportsbookRefusal('picks_invalid');
      const legs: Leg[] = [];
      for (const { fixtureId, pick } of input.picks) {
        const entry = known.find((candidate) => candidate.fixture.id === fixtureId);
        const odds = entry?.fixture.odds[pick];
        if (!entry || !odds) throw new SportsbookRefusal('picks_invalid');
        if (entry.result !== null) throw new SportsbookRefusal('fixture_closed');
        legs.push({ fixtureId, pick, odds, market: marketOf(entry.fixture) });
      }
      if (input.stake < SPORTS_MIN_STAKE || input.stake > SPORTS_MAX_STAKE)
        throw new SportsbookRefusal('stake_invalid', {
          min: toDecimal(SPORTS_MIN_STAKE, input.currency),
          max: toDecimal(SPORTS_MAX_STAKE, input.currency),
        });
      if (
        potentialPayout(
          input.stake,
          legs.map((leg) => leg.odds),
        ) > SPORTS_MAX_PAYOUT
      )
        throw new SportsbookRefusal('payout_too_large', { max: toDecimal(SPORTS_MAX_PAYOUT, input.currency) });
      const id = `sb-${randomUUID()}`;
      const bet: Bet = {
        id,
        gameCode: input.gameCode,
        token: input.token,
        currency: input.currency,
        stake: input.stake,
        legs,
        placedAt: now().toISOString(),
        platform: { kind: 'open' },
        owed: null,
        corrections: 0,
        refused: null,
        chain: Promise.resolve(),
      };
      const body = {
        token: input.token,
        transactionId: `sb-bet-${id}`,
        roundId: id,
        amount: toDecimal(input.stake, input.currency),
        currency: input.currency,
      };
      try {
        const answer = await deps.wallet.bet(body);
        bets.set(id, bet);
        persist();
        return { bet: view(bet), balance: answer.balance };
      } catch (error) {
        if (error instanceof WalletUnavailable) {
          // The stake may have been taken: the bet is given up and its stake returned, now or later.
          bet.platform = { kind: 'rolled_back' };
          bet.owed = {
            call: {
              action: 'rollback',
              body: {
                token: input.token,
                transactionId: `sb-rollback-${id}`,
                roundId: id,
                referenceTransactionId: body.transactionId,
              },
            },
            leadsTo: { kind: 'rolled_back' },
          };
          bets.set(id, bet);
          await onBet(bet, () => advance(bet));
        }
        throw error;
      }
    },

    /** Closes an open bet for its cash-out price, if the member saw that price (`expected`). */
    cashout: async (token: string, betId: string, expected: bigint) => {
      const bet = bets.get(betId);
      if (!bet || bet.token !== token) throw new SportsbookRefusal('bet_not_found');
      return onBet(bet, async () => {
        if (bet.platform.kind !== 'open' || bet.owed || target(bet).kind !== 'open')
          throw new SportsbookRefusal('cashout_unavailable');
        const price = cashoutPrice(bet.stake, legsWithState(bet));
        if (price !== expected)
          throw new SportsbookRefusal('cashout_price_changed', { price: toDecimal(price, bet.currency) });
        bet.owed = {
          call: {
            action: 'cashout',
            body: {
              token,
              transactionId: `sb-cashout-${bet.id}`,
              roundId: bet.id,
              amount: toDecimal(price, bet.currency),
              currency: bet.currency,
            },
          },
          leadsTo: { kind: 'cashed_out', payout: price },
        };
        await advance(bet);
        if (bet.owed) throw new WalletUnavailable('cashout: no answer yet');
        if ((bet.platform as PlatformState).kind !== 'cashed_out')
          throw new SportsbookRefusal(bet.refused ?? 'cashout_unavailable');
        return { bet: view(bet), balance: (await deps.wallet.balance(token).catch(() => null))?.balance ?? null };
      });
    },

    /**
     * The operator enters (or corrects) a fixture's result; every bet on it is brought to where it now stands. A
     * voided fixture is final.
     */
    result: async (fixtureId: string, result: FixtureResult) => {
      const entry = fixtures.get(fixtureId);
      if (!entry) throw new SportsbookRefusal('fixture_not_found');
      if (result !== 'void' && !entry.fixture.odds[result]) throw new SportsbookRefusal('result_invalid');
      if (entry.result === 'void') throw new SportsbookRefusal('fixture_voided');
      entry.result = result;
      persist();
      const affected = [...bets.values()].filter((bet) => bet.legs.some((leg) => leg.fixtureId === fixtureId));
      await Promise.all(affected.map((bet) => onBet(bet, () => advance(bet))));
      return { fixture: fixtureView(entry), bets: affected.map(view) };
    },
  };
};

export type Sportsbook = ReturnType<typeof createSportsbook>;

/** Wire stake to minor units, or null when malformed. */
export const stakeOf = (value: unknown, currency: string): bigint | null =>
  typeof value === 'string' && /^\d{1,6}(\.\d{1,2})?$/.test(value) ? toMinor(value, currency) : null;
