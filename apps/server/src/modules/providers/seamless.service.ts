import { createHash } from 'node:crypto';
import {
  currencyExponent,
  type ErrorCode,
  formatMinor,
  parseMoney,
  type SeamlessPromoReason,
  type SeamlessResult,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction as runInTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { BetsService } from '../bets';
import { GAME_SESSION_TTL_MS, type GameSessionFacts, type GamesService } from '../games';
import type { LedgerService, PreparedMovement } from '../ledger';
import type { LiveSession, ProvidersRepository, SeamlessApplied, SeamlessCall } from './providers.repository';

type Client = pg.PoolClient;
type StakeBody = { token: string; transactionId: string; roundId: string; amount: string; currency: string };
type Session = GameSessionFacts;

const ZERO = /^0+(\.0+)?$/;

/** The most rounds of one provider the timeout job closes in one run (decision 0128); the rest wait a minute. */
export const STALE_ROUND_BATCH = 200;

/** Minor units of a wire amount; `allowZero` for wins. Bad amounts are field errors on `amount`. */
const minorOf = (amount: string, currency: string, allowZero: boolean): bigint => {
  if (allowZero && ZERO.test(amount)) return 0n;
  const parsed = parseMoney(amount, currency);
  if (!parsed.ok) throw new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: parsed.error }] });
  return parsed.minor;
};

/** What a repeat must match: every detail of the call except the token (a retry may carry a newer one). */
const hashOf = (action: string, body: Record<string, unknown>): string => {
  const { token: _token, ...details } = body;
  return createHash('sha256')
    .update(JSON.stringify([action, Object.entries(details).sort(([a], [b]) => a.localeCompare(b))]))
    .digest('hex');
};

/** A refusal recorded for good (a rollback of an unknown bet): committed, then answered. */
class RecordedRefusal {
  constructor(readonly code: ErrorCode) {}
}

/**
 * The seamless wallet (docs/seamless-wallet.md, decisions 0018 and 0023). Each money call is one PostgreSQL
 * transaction: an advisory lock on the bet's transaction id, the round's row lock, the ledger movement, the
 * provider transaction with its answer, the round and the betting record, all committed together. A bet or a
 * win is one statement (seamless_bet, seamless_win); a rollback several on one connection. A repeat of a
 * transaction id answers with the stored first answer; the same id with other details is refused.
 */
