import { randomUUID } from 'node:crypto';
import {
  type CrashBetRequest,
  type CrashRoundEvent,
  formatMinor,
  type RealtimeEventData,
  type RealtimeEventType,
} from '@tessera/contracts';
import {
  CRASH_CAP,
  CRASH_GROWTH_PER_MS,
  CRASH_MIN_TARGET,
  crashCashOutAt,
  crashElapsedAt,
  crashPoint,
  multiplierFromHundredths,
  ZERO_MULTIPLIER,
} from '@tessera/engines';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { presentChain, presentCrashRound, presentHistoryEntry, presentPlayerBet } from './crash.presenter';
import type { CrashChainRow, CrashRepository, CrashRoundRow, LeaderFence } from './crash.repository';
import type { ChainKeeper } from './crash-chain';
import type { InhouseRepository, RoundRow } from './inhouse.repository';
import type { InhouseService } from './inhouse.service';

/** Crashed rounds the page shows in its history strip and fairness panel. */
export const CRASH_HISTORY_SHOWN = 20;
/** Bets listed per round (the players' list); a round with more still settles every one. */
const PLAYERS_SHOWN = 200;
/** Bets settled at once when a round crashes (each in its own transaction). */
const SETTLE_CONCURRENCY = 4;
export const DEFAULT_CHAIN_LENGTH = 100_000;

/** A phase change refused by the leader fence: this process no longer drives the rounds. */
export class LostLeadershipError extends Error {
  override name = 'LostLeadershipError';
}

const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

/**
 * Where a bet cashes out by itself: the member's target, or lower the one at which the merchant's maximum payout
 * is reached (kept apart in the bet, so the member's own choice shows as it was made).
 */
const autoCashOutOf = (bet: RoundRow): number | null => {
  const targets = [bet.params.autoCashOut, bet.params.maxCashOut].filter((t): t is number => typeof t === 'number');
  return targets.length === 0 ? null : Math.min(...targets);
};

const inBatches = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
};

