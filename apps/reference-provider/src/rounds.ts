import { randomUUID } from 'node:crypto';
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
 * Runs rounds against the platform: bet, decide, win. A bet whose fate is unknown (no definitive answer after every
 * retry) is rolled back; a win or rollback that cannot be delivered now is kept and retried until it is, since the
 * platform accepts both after the game token expired.
 */
export const createRoundRunner = (deps: {
  wallet: WalletClient;
  log: { warn: (details: object, message: string) => void };
  retryEveryMs?: number;
}) => {
  const funBalances = new Map<string, bigint>();
  const pending: Pending[] = [];

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

  const retryPending = async () => {
    for (const item of pending.splice(0)) if (!(await deliver(item))) pending.push(item);
  };
  const timer = setInterval(() => void retryPending(), deps.retryEveryMs ?? 5_000);
  timer.unref();

  return {
    pendingCount: () => pending.length,
    retryPending,
    /** Delivers a win or rollback now, or keeps it and sends it again until the platform takes it (false then). */
    owe: async (item: Pending): Promise<boolean> => {
      if (await deliver(item)) return true;
      pending.push(item);
      return false;
    },
    stop: () => clearInterval(timer),

    funBalance: (token: string) => funBalances.get(token) ?? FUN_START_BALANCE,

    play: async <T>(input: {
      token: string;
      mode: 'real' | 'fun';
      currency: string;
      stake: bigint;
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
      let afterBet: string;
      try {
        afterBet = (await deps.wallet.bet(bet)).balance;
      } catch (error) {
        if (error instanceof WalletUnavailable) {
          // The bet may or may not have been taken: undo it, now or later.
          const rollback = {
            token: input.token,
            transactionId: `rollback-${roundId}`,
            roundId,
            referenceTransactionId: bet.transactionId,
          };
          if (!(await deliver({ kind: 'rollback', input: rollback })))
            pending.push({ kind: 'rollback', input: rollback });
        }
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
      try {
        const answer = await deps.wallet.win(winCall);
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
        if (!(error instanceof WalletUnavailable)) throw error;
        pending.push({ kind: 'win', input: winCall });
        const expected = toMinor(afterBet, currency) + win;
        return {
          roundId,
          outcome,
          stake: bet.amount,
          win: winCall.amount,
          balance: toDecimal(expected, currency),
          currency,
          settlementPending: true,
        };
      }
    },
  };
};

export type RoundRunner = ReturnType<typeof createRoundRunner>;