export const createSeamlessService = (deps: {
  pool: pg.Pool;
  repository: ProvidersRepository;
  ledger: LedgerService;
  bets: BetsService;
  games: Pick<GamesService, 'sessionFacts'>;
}) => {
  const { pool, repository, ledger, bets, games } = deps;

  /**
   * The session of a real-money token of this provider. Whether it may stake now (balance, bet: unexpired, the
   * member not locked, the merchant enabled) is checked by the statement itself (game_session_live); wins and
   * rollbacks only need the session to exist.
   */
  const sessionFor = async (provider: string, token: string): Promise<Session> => {
    const session = await games.sessionFacts(token);
    if (!session || session.providerCode !== provider || session.mode !== 'real')
      throw new AppError('game_token_invalid');
    return session;
  };

  const SESSION_TTL = `${GAME_SESSION_TTL_MS} milliseconds`;

  const available = async (session: Session, db?: Client): Promise<bigint> =>
    (
      await ledger.balance(
        {
          merchantCode: session.merchantCode,
          currency: session.currency,
          account: { member: session.memberId, wallet: 'main' },
        },
        db,
      )
    ).available;

  const checkCurrency = (session: Session, currency: string) => {
    if (currency !== session.currency) throw new AppError('currency_mismatch');
  };

  /** Runs `work` in a transaction on one client; commits unless it throws (a RecordedRefusal commits, then throws). */
  const inTransaction = async <T>(session: Session, work: (client: Client) => Promise<T>): Promise<T> => {
    // The accounts exist before the transaction starts, so the movement inside it needs no other connection.
    await ledger.prepare({
      merchantCode: session.merchantCode,
      currency: session.currency,
      accounts: [{ member: session.memberId, wallet: 'main' }, { house: 'game_providers' }],
    });
    // A recorded refusal is committed (its answer is stored for a replay), then answered as the refusal.
    const outcome = await runInTransaction(
      pool,
      async (client): Promise<{ refused: false; value: T } | { refused: RecordedRefusal }> => {
        try {
          return { refused: false, value: await work(client) };
        } catch (error) {
          if (error instanceof RecordedRefusal) return { refused: error };
          throw error;
        }
      },
    );
    if (outcome.refused) throw new AppError(outcome.refused.code);
    return outcome.value;
  };

  /** A stored answer for a repeated transaction id, or a refusal when its details differ. */
  const replayOf = async (client: Client, provider: string, transactionId: string, requestHash: string) => {
    const existing = await repository.findTransaction(client, provider, transactionId);
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw new AppError('idempotency_conflict');
    if (existing.outcome !== 'ok')
      throw new AppError(String(existing.response.errorCode ?? 'bet_not_found') as ErrorCode);
    return existing.response as SeamlessResult;
  };

  const lockTransactionId = (client: Client, provider: string, transactionId: string) =>
    client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`seamless:${provider}:${transactionId}`]);

  /** Stores an applied call with its answer (the balance after it), and returns the answer. */
  const recordApplied = async (
    client: Client,
    session: Session,
    call: {
      provider: string;
      kind: 'bet' | 'win' | 'rollback';
      body: { transactionId: string; roundId: string };
      amount: bigint;
      referenceTransactionId: string | null;
      requestHash: string;
      ledgerTransactionId: bigint | null;
    },
  ): Promise<SeamlessResult> => {
    const response: SeamlessResult = {
      balance: formatMinor(await available(session, client), session.currency),
      currency: session.currency,
      transactionId: call.body.transactionId,
      platformTransactionId: call.ledgerTransactionId === null ? null : String(call.ledgerTransactionId),
    };
    await repository.insertTransaction(client, {
      provider: call.provider,
      transactionId: call.body.transactionId,
      kind: call.kind,
      roundId: call.body.roundId,
      merchantCode: session.merchantCode,
      memberId: session.memberId,
      amount: call.amount,
      referenceTransactionId: call.referenceTransactionId,
      requestHash: call.requestHash,
      outcome: 'ok',
      response,
      ledgerTransactionId: call.ledgerTransactionId,
    });
    return response;
  };

  const memberAccountOf = (session: Session) =>
    ledger.memberAccountId(session.merchantCode, session.currency, session.memberId, 'main');

  /** The facts of a one-statement call (seamless_bet, seamless_win). */
  const callOf = async (
    provider: string,
    session: Session,
    body: { transactionId: string; roundId: string },
    requestHash: string,
    amount: bigint,
  ): Promise<SeamlessCall> => ({
    provider,
    transactionId: body.transactionId,
    roundId: body.roundId,
    requestHash,
    merchantCode: session.merchantCode,
    memberId: session.memberId,
    currency: session.currency,
    exponent: currencyExponent(session.currency),
    amount,
    memberAccountId: await memberAccountOf(session),
  });

  /**
   * A bet's, a win's or a cash-out's ledger movement (member `main` ⇄ house `game_providers`), prepared by the ledger
   * for the statement to apply. A cash-out is its own type, `game_cashout` (decision 0133), so the account record
   * and the back office name it. The metadata names the game of the session the call came with.
   */
  const movementOf = (
    provider: string,
    session: Session,
    body: { transactionId: string; roundId: string },
    type: 'game_bet' | 'game_win' | 'game_cashout' | 'game_tip',
    amount: bigint,
  ) => {
    const member = { member: session.memberId, wallet: 'main' } as const;
    const house = { house: 'game_providers' } as const;
    return ledger.prepareTransfer({
      merchantCode: session.merchantCode,
      currency: session.currency,
      type,
      idempotencyKey: `seamless:${provider}:${body.transactionId}`,
      reference: `${provider}:${body.roundId}`,
      metadata: {
        provider,
        roundId: body.roundId,
        transactionId: body.transactionId,
        gameId: session.gameId,
      },
      ...(type === 'game_win' || type === 'game_cashout' ? { from: house, to: member } : { from: member, to: house }),
      amount,
    });
  };

  /**
   * A promotional payout (decision 0126): house `game_providers` → member, type `game_promo`, referenced
   * `{provider}:{reason}:{campaignId}` so the account record shows why it was paid.
   */
  const promoMovementOf = (
    provider: string,
    session: Session,
    body: { transactionId: string; campaignId: string; reason: SeamlessPromoReason },
    amount: bigint,
  ) =>
    ledger.prepareTransfer({
      merchantCode: session.merchantCode,
      currency: session.currency,
      type: 'game_promo',
      idempotencyKey: `seamless:${provider}:${body.transactionId}`,
      reference: `${provider}:${body.reason}:${body.campaignId}`,
      metadata: {
        provider,
        campaignId: body.campaignId,
        reason: body.reason,
        transactionId: body.transactionId,
        gameId: session.gameId,
      },
      from: { house: 'game_providers' },
      to: { member: session.memberId, wallet: 'main' },
      amount,
    });

  /** Tells the member's browser its new balance once a call that moved money has committed. */
  const announced = (session: Session, applied: SeamlessApplied): SeamlessResult => {
    if (applied.moved) ledger.announceBalanceChange(session.merchantCode, [session.memberId]);
    return applied.response;
  };

  const insufficientFunds = async (session: Session): Promise<never> => {
    const balance = await available(session);
    throw new AppError('insufficient_funds', {
      value: { balance: formatMinor(balance, session.currency), currency: session.currency },
    });
  };

  /** A correction of a settled round (resettle, void) in one statement; the difference never overdraws. */
  const corrected = async (
    provider: string,
    body: { token: string; transactionId: string; roundId: string; amount?: string; currency?: string },
    kind: 'resettle' | 'void',
  ): Promise<SeamlessResult> => {
    const session = await sessionFor(provider, body.token);
    if (body.currency !== undefined) checkCurrency(session, body.currency);
    const amount = body.amount === undefined ? 0n : minorOf(body.amount, session.currency, true);
    // The accounts exist before the statement, so it needs no other connection.
    await ledger.prepare({
      merchantCode: session.merchantCode,
      currency: session.currency,
      accounts: [{ member: session.memberId, wallet: 'main' }, { house: 'game_providers' }],
    });
    const applied = await repository.resettle(pool, kind, {
      ...(await callOf(provider, session, body, hashOf(kind, body), amount)),
      houseAccountId: await ledger.houseAccountId(session.merchantCode, session.currency, 'game_providers'),
      gameId: session.gameId,
    });
    return announced(session, applied);
  };

  /** A payout on an open round (win, cash-out): accepted after the game token expired, as it settles a stake taken. */
  const paid = async (
    provider: string,
    body: StakeBody,
    kind: 'win' | 'cashout',
    roundClosed: boolean,
  ): Promise<SeamlessResult> => {
    const session = await sessionFor(provider, body.token);
    checkCurrency(session, body.currency);
    const amount = minorOf(body.amount, session.currency, true);
    const movement =
      amount > 0n
        ? await movementOf(provider, session, body, kind === 'cashout' ? 'game_cashout' : 'game_win', amount)
        : null;
    const call = await callOf(provider, session, body, hashOf(kind, body), amount);
    return announced(session, await repository.pay(pool, kind, { ...call, roundClosed }, movement));
  };

  /**
   * A call that takes money from the member (bet, tip): a live session, the movement prepared by the ledger, one
   * statement; a shortfall answers `insufficient_funds` with the balance.
   */
  const staked = async (
    provider: string,
    body: StakeBody,
    kind: 'bet' | 'tip',
    apply: (session: Session, call: SeamlessCall & LiveSession, movement: PreparedMovement) => Promise<SeamlessApplied>,
  ): Promise<SeamlessResult> => {
    const session = await sessionFor(provider, body.token);
    checkCurrency(session, body.currency);
    const amount = minorOf(body.amount, session.currency, false);
    const movement = await movementOf(provider, session, body, kind === 'bet' ? 'game_bet' : 'game_tip', amount);
    try {
      const call = await callOf(provider, session, body, hashOf(kind, body), amount);
      return announced(
        session,
        await apply(session, { ...call, sessionId: session.id, sessionTtl: SESSION_TTL }, movement),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') return insufficientFunds(session);
      throw error;
    }
  };

  return {
    balance: async (provider: string, body: { token: string }): Promise<SeamlessResult> => {
      const session = await sessionFor(provider, body.token);
      const available = await repository.balance(pool, {
        sessionId: session.id,
        sessionTtl: SESSION_TTL,
        memberAccountId: await memberAccountOf(session),
      });
      return { balance: formatMinor(available, session.currency), currency: session.currency };
    },

    bet: (provider: string, body: StakeBody): Promise<SeamlessResult> =>
      staked(provider, body, 'bet', (session, call, movement) =>
        repository.bet(
          pool,
          { ...call, gameId: session.gameId, gameType: session.gameType, vendorCode: session.vendorCode },
          movement,
        ),
      ),

    win: (
      provider: string,
      body: {
        token: string;
        transactionId: string;
        roundId: string;
        amount: string;
        currency: string;
        roundClosed: boolean;
      },
    ): Promise<SeamlessResult> => paid(provider, body, 'win', body.roundClosed),

    /** A cash-out of an open bet (sports): a payout of the provider's offer that closes the round, marked as such. */
    cashout: (
      provider: string,
      body: { token: string; transactionId: string; roundId: string; amount: string; currency: string },
    ): Promise<SeamlessResult> => paid(provider, body, 'cashout', true),

    /**
     * A promotional payout with no bet (decision 0126): accepted with an expired token of the member's session, as a
     * win is; opens no round and is no turnover; collects the member's open debts first, as every credit does.
     */
    promo: async (
      provider: string,
      body: {
        token: string;
        transactionId: string;
        campaignId: string;
        reason: SeamlessPromoReason;
        amount: string;
        currency: string;
      },
    ): Promise<SeamlessResult> => {
      const session = await sessionFor(provider, body.token);
      checkCurrency(session, body.currency);
      const amount = minorOf(body.amount, session.currency, false);
      const movement = await promoMovementOf(provider, session, body, amount);
      const call = await callOf(
        provider,
        session,
        { transactionId: body.transactionId, roundId: body.campaignId },
        hashOf('promo', body),
        amount,
      );
      return announced(session, await repository.promo(pool, call, movement));
    },

    /**
     * The `seamless_rounds_timeout` job (decision 0128): each provider's open rounds with no call for longer than its
     * round timeout closed with no win, as a provider's `win` of 0 closing the round would (the betting record settled,
     * `bet.settled` emitted once, no money moved), marked as closed by the timeout. At most `limit` per provider; safe
     * beside another run and beside a provider's call (rows locked by either are skipped). How many it closed.
     */
    closeStaleRounds: async (
      timeouts: readonly { provider: string; hours: number }[],
      limit = STALE_ROUND_BATCH,
    ): Promise<number> => {
      let closed = 0;
      for (const { provider, hours } of timeouts)
        closed += (await repository.closeStale(pool, provider, hours, limit)).length;
      return closed;
    },

    /** A tip: money from the member to the house in one of its rounds; needs a live token, like a bet. */
    tip: (provider: string, body: StakeBody): Promise<SeamlessResult> =>
      staked(provider, body, 'tip', (_session, call, movement) => repository.tip(pool, call, movement)),

    /**
     * A resettlement: the settled round's new total payout. Only the difference moves (decision 0117); accepted
     * after the game token expired, like a win.
     */
    resettle: (
      provider: string,
      body: { token: string; transactionId: string; roundId: string; amount: string; currency: string },
    ): Promise<SeamlessResult> => corrected(provider, body, 'resettle'),

    /** A void of a settled round: the stake returned, the payout taken back, through the same path as a resettlement. */
    void: (
      provider: string,
      body: { token: string; transactionId: string; roundId: string },
    ): Promise<SeamlessResult> => corrected(provider, body, 'void'),

    rollback: async (
      provider: string,
      body: { token: string; transactionId: string; roundId: string; referenceTransactionId: string },
    ): Promise<SeamlessResult> => {
      // A rollback returns a stake: it is accepted after the game token expired.
      const session = await sessionFor(provider, body.token);
      const requestHash = hashOf('rollback', body);
      let memberMoved = false;
      const result = await inTransaction(session, async (client) => {
        // The bet's lock: a bet and its rollback arriving together are applied one after the other.
        await lockTransactionId(client, provider, body.referenceTransactionId);
        const replay = await replayOf(client, provider, body.transactionId, requestHash);
        if (replay) return replay;
        const bet = await repository.findTransaction(client, provider, body.referenceTransactionId);
        if (bet?.kind !== 'bet' || bet.roundId !== body.roundId || bet.memberId !== session.memberId) {
          // Remembered, so the bet is refused if it arrives later and a repeat gets the same answer.
          await repository.insertTransaction(client, {
            provider,
            transactionId: body.transactionId,
            kind: 'rollback',
            roundId: body.roundId,
            merchantCode: session.merchantCode,
            memberId: session.memberId,
            amount: 0n,
            referenceTransactionId: body.referenceTransactionId,
            requestHash,
            outcome: 'not_found',
            response: { errorCode: 'bet_not_found' },
            ledgerTransactionId: null,
          });
          throw new RecordedRefusal('bet_not_found');
        }
        const earlier = await repository.findRollbackOf(client, provider, body.referenceTransactionId, 'ok');
        if (earlier) return earlier.response as SeamlessResult;
        const round = await repository.lockRound(client, provider, body.roundId);
        if (!round) throw new AppError('round_not_found');
        if (round.status === 'settled' || round.winTotal > 0n) throw new AppError('round_already_settled');
        const posted = await ledger.transfer(
          {
            merchantCode: session.merchantCode,
            currency: session.currency,
            type: 'game_rollback',
            idempotencyKey: `seamless:${provider}:rollback:${body.referenceTransactionId}`,
            reference: `${provider}:${body.roundId}`,
            metadata: {
              provider,
              roundId: body.roundId,
              transactionId: body.transactionId,
              referenceTransactionId: body.referenceTransactionId,
            },
            from: { house: 'game_providers' },
            to: { member: session.memberId, wallet: 'main' },
            amount: bet.amount,
          },
          client,
        );
        const response = await recordApplied(client, session, {
          provider,
          kind: 'rollback',
          body,
          amount: bet.amount,
          referenceTransactionId: body.referenceTransactionId,
          requestHash,
          ledgerTransactionId: posted.transactionId,
        });
        const left = round.betTotal - bet.amount;
        await repository.updateRound(client, round.id, {
          betDelta: -bet.amount,
          ...(left <= 0n ? { status: 'rolled_back' as const } : {}),
        });
        await bets.recordRefund({ source: 'seamless', provider, roundRef: body.roundId }, bet.amount, {}, client);
        memberMoved = true;
        return response;
      });
      if (memberMoved) ledger.announceBalanceChange(session.merchantCode, [session.memberId]);
      return result;
    },
  };
};

export type SeamlessService = ReturnType<typeof createSeamlessService>;