export const createCrashService = (deps: {
  inhouse: InhouseService;
  inhouseRepository: InhouseRepository;
  repository: CrashRepository;
  chains: ChainKeeper;
  /** Sends an event to the merchant's subscribers of topic `crash` (after commit). */
  publish: <T extends RealtimeEventType>(merchantCode: string, type: T, data: RealtimeEventData<T>) => void;
  /** The member's name as others see it (masked). */
  playerName: (memberId: string) => Promise<string>;
  chainLength?: number;
}) => {
  const { inhouse, inhouseRepository, repository, chains, publish } = deps;
  const { internals } = inhouse;
  const chainLength = deps.chainLength ?? DEFAULT_CHAIN_LENGTH;
  const growth = { ratePerMs: CRASH_GROWTH_PER_MS };

  const roundEvent = async (round: CrashRoundRow, chain: CrashChainRow): Promise<CrashRoundEvent> => ({
    serverTime: (await repository.now()).toISOString(),
    growth,
    chain: presentChain(chain),
    round: presentCrashRound(round),
  });

  const chainOf = async (round: CrashRoundRow): Promise<CrashChainRow> => {
    const chain = await repository.chainById(round.chainId);
    if (!chain) throw new Error(`crash round ${round.id} without its chain`);
    return chain;
  };

  const publishRound = async (round: CrashRoundRow, chain?: CrashChainRow): Promise<void> => {
    publish(round.merchantCode, 'crash.round', await roundEvent(round, chain ?? (await chainOf(round))));
  };

  const publishBet = async (bet: RoundRow): Promise<void> => {
    if (bet.crashRoundId === null) return;
    publish(bet.merchantCode, 'crash.bet', {
      roundId: bet.crashRoundId.toString(),
      bet: presentPlayerBet(bet, await deps.playerName(bet.memberId)),
    });
  };

  /** After a bet's transaction committed: the balance push, the settled-round event and the players' list. */
  const afterCommit = async (bet: RoundRow): Promise<void> => {
    internals.announce(bet);
    await publishBet(bet);
  };

  /**
   * Settles an open bet when its round allows it: at its automatic target once the curve passed it, and at the
   * crash (`final`) every bet left, winning at its target if the round reached it, else losing. Returns the
   * settled bet, or null when there was nothing to do (already settled by a cash-out, or not yet due).
   */
  const settleBet = async (
    bet: RoundRow,
    round: { crashPoint: number; final: boolean; elapsedMs: number },
  ): Promise<RoundRow | null> => {
    await internals.prepareAccounts({ ...bet, game: 'crash' });
    const settled = await inhouseRepository.inTransaction(async (client) => {
      const locked = await inhouseRepository.lockRound(client, bet.memberId, bet.id);
      if (locked?.status !== 'open') return false;
      const target = autoCashOutOf(locked);
      const reachable = target !== null && target <= round.crashPoint;
      const wins = reachable && (round.final || round.elapsedMs >= crashElapsedAt(target));
      if (!round.final && !wins) return false;
      await internals.settleOpen(
        client,
        locked,
        locked.params,
        { cashedOutAt: wins ? target : null },
        wins && target !== null ? multiplierFromHundredths(target) : ZERO_MULTIPLIER,
      );
      return true;
    });
    if (!settled) return null;
    const row = await internals.reload(bet.memberId, bet.id);
    await afterCommit(row);
    return row;
  };

  /** A new chain for the merchant, published (stored) before any of its games is played. */
  const newChain = async (merchantCode: string, fence: LeaderFence): Promise<CrashChainRow> => {
    const generated = await chains.generate(chainLength);
    const chain = await repository.insertChain(fence, {
      merchantCode,
      seed: generated.seed,
      length: chainLength,
      terminalHash: generated.terminalHash,
      salt: generated.salt,
    });
    if (!chain) throw new LostLeadershipError('crash chain refused by the leader fence');
    chains.remember(chain.id, generated.checkpoints);
    return chain;
  };

  return {
    growth,

    /** What the crash page loads: the round, its chain, the players' bets, recent points and the caller's bet. */
    state: async (merchant: MerchantContext, member: MemberPrincipal | null) => {
      const [round, history, now] = await Promise.all([
        repository.latestRound(merchant.code),
        repository.history(merchant.code, CRASH_HISTORY_SHOWN),
        repository.now(),
      ]);
      const chain = round ? await chainOf(round) : await repository.latestChain(merchant.code);
      const bets = round ? await repository.roundBets(round.id, PLAYERS_SHOWN) : [];
      const names = new Map<string, string>();
      for (const bet of bets) {
        if (!names.has(bet.memberId)) names.set(bet.memberId, await deps.playerName(bet.memberId));
      }
      return {
        serverTime: now.toISOString(),
        growth,
        chain: chain ? presentChain(chain) : null,
        round: round ? presentCrashRound(round) : null,
        bets: bets.map((bet) => presentPlayerBet(bet, names.get(bet.memberId) ?? '')),
        history: history.map(presentHistoryEntry),
        myBet: member && round ? await repository.memberBet(member.memberId, round.id) : null,
      };
    },

    /** The newest round of a merchant as its `crash.round` event (a new subscriber's snapshot). */
    snapshot: async (merchantCode: string): Promise<CrashRoundEvent | null> => {
      const round = await repository.latestRound(merchantCode);
      return round ? roundEvent(round, await chainOf(round)) : null;
    },

    /**
     * A bet in the open betting window: one ledger debit and the bet row in one transaction, idempotent by the
     * member's key, one bet per member and round. Every bet also cashes out where the merchant's maximum payout
     * is reached (`maxCashOut`); a target of the member's beyond it is refused.
     */
    placeBet: async (merchant: MerchantContext, member: MemberPrincipal, input: CrashBetRequest): Promise<RoundRow> => {
      const { currency } = merchant.settings;
      const limits = await inhouse.limitsFor(merchant, 'crash');
      const stake = internals.parseStake(input.stake, currency, limits);
      const highest = Math.min(CRASH_CAP, Number((limits.maxPayout * 100n) / stake));
      if (highest < CRASH_MIN_TARGET) throw internals.payoutTooLarge(currency, limits);
      if (input.autoCashOut !== null && input.autoCashOut > highest) {
        throw fieldError('autoCashOut', 'inhouse_payout_above_maximum', {
          max: formatMinor(limits.maxPayout, currency),
        });
      }
      const requestHash = internals.hashRequest({ game: 'crash', stake, autoCashOut: input.autoCashOut });
      await internals.prepareAccounts({
        merchantCode: merchant.code,
        currency,
        memberId: member.memberId,
        game: 'crash',
      });

      const replayOf = (existing: RoundRow) => {
        if (existing.requestHash !== requestHash) throw new AppError('idempotency_conflict');
        return { id: existing.id, replayed: true };
      };
      let outcome: { id: string; replayed: boolean };
      try {
        outcome = await inhouseRepository.inTransaction(async (client) => {
          const existing = await inhouseRepository.roundByKey(client, member.memberId, input.idempotencyKey);
          if (existing) return replayOf(existing);
          const round = await repository.lockBettingRound(client, merchant.code);
          if (!round?.isOpen) throw new AppError('crash_betting_closed');
          const bet = { id: randomUUID(), merchantCode: merchant.code, memberId: member.memberId, currency };
          const afterDebit = await internals.debit(client, { ...bet, game: 'crash' }, stake);
          await inhouseRepository.insertRound(client, {
            ...bet,
            game: 'crash',
            clientKey: input.idempotencyKey,
            requestHash,
            status: 'open',
            settled: false,
            stake,
            payout: 0n,
            multiplierNumerator: 0,
            multiplierDenominator: 1,
            params: { autoCashOut: input.autoCashOut, maxCashOut: highest < CRASH_CAP ? highest : null },
            outcome: null,
            seedPairId: null,
            crashRoundId: round.id,
            serverSeedHash: round.terminalHash,
            clientSeed: round.salt,
            nonce: round.gameNumber,
            balanceBefore: afterDebit + stake,
            balanceAfter: null,
          });
          await internals.record(client, { ...bet, game: 'crash' }, { kind: 'opened', stake });
          return { id: bet.id, replayed: false };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'inhouse_rounds_crash_bet_key')) throw new AppError('crash_bet_exists');
        if (!isUniqueViolation(error, 'inhouse_rounds_client_key')) throw error;
        // A twin request with the same key committed first: answer with its bet.
        const twin = await inhouseRepository.roundByKey(inhouseRepository.pool, member.memberId, input.idempotencyKey);
        if (!twin) throw error;
        outcome = replayOf(twin);
      }
      const bet = await internals.reload(member.memberId, outcome.id);
      if (!outcome.replayed) await afterCommit(bet);
      return bet;
    },

    /**
     * Cashes out the member's bet at the multiplier of the database clock now; the client sends no multiplier.
     * Before the start, at or after the crash, or once settled there is nothing to cash out.
     */
    cashOut: async (merchant: MerchantContext, member: MemberPrincipal, betId: string): Promise<RoundRow> => {
      await internals.prepareAccounts({
        merchantCode: merchant.code,
        currency: merchant.settings.currency,
        memberId: member.memberId,
        game: 'crash',
      });
      await inhouseRepository.inTransaction(async (client) => {
        const bet = await inhouseRepository.lockRound(client, member.memberId, betId);
        if (bet?.game !== 'crash' || bet.crashRoundId === null) throw new AppError('not_found');
        if (bet.status !== 'open') throw new AppError('crash_no_open_bet');
        const clock = await repository.roundClock(client, bet.crashRoundId);
        if (!clock || clock.status === 'betting' || clock.elapsedMs === null) throw new AppError('crash_no_open_bet');
        const at = crashCashOutAt(clock.elapsedMs, clock.crashPoint, autoCashOutOf(bet));
        if (at === null) throw new AppError('crash_no_open_bet');
        await internals.settleOpen(client, bet, bet.params, { cashedOutAt: at }, multiplierFromHundredths(at));
      });
      const bet = await internals.reload(member.memberId, betId);
      await afterCommit(bet);
      return bet;
    },

    /** The round loop's steps (crash.driver.ts); each phase change passes the leader fence. */
    rounds: {
      /** Opens the next game of the merchant's chain for bets, making and publishing a new chain when needed. */
      open: async (merchantCode: string, fence: LeaderFence, bettingMs: number): Promise<CrashRoundRow> => {
        const latest = await repository.latestChain(merchantCode);
        const fresh = !latest || latest.lastGame >= latest.length;
        if (latest && fresh) chains.forget(latest.id);
        const chain = fresh ? await newChain(merchantCode, fence) : latest;
        const gameNumber = fresh ? 1 : latest.lastGame + 1;
        const gameHash = await chains.gameHash(chain, gameNumber);
        const round = await repository.insertRound(
          fence,
          { merchantCode, chainId: chain.id, gameNumber, gameHash, crashPoint: crashPoint(gameHash, chain.salt) },
          bettingMs,
        );
        if (!round) throw new LostLeadershipError('crash round refused by the leader fence');
        await publishRound(round, chain);
        return round;
      },

      start: async (round: CrashRoundRow, fence: LeaderFence): Promise<CrashRoundRow> => {
        const started = await repository.startRound(fence, round.id);
        if (!started) throw new LostLeadershipError('crash start refused by the leader fence');
        await publishRound(started);
        return started;
      },

      /** Pays the automatic cash-outs the curve has passed; returns how many it settled. */
      payDueTargets: async (round: CrashRoundRow, elapsedMs: number): Promise<number> => {
        const due = (await repository.openBets(round.id)).filter((bet) => {
          const target = autoCashOutOf(bet);
          return target !== null && target <= round.crashPoint && elapsedMs >= crashElapsedAt(target);
        });
        let settled = 0;
        await inBatches(due, SETTLE_CONCURRENCY, async (bet) => {
          if (await settleBet(bet, { crashPoint: round.crashPoint, final: false, elapsedMs })) settled += 1;
        });
        return settled;
      },

      /** The next automatic target still to pay, in ms after the start (null: none before the crash). */
      nextTargetAt: async (round: CrashRoundRow): Promise<number | null> => {
        const target = await repository.nextAutoTarget(round.id, round.crashPoint);
        return target === null ? null : crashElapsedAt(target);
      },

      /** Crashes the round at its point, reveals its hash, and settles every bet still open. */
      crash: async (round: CrashRoundRow, fence: LeaderFence): Promise<CrashRoundRow> => {
        const crashed = await repository.crashRound(fence, round.id, crashElapsedAt(round.crashPoint));
        if (!crashed) throw new LostLeadershipError('crash end refused by the leader fence');
        await publishRound(crashed);
        return crashed;
      },

      /** Settles what a crashed round left open (also after a leader died between the crash and the payouts). */
      settleCrashed: async (round: CrashRoundRow): Promise<void> => {
        const open = await repository.openBets(round.id);
        const final = { crashPoint: round.crashPoint, final: true, elapsedMs: Number.POSITIVE_INFINITY };
        await inBatches(open, SETTLE_CONCURRENCY, (bet) => settleBet(bet, final));
      },
    },
  };
};

export type CrashService = ReturnType<typeof createCrashService>;
