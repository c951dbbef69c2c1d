import { BET_RECORD_MAX_DAYS } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { BetsRepository, NewRound, Queryable, RebateRoundFilter, RoundKey } from './bets.repository';
import type { BetRoundStatus } from './bets.schema';

const DAY_MS = 86_400_000;

/** Checks a yyyy-MM-dd range: real dates, start not after end, at most BET_RECORD_MAX_DAYS days. */
export const checkDateRange = (startDate: string, endDate: string): void => {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  const real = (text: string, ms: number) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
  if (
    !real(startDate, start) ||
    !real(endDate, end) ||
    start > end ||
    (end - start) / DAY_MS + 1 > BET_RECORD_MAX_DAYS
  ) {
    throw new AppError('date_range_invalid');
  }
};

/**
 * The betting record every game source writes to (docs/ARCHITECTURE.md "Games"). Money moves in the ledger;
 * this is the member's account of rounds: stakes, payouts, status. Each write may join the caller's
 * transaction by passing its client as `db`.
 */
export const createBetsService = (repository: BetsRepository, defaultDb: Queryable) => ({
  /** A stake on a round; the first one opens the round. */
  recordBet: (round: NewRound & { amount: bigint; at?: Date }, db: Queryable = defaultDb) =>
    repository.addBet(db, round, round.amount, round.at ?? new Date()),

  /** A payout on a round (0 allowed); `close` settles it. */
  recordPayout: (key: RoundKey, amount: bigint, options: { close: boolean; at?: Date }, db: Queryable = defaultDb) =>
    repository.addPayout(db, key, amount, options.close, options.at ?? new Date()),

  /** A refunded stake; a round left with no stake is cancelled. */
  recordRefund: (key: RoundKey, amount: bigint, options: { at?: Date } = {}, db: Queryable = defaultDb) =>
    repository.removeBet(db, key, amount, options.at ?? new Date()),

  /** Settles many open rounds of one source at once with their payouts (a lottery draw's tickets). */
  recordPayouts: (
    key: { source: string; provider: string },
    rounds: { roundRefs: string[]; payouts: bigint[] },
    options: { at?: Date } = {},
    db: Queryable = defaultDb,
  ) => repository.closeMany(db, key, rounds, options.at ?? new Date()),

  /** Refunds many open rounds' stakes at once (a cancelled lottery draw's tickets). */
  recordRefunds: (
    key: { source: string; provider: string },
    rounds: { roundRefs: string[]; amounts: bigint[] },
    options: { at?: Date } = {},
    db: Queryable = defaultDb,
  ) => repository.refundMany(db, key, rounds, options.at ?? new Date()),

  /** A round that was staked and settled at once (in-house games). Idempotent by its key: false if known. */
  recordSettledRound: (
    round: NewRound & { betAmount: bigint; payout: bigint; placedAt?: Date; settledAt?: Date },
    db: Queryable = defaultDb,
  ) => {
    const settledAt = round.settledAt ?? new Date();
    return repository.recordSettled(
      db,
      round,
      { betAmount: round.betAmount, payout: round.payout },
      { placedAt: round.placedAt ?? settledAt, settledAt },
    );
  },

  findRound: repository.find,

  /** A member's valid bets in `currency` so far (minor units): the turnover the VIP programme counts. */
  validBetTotal: repository.validBetTotal,

  /** The largest wins of the last `days` days. */
  topWins: (merchantCode: string, options: { gameTypes: readonly string[] | null; limit: number; days: number }) =>
    repository.topWins(merchantCode, new Date(Date.now() - options.days * DAY_MS), options.gameTypes, options.limit),

  history: (
    member: { memberId: string; merchantCode: string },
    filter: { startDate: string; endDate: string; timeZone: string; gameType?: string; status?: BetRoundStatus },
    page: { pageNo: number; pageSize: number },
  ) => {
    checkDateRange(filter.startDate, filter.endDate);
    return repository.history(member.memberId, member.merchantCode, filter, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
    });
  },

  /** Rounds of a set of members (an agent's downline) placed in [from, until), paged, with their totals. */
  roundsOfMembers: (
    filter: Parameters<BetsRepository['roundsOfMembers']>[0],
    page: { pageNo: number; pageSize: number },
  ) => repository.roundsOfMembers(filter, { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize }),

  profit: (
    member: { memberId: string; merchantCode: string },
    filter: { startDate: string; endDate: string; timeZone: string },
  ) => {
    checkDateRange(filter.startDate, filter.endDate);
    return repository.profit(member.memberId, member.merchantCode, filter);
  },

  /** A member's valid bets of settled rounds no rebate has taken yet, per category; marks nothing. */
  notRebatedTurnover: (filter: RebateRoundFilter, db: Queryable = defaultDb) => repository.notRebated(db, filter),

  /**
   * Takes those rounds for a rebate collection, inside the caller's transaction (`db`, required): they are marked
   * with `claimId` and their valid bets returned per category. The caller's rollback unmarks them.
   */
  takeTurnoverForRebate: (filter: RebateRoundFilter & { claimId: string }, db: Queryable) =>
    repository.takeForRebate(db, filter, filter.claimId),
});

export type BetsService = ReturnType<typeof createBetsService>;
