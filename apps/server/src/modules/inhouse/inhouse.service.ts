import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { formatMinor, type InhouseGame, type PlaceBet, parseMoney } from '@tessera/contracts';
import {
  CRASH_DECLARED_RTP,
  CRASH_MAX_MULTIPLIER,
  compareMultipliers,
  computePayout,
  createServerSeed,
  DICE_DECLARED_RTP,
  DICE_MAX_MULTIPLIER,
  hashServerSeed,
  KENO_DECLARED_RTP,
  KENO_MAX_MULTIPLIER,
  LIMBO_DECLARED_RTP,
  LIMBO_MAX_MULTIPLIER,
  MINES_DECLARED_RTP,
  MINES_MAX_MULTIPLIER,
  MINES_TILES,
  type Multiplier,
  maxMultiplierOf,
  minesCashOutMultiplier,
  minesOutcome,
  PLINKO_DECLARED_RTP,
  PLINKO_MAX_MULTIPLIER,
  playSeededBet,
  type SeededBet,
  SLOT_DECLARED_RTP,
  SLOT_MAX_MULTIPLIER,
  ZERO_MULTIPLIER,
} from '@tessera/engines';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { BetsService } from '../bets';
import { HOUSE_SHARDS, type LedgerService, type PostingResult } from '../ledger';
import type { InhouseEvents } from './inhouse.events';
import { createInhouseLimits, type Limits, toMinor } from './inhouse.limits';
import type { Client, InhouseRepository, RoundRow, SeedPairRow } from './inhouse.repository';

export const GAME_FACTS: Readonly<Record<InhouseGame, { rtp: number; maxMultiplier: Multiplier }>> = {
  dice: { rtp: DICE_DECLARED_RTP, maxMultiplier: DICE_MAX_MULTIPLIER },
  limbo: { rtp: LIMBO_DECLARED_RTP, maxMultiplier: LIMBO_MAX_MULTIPLIER },
  mines: { rtp: MINES_DECLARED_RTP, maxMultiplier: MINES_MAX_MULTIPLIER },
  plinko: { rtp: PLINKO_DECLARED_RTP, maxMultiplier: PLINKO_MAX_MULTIPLIER },
  keno: { rtp: KENO_DECLARED_RTP, maxMultiplier: KENO_MAX_MULTIPLIER },
  slot: { rtp: SLOT_DECLARED_RTP, maxMultiplier: SLOT_MAX_MULTIPLIER },
  crash: { rtp: CRASH_DECLARED_RTP, maxMultiplier: CRASH_MAX_MULTIPLIER },
};

/** A payout of at least this many major units (and 10x the stake) goes on the winners board. */
export const BIG_WIN_MAJOR = 100;
const REVEALED_PAIRS_SHOWN = 20;
/** Rotations that may overtake one bet or rotation waiting for the member's pair before it answers `conflict`. */
const PAIR_LOCK_ATTEMPTS = 5;
/** The catalogue's vendor of the platform's own games (games module, demo catalogue). */
const IN_HOUSE_PROVIDER = 'TESSERA';
const RECALL_ROUNDS = 10;

