import { randomUUID } from 'node:crypto';
import { memoryStore, type StateStore } from './store';
import { type WalletClient, WalletRefusal, WalletUnavailable } from './wallet-client';

/** Minor-unit digits of a currency (USD 2, JPY 0), as the runtime's Intl data knows them. */
const digitsOf = (currency: string): number => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

export const toDecimal = (minor: bigint, currency: string): string => {
  const digits = digitsOf(currency);
  const text = minor.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

export const toMinor = (decimal: string, currency: string): bigint => {
  const digits = digitsOf(currency);
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0').slice(0, digits) || '0');
};

/** Play money of a free-play token: it never reaches the platform's wallet. */
export const FUN_START_BALANCE = 1000_00n;

export interface RoundResult<T> {
  roundId: string;
  outcome: T;
  stake: string;
  win: string;
  balance: string;
  currency: string;
  /** The win could not be delivered yet; it is retried in the background until the platform takes it. */
  settlementPending: boolean;
}

type Pending =
  | { kind: 'win'; input: Parameters<WalletClient['win']>[0] }
  | { kind: 'rollback'; input: Parameters<WalletClient['rollback']>[0] };

/**
 * What the runner keeps across restarts (decision 0167): each round whose bet was sent but not yet decided
 * (`betting`), and each win or rollback owed to the platform (`owed`, saved before it is sent).
 */
type Journal =
  | { id: string; state: 'betting'; token: string; roundId: string; betTransactionId: string }
  | { id: string; state: 'owed'; item: Pending };

interface SavedRounds {
  version: 1;
  journal: Journal[];
}

/** The rollback of a round's bet (its transaction id derived from the round's, so a repeat is the same call). */
const rollbackOf = (token: string, roundId: string, betTransactionId: string): Pending => ({
  kind: 'rollback',
  input: { token, transactionId: `rollback-${roundId}`, roundId, referenceTransactionId: betTransactionId },
});

/**
 * Runs rounds against the platform: bet, decide, win. A bet whose fate is unknown (no definitive answer after every
 * retry) is rolled back; a win or rollback that cannot be delivered now is kept and retried until it is, since the
 * platform accepts both after the game token expired. With a store, every round under way and every owed call is
 * kept across a restart: a round whose bet went out but was never decided is rolled back after the restart, and an
 * owed call is sent again with the same body.
 */
export const createRoundRunner = (deps: {
  wallet: WalletClient;
  log: { warn: (details: object, message: string) => void };
  retryEveryMs?: number;
  store?: StateStore;
  /** Told of every real round decided (a tournament counts it). */
  onDecided?: (round: { token: string; gameCode: string; currency: string; stake: bigint; win: bigint }) => void;
}) => {
  const store = deps.store ?? memoryStore;
  const funBalances = new Map<string, bigint>();
  const journal = new Map<string, Journal>();
  /** Owed calls being sent right now (the timer leaves them alone). */
  const sending = new Set<string>();
  const persist = () => store.save({ version: 1, journal: [...journal.values()] } satisfies SavedRounds);

  // A restart: every undecided round's bet is rolled back, every owed call sent again by the timer.
  const saved = store.load() as SavedRounds | null;
  for (const entry of saved?.journal ?? []) {
    const owed =
      entry.state === 'betting'
        ? { state: 'owed' as const, item: rollbackOf(entry.token, entry.roundId, entry.betTransactionId) }
        : entry;
    const id = owed.item.input.transactionId;
    journal.set(id, { id, state: 'owed', item: owed.item });
  }
  if (saved) persist();

  const deliver = async (item: Pending): Promise<boolean> => {
    try {
      if (item.kind === 'win') await deps.wallet.win(item.input);
      else await deps.wallet.rollback(item.input);
      return true;
    } catch (error) {
      if (error instanceof WalletRefusal) {
        // Definitive: the platform has an answer for this transaction (bet_not_found for a bet it never took).
        deps.log.warn(
          { kind: item.kind, code: error.code, transactionId: item.input.transactionId },
          'settlement refused',
        );
        return true;
      }
      return false;
    }
  };

  /** Saves the call as owed, sends it, and forgets it once the platform answered; true when it did. */
  const owe = async (item: Pending): Promise<boolean> => {
    const id = item.input.transactionId;
    journal.set(id, { id, state: 'owed', item });
    persist();
    sending.add(id);
    try {
      if (!(await deliver(item))) return false;
      journal.delete(id);
      persist();
      return true;
    } finally {
      sending.delete(id);
    }
  };

  const owedNow = () =>
    [...journal.values()].filter(
      (entry): entry is Extract<Journal, { state: 'owed' }> => entry.state === 'owed' && !sending.has(entry.id),
    );

  const retryPending = async () => {
    for (const entry of owedNow()) await owe(entry.item);
  };
  const timer = setInterval(() => void retryPending(), deps.retryEveryMs ?? 5_000);
  timer.unref();

  return {
    pendingCount: () => [...journal.values()].filter((entry) => entry.state === 'owed').length,
    retryPending,
    /** Delivers a win or rollback now, or keeps it and sends it again until the platform takes it (false then). */
    owe,
    stop: () => clearInterval(timer),

    funBalance: (token: string) => funBalances.get(token) ?? FUN_START_BALANCE,

    play: async <T>(input: {
      token: string;
      mode: 'real' | 'fun';
      currency: string;
      stake: bigint;
      /** The game's code, when a tournament may count the round. */
      gameCode?: string;
      decide: () => { outcome: T; win: bigint };
    }): Promise<RoundResult<T>> => {
      const roundId = randomUUID();
      const { currency } = input;
      if (input.mode === 'fun') {
        const balance = funBalances.get(input.token) ?? FUN_START_BALANCE;
        if (input.stake > balance)
          throw new WalletRefusal('insufficient_funds', 400, { balance: toDecimal(balance, currency) });
        const { outcome, win } = input.decide();
        const after = balance - input.stake + win;
        funBalances.set(input.token, after);
        return {
          roundId,
          outcome,
          stake: toDecimal(input.stake, currency),
          win: toDecimal(win, currency),
          balance: toDecimal(after, currency),
          currency,
          settlementPending: false,
        };
      }
      const bet = {
        token: input.token,
        transactionId: `bet-${roundId}`,
        roundId,
        amount: toDecimal(input.stake, currency),
        currency,
      };
      // Saved before the bet goes out: a restart before the round is decided rolls the bet back.
      journal.set(roundId, {
        id: roundId,
        state: 'betting',
        token: input.token,
        roundId,
        betTransactionId: bet.transactionId,
      });
      persist();
      let afterBet: string;
      try {
        afterBet = (await deps.wallet.bet(bet)).balance;
      } catch (error) {
        journal.delete(roundId);
        if (error instanceof WalletUnavailable)
          // The bet may or may not have been taken: undo it, now or later.
          await owe(rollbackOf(input.token, roundId, bet.transactionId));
        else persist();
        throw error;
      }
      const { outcome, win } = input.decide();
      const winCall = {
        token: input.token,
        transactionId: `win-${roundId}`,
        roundId,
        amount: toDecimal(win, currency),
        currency,
        roundClosed: true,
      };
      // The decision replaces the bet's entry: from here the win is owed until the platform takes it.
      journal.delete(roundId);
      if (input.gameCode)
        deps.onDecided?.({ token: input.token, gameCode: input.gameCode, currency, stake: input.stake, win });
      const winId = winCall.transactionId;
      journal.set(winId, { id: winId, state: 'owed', item: { kind: 'win', input: winCall } });
      persist();
      sending.add(winId);
      try {
        const answer = await deps.wallet.win(winCall);
        journal.delete(winId);
        persist();
        return {
          roundId,
          outcome,
          stake: bet.amount,
          win: winCall.amount,
          balance: answer.balance,
          currency,
          settlementPending: false,
        };
      } catch (error) {
        if (!(error instanceof WalletUnavailable)) {
          journal.delete(winId);
          persist();
          throw error;
        }
        // Kept as owed: the timer sends it again until the platform takes it.
        return {
          roundId,
          outcome,
          stake: bet.amount,
          win: winCall.amount,
          balance: toDecimal(toMinor(afterBet, currency) + win, currency),
          currency,
          settlementPending: true,
        };
      } finally {
        sending.delete(winId);
      }
    },
  };
};

export type RoundRunner = ReturnType<typeof createRoundRunner>;