const hashRequest = (parts: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(parts, (_, value) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');

/** A fresh client seed for a new member: 16 random hex characters the member may replace. */
const newClientSeed = () => randomBytes(8).toString('hex');

const memberLeg = (posting: PostingResult, sign: 1 | -1) => {
  const leg = posting.postings.find((p) => (sign === 1 ? p.amount > 0n : p.amount < 0n));
  if (!leg) throw new Error('ledger movement without the member leg');
  return leg;
};

const asSeededBet = (input: PlaceBet): SeededBet =>
  input.game === 'mines'
    ? { game: 'mines', params: { mines: input.params.mines, picks: [] } }
    : input.game === 'plinko'
      ? { game: 'plinko', params: { rows: input.params.rows as 8, risk: input.params.risk } }
      : (input as SeededBet);

/** Engines refuse impossible params with RangeError (dice targets leaving no winning roll, for example). */
const checked = <T>(work: () => T): T => {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError) throw fieldError('params', 'field_invalid');
    throw error;
  }
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const createInhouseService = (deps: {
  repository: InhouseRepository;
  ledger: LedgerService;
  events: InhouseEvents;
  /** The betting record (and, through it, the winners board) every round is written to. */
  bets: BetsService;
  /** The catalogue id of an in-house game by its code (null when the catalogue does not list it). */
  catalogueId: (gameCode: string) => Promise<number | null>;
}) => {
  const { repository, ledger, events, bets } = deps;
  const catalogueIds = new Map<string, number | null>();
  const catalogueIdOf = async (game: InhouseGame): Promise<number | null> => {
    if (!catalogueIds.has(game)) catalogueIds.set(game, await deps.catalogueId(game));
    return catalogueIds.get(game) ?? null;
  };

  /**
   * Writes the round to the member's betting record inside the round's transaction: a settled round at once,
   * an open one (mines, crash) as a stake now and its payout when it settles. A game missing from the
   * catalogue has no record (its id is what the record and the winners board name).
   */
  const record = async (
    client: Client,
    round: { id: string; merchantCode: string; memberId: string; currency: string; game: InhouseGame },
    step:
      | { kind: 'settled'; stake: bigint; payout: bigint }
      | { kind: 'opened'; stake: bigint }
      | { kind: 'closed'; payout: bigint }
      | { kind: 'refunded'; stake: bigint },
  ): Promise<void> => {
    const gameId = await catalogueIdOf(round.game);
    if (gameId === null) return;
    const key = { source: 'inhouse', provider: IN_HOUSE_PROVIDER, roundRef: round.id };
    const identity = {
      ...key,
      merchantCode: round.merchantCode,
      memberId: round.memberId,
      gameId,
      gameType: 'INHOUSE' as const,
      vendorCode: IN_HOUSE_PROVIDER,
      currency: round.currency,
      details: { game: round.game },
    };
    if (step.kind === 'settled') {
      await bets.recordSettledRound({ ...identity, betAmount: step.stake, payout: step.payout }, client);
    } else if (step.kind === 'opened') {
      await bets.recordBet({ ...identity, amount: step.stake }, client);
    } else if (step.kind === 'closed') {
      await bets.recordPayout(key, step.payout, { close: true }, client);
    } else {
      await bets.recordRefund(key, step.stake, {}, client);
    }
  };
  const pairsEnsured = new Set<string>();
  const limits = createInhouseLimits(repository);
  const { limitsFor } = limits;

  /** The stake as minor units within the merchant's limits, or the field error naming what is wrong. */
  const parseStake = (text: string, currency: string, limits: Limits): bigint => {
    const parsed = parseMoney(text, currency);
    if (!parsed.ok) throw fieldError('stake', parsed.error);
    const bounds = { min: formatMinor(limits.minStake, currency), max: formatMinor(limits.maxStake, currency) };
    if (parsed.minor < limits.minStake) throw fieldError('stake', 'amount_below_minimum', bounds);
    if (parsed.minor > limits.maxStake) throw fieldError('stake', 'amount_above_maximum', bounds);
    return parsed.minor;
  };

  const payoutTooLarge = (currency: string, limits: Limits) =>
    fieldError('stake', 'inhouse_payout_above_maximum', { max: formatMinor(limits.maxPayout, currency) });

  const ensurePair = async (member: MemberPrincipal): Promise<void> => {
    if (pairsEnsured.has(member.memberId)) return;
    const serverSeed = createServerSeed();
    await repository.ensureActivePair({
      merchantCode: member.merchantCode,
      memberId: member.memberId,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: newClientSeed(),
    });
    pairsEnsured.add(member.memberId);
  };

  /**
   * Nothing inside a bet's transaction may need a second connection (a pool full of transactions waiting for
   * one would never drain): the member's wallet, every shard of the house account and the game's catalogue id
   * are resolved before it opens.
   */
  const prepareAccounts = async (round: {
    merchantCode: string;
    currency: string;
    memberId: string;
    game: InhouseGame;
  }): Promise<void> => {
    await ledger.prepare({
      merchantCode: round.merchantCode,
      currency: round.currency,
      accounts: [{ member: round.memberId, wallet: 'main' }, { house: 'inhouse_games' }],
    });
    await catalogueIdOf(round.game);
  };

  /** The seed pair too, for seeded games. */
  const prepare = async (merchant: MerchantContext, member: MemberPrincipal, game: InhouseGame): Promise<void> => {
    await ensurePair(member);
    await prepareAccounts({
      merchantCode: merchant.code,
      currency: merchant.settings.currency,
      memberId: member.memberId,
      game,
    });
  };

  /**
   * Locks the member's active pair. A rotation committed while this waited for the lock leaves it looking at the
   * retired pair, which no longer matches `active`: the next statement (a fresh snapshot) finds the new pair.
   * A member losing that race every time gets `conflict`, never a 500.
   */
  const lockPair = async (client: Client, member: MemberPrincipal): Promise<SeedPairRow> => {
    for (let attempt = 0; attempt < PAIR_LOCK_ATTEMPTS; attempt += 1) {
      const pair = await repository.lockActivePair(client, member.memberId);
      if (pair) return pair;
    }
    throw new AppError('conflict');
  };

  const balanceOf = async (client: Client, round: { merchantCode: string; currency: string; memberId: string }) =>
    (
      await ledger.balance(
        {
          merchantCode: round.merchantCode,
          currency: round.currency,
          account: { member: round.memberId, wallet: 'main' },
        },
        client,
      )
    ).balance;

  /**
   * A round's stake (member → house) or payout (house → member) inside its transaction, keyed by the round so
   * it applies once; returns the member's balance after it.
   */
  const move = async (
    client: Client,
    round: { id: string; merchantCode: string; memberId: string; currency: string; game: InhouseGame },
    leg: 'stake' | 'payout' | 'refund',
    amount: bigint,
    shard: number,
  ): Promise<bigint> => {
    const member = { member: round.memberId, wallet: 'main' } as const;
    const house = { house: 'inhouse_games', shard } as const;
    const posted = await ledger.transfer(
      {
        merchantCode: round.merchantCode,
        currency: round.currency,
        type: `inhouse.${leg}`,
        idempotencyKey: `inhouse:${round.id}:${leg}`,
        reference: round.id,
        metadata: { game: round.game },
        from: leg === 'stake' ? member : house,
        to: leg === 'stake' ? house : member,
        amount,
      },
      client,
    );
    return memberLeg(posted, leg === 'stake' ? -1 : 1).balanceAfter;
  };
  /**
   * The house shard of one transaction's movements, in turn (decision 0070): every leg of a transaction uses the
   * one shard it was given, so a transaction holds one house row and never waits for a second one (no deadlock),
   * and this process's transactions in flight hold different rows.
   */
  let lastShard = randomInt(HOUSE_SHARDS);
  const shardInTurn = () => {
    lastShard = (lastShard + 1) % HOUSE_SHARDS;
    return lastShard;
  };
  const debit = (client: Client, round: Parameters<typeof move>[1], stake: bigint, shard = shardInTurn()) =>
    move(client, round, 'stake', stake, shard);
  const credit = (client: Client, round: Parameters<typeof move>[1], payout: bigint, shard = shardInTurn()) =>
    move(client, round, 'payout', payout, shard);

  /** After commit: the wallet pushes the new balance, and a settled round goes to the event's listeners. */
  const announce = (round: RoundRow | null): void => {
    if (!round) return;
    ledger.announceBalanceChange(round.merchantCode, [round.memberId]);
    if (round.status !== 'settled' || !round.settledAt) return;
    const bigWin = round.payout >= toMinor(BIG_WIN_MAJOR, round.currency) && round.payout >= round.stake * 10n;
    void events.emit({
      type: 'inhouse.round_settled',
      roundId: round.id,
      merchantCode: round.merchantCode,
      memberId: round.memberId,
      game: round.game,
      currency: round.currency,
      stake: round.stake,
      payout: round.payout,
      bigWin,
      settledAt: round.settledAt,
    });
  };

  /** Locks the member's pair and open mines round; the pair holds the (still secret) server seed. */
  const lockOpenMines = async (client: Client, member: MemberPrincipal, roundId: string) => {
    await lockPair(client, member);
    const round = await repository.lockRound(client, member.memberId, roundId);
    if (round?.game !== 'mines') throw new AppError('not_found');
    if (round.status !== 'open' || !round.seedPairId) throw new AppError('inhouse_round_closed');
    const pair = await repository.pairById(client, round.seedPairId);
    if (!pair) throw new Error('mines round without its seed pair');
    return { round, pair, mines: Number(round.params.mines), picks: (round.params.picks as number[]) ?? [] };
  };

  /** Ends an open round at `multiplier`: pays it, records the final state and closes its betting record. */
  const settleOpen = async (
    client: Client,
    round: RoundRow,
    params: Record<string, unknown>,
    outcome: Record<string, unknown>,
    multiplier: Multiplier,
  ): Promise<void> => {
    const payout = computePayout(round.stake, multiplier);
    const balanceAfter = payout > 0n ? await credit(client, round, payout) : await balanceOf(client, round);
    await repository.updateRound(client, round.id, {
      params,
      status: 'settled',
      outcome,
      payout,
      multiplierNumerator: multiplier.numerator,
      multiplierDenominator: multiplier.denominator,
      balanceAfter,
    });
    await record(client, round, { kind: 'closed', payout });
  };

  /** Reads a round back after its transaction committed. */
  const reload = async (memberId: string, id: string): Promise<RoundRow> => {
    const round = await repository.roundById(repository.pool, memberId, id);
    if (!round) throw new Error('round vanished after commit');
    return round;
  };

  return {
    /** The in-house games as the lobby and each game page show them. */
    games: async (merchant: MerchantContext) => {
      const table = await limits.merchantLimits(merchant);
      return table.map(({ game, minStake, maxStake, maxPayout }) => ({
        game,
        ...GAME_FACTS[game],
        limits: { minStake, maxStake, maxPayout },
      }));
    },

    limitsFor,

    /** The back office's table of the merchant's limits, one row per game. */
    merchantLimits: limits.merchantLimits,

    updateLimits: limits.updateLimits,

    /** The member's active pair (created on first use): never the server seed itself. */
    seeds: async (member: MemberPrincipal) => {
      await ensurePair(member);
      const pair = await repository.activePair(member.memberId);
      if (!pair) throw new AppError('conflict');
      return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
    },

    /**
     * Reveals the active server seed and opens a new pair with the member's client seed (a random one when the
     * member gave none), at nonce 0.
     */
    rotateSeeds: async (member: MemberPrincipal, clientSeed: string = newClientSeed()) => {
      await ensurePair(member);
      const { previous, current } = await repository.inTransaction(async (client) => {
        const pair = await lockPair(client, member);
        if (await repository.openMinesRound(client, member.memberId)) throw new AppError('inhouse_round_open');
        const serverSeed = createServerSeed();
        const next = await repository.rotatePair(client, pair.id, {
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          clientSeed,
        });
        return { previous: pair, current: next };
      });
      return {
        previous: {
          serverSeed: previous.serverSeed,
          serverSeedHash: previous.serverSeedHash,
          clientSeed: previous.clientSeed,
          nonce: previous.nextNonce,
          revealedAt: new Date(),
        },
        current: { serverSeedHash: current.serverSeedHash, clientSeed: current.clientSeed, nonce: current.nextNonce },
      };
    },

    revealedSeeds: (member: MemberPrincipal) => repository.revealedPairs(member.memberId, REVEALED_PAIRS_SHOWN),

    /**
     * One seeded bet in one database transaction: lock the member's pair (serialising the member's bets), answer
     * a replayed key with its first round, draw the outcome at the pair's next nonce, debit the stake, credit the
     * payout, write the round and advance the nonce. Mines opens a round instead of settling it.
     */
    placeBet: async (merchant: MerchantContext, member: MemberPrincipal, input: PlaceBet): Promise<RoundRow> => {
      const { currency } = merchant.settings;
      const limits = await limitsFor(merchant, input.game);
      const stake = parseStake(input.stake, currency, limits);
      const bet = asSeededBet(input);
      const maxMultiplier = checked(() => maxMultiplierOf(bet));
      if (input.game !== 'mines' && computePayout(stake, maxMultiplier) > limits.maxPayout) {
        throw payoutTooLarge(currency, limits);
      }
      if (
        input.game === 'mines' &&
        computePayout(stake, minesCashOutMultiplier(input.params.mines, 1)) > limits.maxPayout
      ) {
        throw payoutTooLarge(currency, limits);
      }
      const requestHash = hashRequest({ game: input.game, stake, params: input.params });
      await prepare(merchant, member, input.game);

      const { id, replayed } = await repository.inTransaction(async (client) => {
        const pair = await lockPair(client, member);
        const existing = await repository.roundByKey(client, member.memberId, input.idempotencyKey);
        if (existing) {
          if (existing.requestHash !== requestHash) throw new AppError('idempotency_conflict');
          return { id: existing.id, replayed: true };
        }
        if (input.game === 'mines' && (await repository.openMinesRound(client, member.memberId))) {
          throw new AppError('inhouse_round_open');
        }
        const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
        const result = checked(() => playSeededBet(seeds, bet));
        const round = {
          id: randomUUID(),
          merchantCode: merchant.code,
          memberId: member.memberId,
          currency,
          game: input.game,
        };
        const shard = shardInTurn();
        const afterDebit = await debit(client, round, stake, shard);
        const open = input.game === 'mines';
        const payout = open ? 0n : computePayout(stake, result.multiplier);
        const balanceAfter = open ? null : payout > 0n ? await credit(client, round, payout, shard) : afterDebit;
        await repository.insertRound(client, {
          ...round,
          clientKey: input.idempotencyKey,
          requestHash,
          status: open ? 'open' : 'settled',
          settled: !open,
          stake,
          payout,
          multiplierNumerator: open ? 0 : result.multiplier.numerator,
          multiplierDenominator: open ? 1 : result.multiplier.denominator,
          params: bet.params as Record<string, unknown>,
          outcome: open ? null : (result.outcome as Record<string, unknown>),
          seedPairId: pair.id,
          crashRoundId: null,
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          nonce: pair.nextNonce,
          balanceBefore: afterDebit + stake,
          balanceAfter,
        });
        await repository.advanceNonce(client, pair.id);
        await record(client, round, open ? { kind: 'opened', stake } : { kind: 'settled', stake, payout });
        return { id: round.id, replayed: false };
      });
      const round = await reload(member.memberId, id);
      if (!replayed) announce(round);
      return round;
    },

    /** Reveals one tile of the member's open mines round. A mine ends it; the last safe tile cashes it out. */
    minesReveal: async (merchant: MerchantContext, member: MemberPrincipal, roundId: string, tile: number) => {
      const limits = await limitsFor(merchant, 'mines');
      await prepare(merchant, member, 'mines');
      const settled = await repository.inTransaction(async (client) => {
        const { round, mines, picks, pair } = await lockOpenMines(client, member, roundId);
        if (picks.includes(tile)) throw new AppError('inhouse_tile_taken');
        const outcome = minesOutcome(
          { serverSeed: pair.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
          { mines, picks: [tile] },
        );
        const nextPicks = [...picks, tile];
        const params = { mines, picks: nextPicks };
        const settledOutcome = { mineTiles: outcome.mineTiles };
        if (outcome.mineTiles.includes(tile)) {
          await settleOpen(client, round, params, settledOutcome, ZERO_MULTIPLIER);
          return true;
        }
        const multiplier = minesCashOutMultiplier(mines, nextPicks.length);
        if (computePayout(round.stake, multiplier) > limits.maxPayout) throw payoutTooLarge(round.currency, limits);
        if (nextPicks.length === MINES_TILES - mines) {
          await settleOpen(client, round, params, settledOutcome, multiplier);
          return true;
        }
        await repository.updateRound(client, round.id, {
          params,
          status: 'open',
          outcome: null,
          payout: 0n,
          multiplierNumerator: multiplier.numerator,
          multiplierDenominator: multiplier.denominator,
          balanceAfter: null,
        });
        return false;
      });
      const round = await reload(member.memberId, roundId);
      if (settled) announce(round);
      return round;
    },

    /** Cashes out the member's open mines round at the multiplier of its safe picks. */
    minesCashOut: async (merchant: MerchantContext, member: MemberPrincipal, roundId: string) => {
      await prepare(merchant, member, 'mines');
      await repository.inTransaction(async (client) => {
        const { round, mines, picks, pair } = await lockOpenMines(client, member, roundId);
        if (picks.length === 0) throw new AppError('mines_pick_first');
        const result = playSeededBet(
          { serverSeed: pair.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
          { game: 'mines', params: { mines, picks } },
        );
        if (compareMultipliers(result.multiplier, ZERO_MULTIPLIER) === 0) throw new Error('open mines round on a mine');
        await settleOpen(client, round, { mines, picks }, result.outcome as Record<string, unknown>, result.multiplier);
      });
      const round = await reload(member.memberId, roundId);
      announce(round);
      return round;
    },

    openMines: (member: MemberPrincipal) => repository.openMinesRound(repository.pool, member.memberId),

    recall: (member: MemberPrincipal, game: InhouseGame) => repository.recall(member.memberId, game, RECALL_ROUNDS),

    round: async (member: MemberPrincipal, id: string) => {
      const round = await repository.roundById(repository.pool, member.memberId, id);
      if (!round) throw new AppError('not_found');
      return round;
    },

    /**
     * A seeded round's seeds (the server seed even while secret) for a draw derived from them, such as the
     * jackpot's (decision 0115); null for a crash round or an id that is not a round. `executor`: the caller's
     * transaction, if any.
     */
    seededRound: (roundId: string, executor: Client | typeof repository.pool = repository.pool) =>
      UUID_PATTERN.test(roundId) ? repository.seededRound(executor, roundId) : Promise.resolve(null),

    /** Shared with crash: the ledger legs of a round, its settlement and the announcement after commit. */
    internals: {
      debit,
      record,
      settleOpen,
      announce,
      reload,
      parseStake,
      payoutTooLarge,
      prepareAccounts,
      hashRequest,
    },
  };
};

export type InhouseService = ReturnType<typeof createInhouseService>;
