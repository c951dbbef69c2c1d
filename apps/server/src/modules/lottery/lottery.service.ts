import { randomUUID } from 'node:crypto';
import {
  currencyExponent,
  DEFAULT_LOTTO_PRIZE_MODE,
  dailyIntervalOf,
  type FourDBetTypeName,
  fourDBetTypes,
  type GameCategory,
  isVnKind,
  LOTTERY_DAILY_INTERVAL,
  type LotteryBetType,
  type LotteryGameKind,
  type LotteryLine,
  type LotteryTicketStatus,
  type LottoPrizeMode,
  lotteryBetTypes,
  lotteryPrizeModeOf,
  lottoPrizeModes,
  parseMoney,
  type VnGameKind,
  vnBetTypeNames,
} from '@tessera/contracts';
import {
  checkFiveDigitSelection,
  checkFourDNumber,
  checkVnSelection,
  createServerSeed,
  DEFAULT_FIVE_DIGIT_ODDS,
  DEFAULT_FOUR_D_ODDS,
  drawFiveDigits,
  drawFourD,
  drawVietnamese,
  FIVE_DIGIT_OUTCOMES,
  type FiveDigitBetType,
  type FiveDigitOdds,
  type FiveDigitSelection,
  type FourDOdds,
  fiveDigitOddsOf,
  fiveDigitWins,
  fourDNumbersOf,
  fourDTierIndexIn,
  fourDTiers,
  fourDWorstOutcome,
  hashServerSeed,
  type LotterySide,
  lotteryPayout,
  type VnBetType,
  type VnOdds,
  type VnRegion,
  vnBetTypes,
  vnHits,
  vnMaxHits,
  vnOddsFor,
  vnPayout,
  vnResultOf,
  vnStoredNumbers,
} from '@tessera/engines';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { BetsService } from '../bets';
import type { LedgerService } from '../ledger';
import { VN_GAME_NAMES } from './lottery.names';
import type {
  DrawRow,
  GameRow,
  LotteryRepository,
  OddsByMode,
  PendingTicket,
  StoredOdds,
  TicketRow,
} from './lottery.repository';
import { dailySlotsAround, slotsAround } from './lottery.schedule';

/** The betting record's vendor for the platform's own lottery games (the catalogue's LOTT games). */
export const LOTTERY_VENDOR = 'LOTT';
const SOURCE = 'lottery';
/** Tickets per settlement transaction, and transactions at once per draw (decision 0100). */
export const SETTLE_BATCH = 5_000;
export const SETTLE_CONCURRENCY = 2;
const PAGE_SIZE = 20;

/**
 * The games a merchant starts with (decision 0084): five digits every 1, 3 and 5 minutes; the 4D game hourly, bets
 * closing 5 minutes before (decision 0108).
 */
const DEFAULT_GAMES: readonly {
  code: string;
  kind: LotteryGameKind;
  interval: number;
  close: number;
  catalogue: string;
  names: Record<string, string>;
}[] = [
  {
    code: 'FAST1',
    kind: 'five_digit',
    interval: 60,
    close: 10,
    catalogue: 'LOTT-009',
    names: { EN: 'Speed Five · 1 min', CN: '极速五 · 1分钟' },
  },
  {
    code: 'FAST3',
    kind: 'five_digit',
    interval: 180,
    close: 20,
    catalogue: 'LOTT-008',
    names: { EN: 'Speed Five · 3 min', CN: '极速五 · 3分钟' },
  },
  {
    code: 'FAST5',
    kind: 'five_digit',
    interval: 300,
    close: 30,
    catalogue: 'LOTT-010',
    names: { EN: 'Speed Five · 5 min', CN: '极速五 · 5分钟' },
  },
  {
    code: 'SEA4D',
    kind: 'four_d',
    interval: 3600,
    close: 300,
    catalogue: 'SEA-003',
    names: { EN: '4D · hourly', CN: '4D · 每小时' },
  },
  // The Vietnamese regional draws (decision 0134): once a day at the region's usual time, bets closing 15 min before.
  {
    code: 'VNN',
    kind: 'vn_north',
    interval: LOTTERY_DAILY_INTERVAL,
    close: 900,
    catalogue: 'VN-001',
    names: VN_GAME_NAMES.vn_north,
  },
  {
    code: 'VNC',
    kind: 'vn_central',
    interval: LOTTERY_DAILY_INTERVAL,
    close: 900,
    catalogue: 'VN-002',
    names: VN_GAME_NAMES.vn_central,
  },
  {
    code: 'VNS',
    kind: 'vn_south',
    interval: LOTTERY_DAILY_INTERVAL,
    close: 900,
    catalogue: 'VN-003',
    names: VN_GAME_NAMES.vn_south,
  },
];

/** The region a Vietnamese game draws. */
export const vnRegionOf = (kind: VnGameKind): VnRegion =>
  kind === 'vn_north' ? 'north' : kind === 'vn_central' ? 'central' : 'south';

/**
 * The minute of the day, on the clock of the merchant's time zone, at which each region draws: the usual times of
 * the Vietnamese draws (south 16:15, centre 17:15, north 18:15; decision 0134). A new game starts with it; the
 * operator edits it afterwards (`draw_minute`, decision 0159).
 */
export const VN_DRAW_MINUTE: Record<VnGameKind, number> = {
  vn_south: 16 * 60 + 15,
  vn_central: 17 * 60 + 15,
  vn_north: 18 * 60 + 15,
};
/** The zone a merchant without one draws in (the Vietnamese draws' own). */
const VN_DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** The clock a game's daily draw time reads on: its merchant's time zone (the Vietnamese one when unset). */
export const timeZoneOf = (game: Pick<GameRow, 'timeZone'>): string => game.timeZone ?? VN_DEFAULT_TIME_ZONE;

/** The odds a Vietnamese game starts with: about 97.5% on every bet type (decision 0101's `vnOddsFor`). */
export const defaultVnOdds = (kind: VnGameKind): VnOdds => vnOddsFor(vnRegionOf(kind), 9750);

/**
 * Whose game a ticket's betting record names (the catalogue's vendor and category): the fast games are the
 * catalogue's LOTT games, the 4D game its South-East Asian lottery card (TCG_SEA, opened at /seaLottery).
 */
export const kindVendors: Record<LotteryGameKind, { vendor: string; gameType: GameCategory }> = {
  five_digit: { vendor: LOTTERY_VENDOR, gameType: 'LOTT' },
  four_d: { vendor: 'TCG_SEA', gameType: 'ELOTT' },
  vn_north: { vendor: 'TCG_LOTTO_VN', gameType: 'ELOTT' },
  vn_central: { vendor: 'TCG_LOTTO_VN', gameType: 'ELOTT' },
  vn_south: { vendor: 'TCG_LOTTO_VN', gameType: 'ELOTT' },
};

/** The stored odds (multipliers in hundredths by bet type; `sum` one per value) as the engine reads them. */
export const oddsOfGame = (odds: StoredOdds): FiveDigitOdds => {
  const flat = { ...DEFAULT_FIVE_DIGIT_ODDS.flat };
  for (const betType of lotteryBetTypes) {
    const value = odds[betType];
    if (betType !== 'sum' && value?.[0] !== undefined) flat[betType] = value[0];
  }
  const sum = odds.sum?.length === 46 ? odds.sum : DEFAULT_FIVE_DIGIT_ODDS.sum;
  return { flat, sum };
};
export const storedOdds = (odds: FiveDigitOdds): Record<string, number[]> => ({
  ...Object.fromEntries(Object.entries(odds.flat).map(([betType, value]) => [betType, [value]])),
  sum: [...odds.sum],
});

/** A 4D game's stored odds (five multipliers per bet type, tiers in order) as the engine reads them. */
export const fourDOddsOfGame = (odds: StoredOdds): FourDOdds => {
  const of = (betType: FourDBetTypeName) =>
    Object.fromEntries(
      fourDTiers.map((tier, i) => [tier, odds[betType]?.[i] ?? DEFAULT_FOUR_D_ODDS[betType][tier]]),
    ) as FourDOdds[FourDBetTypeName];
  return { big: of('big'), small: of('small') };
};
export const storedFourDOdds = (odds: FourDOdds): Record<string, number[]> => ({
  big: fourDTiers.map((tier) => odds.big[tier]),
  small: fourDTiers.map((tier) => odds.small[tier]),
});

/** A Vietnamese game's stored odds (one multiplier per bet type; lô per hit) as the engine reads them. */
export const vnOddsOfGame = (kind: LotteryGameKind, odds: StoredOdds): VnOdds => {
  const defaults = defaultVnOdds(isVnKind(kind) ? kind : 'vn_north');
  return Object.fromEntries(vnBetTypes.map((betType) => [betType, odds[betType]?.[0] ?? defaults[betType]])) as VnOdds;
};

/** A game's odds in a prize mode (decision 0159; a mode the row lacks reads the default mode's). */
export const oddsInMode = (game: Pick<GameRow, 'odds'>, mode: LottoPrizeMode): StoredOdds =>
  game.odds[mode] ?? game.odds[DEFAULT_LOTTO_PRIZE_MODE];
/** The same odds under every prize mode: what a new game starts with. */
export const inEveryMode = (odds: StoredOdds): OddsByMode =>
  Object.fromEntries(lottoPrizeModes.map((mode) => [mode, odds])) as OddsByMode;
export const storedVnOdds = (odds: VnOdds): Record<string, number[]> =>
  Object.fromEntries(vnBetTypes.map((betType) => [betType, [odds[betType]]]));

const selectionOf = (row: Pick<PendingTicket, 'betType' | 'position' | 'numbers' | 'side'>): FiveDigitSelection => ({
  betType: row.betType as FiveDigitBetType,
  ...(row.position === null ? {} : { position: row.position }),
  ...(row.numbers === null ? {} : { numbers: row.numbers }),
  ...(row.side === null ? {} : { side: row.side as LotterySide }),
});

let outcomesCache: number[][] | null = null;
/** The 10^5 outcomes as digit arrays, built once. */
const everyOutcome = (): number[][] => {
  outcomesCache ??= Array.from({ length: FIVE_DIGIT_OUTCOMES }, (_, n) =>
    String(n).padStart(5, '0').split('').map(Number),
  );
  return outcomesCache;
};

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export interface DrawPublished {
  merchantCode: string;
  draw: DrawRow;
}

export const createLotteryService = (deps: {
  repository: LotteryRepository;
  ledger: LedgerService & { announceBalanceChange: (merchantCode: string, memberIds: string[]) => void };
  bets: BetsService;
  catalogueId: (vendor: string, gameCode: string) => Promise<number | null>;
  /** The lobby's prize mode of a merchant's members (spec section 4 "Lobby"; `prizeModeOfLanes`). */
  lobbyPrizeMode: (merchant: MerchantContext) => Promise<LottoPrizeMode>;
  /** After draws were drawn or cancelled (committed): the realtime push. */
  onDraws: (events: DrawPublished[]) => void;
  onError: (error: unknown, context: string) => void;
}) => {
  const { repository, ledger, bets } = deps;
  const pool = repository.pool;

  const roundKey = (ticketId: string) => ({ source: SOURCE, provider: LOTTERY_VENDOR, roundRef: ticketId });

  const gameOf = async (merchantCode: string, code: string): Promise<GameRow> => {
    const game = (await repository.games(merchantCode, true)).find((row) => row.code === code);
    if (!game) throw new AppError('not_found');
    return game;
  };

  /**
   * The selection of one line for its game's kind, or the refusal: a bet type of the other kind is unknown to this
   * game; a 4D line is one number 0 … 9999 and nothing else. Answers the multiplier locked on the ticket (4D: the
   * first prize's, the most it can pay) and, for 4D, the tiers' multipliers.
   */
  const selectLine = (
    game: GameRow,
    mode: LottoPrizeMode,
    line: LotteryLine,
    path: (field: string) => string,
  ): {
    selection: { betType: LotteryLine['betType']; position?: number; numbers?: readonly number[]; side?: LotterySide };
    odds: number;
    tierOdds: number[] | null;
    /** The most times the line can win in one draw (lô: once per number of the draw). */
    maxHits: number;
  } => {
    const fourD = (fourDBetTypes as readonly string[]).includes(line.betType);
    const fiveDigit = (lotteryBetTypes as readonly string[]).includes(line.betType);
    const vn = (vnBetTypeNames as readonly string[]).includes(line.betType);
    if (!(game.kind === 'four_d' ? fourD : isVnKind(game.kind) ? vn : fiveDigit)) {
      throw new AppError('lottery_bet_type_unknown', {
        fieldErrors: [{ path: path('betType'), code: 'field_not_allowed' }],
      });
    }
    if (vn && isVnKind(game.kind)) {
      // Lô, đề: one number 00-99; 3 càng one 000-999; xiên k: k different numbers 00-99 (decision 0134).
      const betType = line.betType as VnBetType;
      const numbers = line.numbers ?? [];
      const field =
        line.position !== undefined
          ? 'position'
          : line.side !== undefined
            ? 'side'
            : checkVnSelection({ betType, numbers });
      if (field) {
        throw new AppError('lottery_selection_invalid', {
          fieldErrors: [{ path: path(field), code: 'field_invalid' }],
        });
      }
      const odds = vnOddsOfGame(game.kind, oddsInMode(game, mode))[betType];
      return {
        selection: { betType, numbers },
        odds,
        tierOdds: null,
        maxHits: vnMaxHits(vnRegionOf(game.kind), betType),
      };
    }
    if (fourD) {
      const betType = line.betType as FourDBetTypeName;
      const [number] = line.numbers ?? [];
      const field =
        line.position !== undefined
          ? 'position'
          : line.side !== undefined
            ? 'side'
            : line.numbers?.length !== 1 || number === undefined || checkFourDNumber(number)
              ? 'numbers'
              : null;
      if (field) {
        throw new AppError('lottery_selection_invalid', {
          fieldErrors: [{ path: path(field), code: 'field_invalid' }],
        });
      }
      const table = fourDOddsOfGame(oddsInMode(game, mode))[betType];
      const tierOdds = fourDTiers.map((tier) => table[tier]);
      return {
        selection: { betType, numbers: [number as number] },
        odds: Math.max(...tierOdds),
        tierOdds,
        maxHits: 1,
      };
    }
    const selection: FiveDigitSelection = {
      betType: line.betType as FiveDigitBetType,
      ...(line.position === undefined ? {} : { position: line.position }),
      ...(line.numbers === undefined ? {} : { numbers: line.numbers }),
      ...(line.side === undefined ? {} : { side: line.side }),
    };
    const problem = checkFiveDigitSelection(selection);
    if (problem) {
      throw new AppError('lottery_selection_invalid', {
        fieldErrors: [{ path: path(problem), code: 'field_invalid' }],
      });
    }
    return {
      selection,
      odds: fiveDigitOddsOf(oddsOfGame(oddsInMode(game, mode)), selection),
      tierOdds: null,
      maxHits: 1,
    };
  };

  /** Checks one line: bet type, selection, stake within limits, payout within the maximum. */
  const judgeLine = (game: GameRow, mode: LottoPrizeMode, line: LotteryLine, index: number, currency: string) => {
    const path = (field: string) => `lines.${index}.${field}`;
    const { selection, odds, tierOdds, maxHits } = selectLine(game, mode, line, path);
    const parsed = parseMoney(line.stake, currency);
    if (!parsed.ok)
      throw new AppError('validation_failed', { fieldErrors: [{ path: path('stake'), code: parsed.error }] });
    const stake = parsed.minor;
    if (stake < game.minStake || stake > game.maxStake || vnPayout(stake, odds, maxHits) > game.maxPayout) {
      throw new AppError('lottery_stake_out_of_limits', {
        fieldErrors: [{ path: path('stake'), code: stake < game.minStake ? 'field_too_small' : 'field_too_large' }],
      });
    }
    return { selection, stake, odds, tierOdds };
  };

  /** Whether each ticket won and what it pays on the draw's numbers (4D: at the tier its number was drawn in). */
  const outcomesOf = (draw: DrawRow, tickets: readonly PendingTicket[]) => {
    const numbers = draw.numbers ?? [];
    if (isVnKind(draw.gameKind)) {
      // Vietnamese: the multiplier locked on the ticket per hit (lô counts every number ending in its pair).
      const result = vnResultOf(vnRegionOf(draw.gameKind), numbers);
      if (!result) throw new Error(`lottery: draw ${draw.id} has ${numbers.length} numbers`);
      const hits = tickets.map((ticket) =>
        vnHits({ betType: ticket.betType as VnBetType, numbers: ticket.numbers ?? [] }, result),
      );
      return {
        wins: hits.map((n) => n > 0),
        payouts: tickets.map((ticket, i) => vnPayout(ticket.stake, ticket.odds, hits[i] as number)),
      };
    }
    const payouts = tickets.map((ticket) => {
      if (draw.gameKind === 'four_d') {
        const tier = fourDTierIndexIn(ticket.numbers?.[0] ?? -1, numbers);
        const hundredths = tier < 0 ? 0 : (ticket.tierOdds?.[tier] ?? 0);
        return lotteryPayout(ticket.stake, hundredths, hundredths > 0);
      }
      return lotteryPayout(ticket.stake, ticket.odds, fiveDigitWins(selectionOf(ticket), numbers));
    });
    const wins = payouts.map((payout, i) =>
      draw.gameKind === 'four_d' ? payout > 0n : fiveDigitWins(selectionOf(tickets[i] as PendingTicket), numbers),
    );
    return { wins, payouts };
  };

  /**
   * Settles (or, the draw cancelled, refunds) the next batch of a draw's pending tickets in one transaction
   * (decision 0100): the tickets locked by member (others' locks skipped), every payout computed here, the ledger's
   * set-based settlement of their holds (one capture and one payout movement per member) or release, every round of
   * the betting record closed (each emits `bet.settled`), every ticket marked. All or nothing: a crash leaves the
   * whole batch pending for the next pass. Answers how many tickets it closed (0: none left to take).
   */
  const settleBatch = async (draw: DrawRow, size: number, lane: number, shard: number): Promise<number> => {
    const cancelled = draw.status === 'cancelled';
    const closed = await inTransaction(pool, async (client) => {
      const tickets = await repository.lockPendingBatch(client, draw.id, size, { index: lane, of: SETTLE_CONCURRENCY });
      if (tickets.length === 0) return [];
      const ids = tickets.map((ticket) => ticket.id);
      const holds = tickets.map((ticket) => ticket.holdId);
      const at = new Date();
      if (cancelled) {
        await ledger.voidHolds(client, draw.merchantCode, holds);
        const stakes = tickets.map((ticket) => ticket.stake);
        await bets.recordRefunds(
          { source: SOURCE, provider: LOTTERY_VENDOR },
          { roundRefs: ids, amounts: stakes },
          { at },
          client,
        );
        await repository.closeTickets(client, {
          ids,
          statuses: ids.map(() => 'refunded' as const),
          payouts: ids.map(() => 0n),
        });
        return tickets;
      }
      const { wins, payouts } = outcomesOf(draw, tickets);
      const currency = (tickets[0] as PendingTicket).currency;
      if (tickets.some((ticket) => ticket.currency !== currency)) throw new Error('lottery: one draw, one currency');
      await ledger.settleHolds(client, {
        merchantCode: draw.merchantCode,
        currency,
        to: { house: 'lottery', shard },
        stakeType: 'lottery_stake',
        payoutType: 'lottery_payout',
        keyPrefix: `lottery:${draw.id}`,
        reference: String(draw.id),
        holds,
        payouts,
      });
      await bets.recordPayouts(
        { source: SOURCE, provider: LOTTERY_VENDOR },
        { roundRefs: ids, payouts },
        { at },
        client,
      );
      const count = await repository.closeTickets(client, {
        ids,
        statuses: wins.map((won) => (won ? 'won' : 'lost')),
        payouts,
      });
      if (count !== tickets.length)
        throw new Error(`lottery: ${tickets.length - count} locked tickets were not pending`);
      return tickets;
    });
    if (closed.length > 0) {
      ledger.announceBalanceChange(draw.merchantCode, [...new Set(closed.map((ticket) => ticket.memberId))]);
    }
    return closed.length;
  };

  /**
   * Settles (or refunds) every pending ticket of a draw, in batches on SETTLE_CONCURRENCY lanes at once (each lane its
   * own members and house shard); safe to run from several processes at once (disjoint batches), and resumed by the next pass after a
   * crash. Marks a drawn draw settled once nothing is pending.
   */
  const settleDraw = async (draw: DrawRow, options: { batch?: number } = {}): Promise<number> => {
    const size = options.batch ?? SETTLE_BATCH;
    let settled = 0;
    await Promise.all(
      Array.from({ length: SETTLE_CONCURRENCY }, async (_, lane) => {
        for (let round = 0; ; round += 1) {
          const closed = await settleBatch(draw, size, lane, (lane + round * SETTLE_CONCURRENCY) % 8);
          settled += closed;
          if (closed < size) break;
        }
      }),
    );
    if (draw.status === 'drawn') await repository.finishDraw(draw.id);
    return settled;
  };

  /** Publishes the commitments of the running and next draw of every enabled game. */
  const schedule = async (nowMs: number): Promise<number> => {
    let created = 0;
    for (const game of await repository.games(null, true)) {
      const slots =
        game.intervalSeconds === LOTTERY_DAILY_INTERVAL && game.drawMinute !== null
          ? dailySlotsAround(nowMs, game.drawMinute, timeZoneOf(game), game.closeSeconds)
          : slotsAround(nowMs, game.intervalSeconds, game.closeSeconds);
      for (const slot of slots) {
        const serverSeed = createServerSeed();
        const inserted = await repository.insertDraw({
          merchantCode: game.merchantCode,
          gameId: game.id,
          ...slot,
          serverSeed,
          seedHash: hashServerSeed(serverSeed),
        });
        if (inserted) created += 1;
      }
    }
    return created;
  };

  /** Draws every open draw whose time has come: numbers from the committed seed, published after commit. */
  const drawDue = async (): Promise<DrawRow[]> => {
    const drawn = await inTransaction(pool, async (client) => {
      const due = await repository.lockDueDraws(client, 100);
      for (const draw of due) {
        const input = {
          serverSeed: draw.serverSeed,
          gameCode: draw.gameCode,
          drawNo: draw.drawNo,
          beacon: draw.beacon,
        };
        const numbers =
          draw.gameKind === 'four_d'
            ? fourDNumbersOf(drawFourD(input))
            : isVnKind(draw.gameKind)
              ? vnStoredNumbers(drawVietnamese(vnRegionOf(draw.gameKind), input))
              : drawFiveDigits(input);
        await repository.markDrawn(client, draw.id, numbers);
        draw.numbers = numbers;
        draw.status = 'drawn';
        draw.drawnAt = new Date();
      }
      return due;
    });
    if (drawn.length > 0) deps.onDraws(drawn.map((draw) => ({ merchantCode: draw.merchantCode, draw })));
    return drawn;
  };

  /** One pass of the draw machinery: publish commitments, draw what is due, settle what is drawn. */
  const runDue = async (nowMs: number = Date.now()) => {
    const created = await schedule(nowMs);
    const drawn = await drawDue();
    let settled = 0;
    for (const draw of await repository.drawsToSettle(50)) settled += await settleDraw(draw);
    return { created, drawn: drawn.length, settled };
  };

  return {
    schedule,
    drawDue,
    settleDraw,
    runDue,

    /** The demo merchant's (or any new merchant's) games, created when absent. */
    ensureDefaultGames: async (merchantCode: string, currency: string): Promise<void> => {
      const unit = 10n ** BigInt(currencyExponent(currency));
      for (const game of DEFAULT_GAMES) {
        await repository.insertGameIfAbsent({
          merchantCode,
          code: game.code,
          kind: game.kind,
          names: game.names,
          intervalSeconds: game.interval,
          drawMinute: isVnKind(game.kind) ? VN_DRAW_MINUTE[game.kind] : null,
          closeSeconds: game.close,
          minStake: unit,
          maxStake: 10_000n * unit,
          maxPayout: 1_000_000n * unit,
          odds: inEveryMode(
            game.kind === 'four_d'
              ? storedFourDOdds(DEFAULT_FOUR_D_ODDS)
              : isVnKind(game.kind)
                ? storedVnOdds(defaultVnOdds(game.kind))
                : storedOdds(DEFAULT_FIVE_DIGIT_ODDS),
          ),
          catalogueGameCode: game.catalogue,
        });
      }
    },

    games: (merchantCode: string | null, enabledOnly = true) => repository.games(merchantCode, enabledOnly),
    /** The lobby's prize mode of the merchant's members; `lotteryPrizeModeOf` gives a game's from it (decision 0159). */
    lobbyPrizeMode: (merchant: MerchantContext): Promise<LottoPrizeMode> => deps.lobbyPrizeMode(merchant),
    currentAndLast: (games: GameRow[]) => repository.currentAndLast(games.map((game) => game.id)),
    now: () => repository.now(),

    /**
     * Buys one ticket per line on the draw taking bets: in one transaction every stake is held in the main wallet,
     * every ticket written and every stake entered in the betting record; all lines or none. A retry with the same
     * requestId answers the tickets of the first.
     */
    buy: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; gameCode: string; drawNo: string; lines: LotteryLine[] },
    ): Promise<TicketRow[]> => {
      const known = await repository.ticketsOfRequest(member.memberId, input.requestId);
      if (known.length > 0) return known;
      const { currency } = merchant.settings;
      const game = await gameOf(merchant.code, input.gameCode);
      // The member's prize mode decides the odds (decision 0159); the server reads it, the request cannot choose it.
      const mode = lotteryPrizeModeOf(game.kind, await deps.lobbyPrizeMode(merchant));
      const lines = input.lines.map((line, index) => judgeLine(game, mode, line, index, currency));
      const draw = await repository.drawByNo(merchant.code, game.code, input.drawNo);
      if (!draw) throw new AppError('lottery_betting_closed');
      const { vendor, gameType } = kindVendors[game.kind];
      const gameId = await deps.catalogueId(vendor, game.catalogueGameCode);
      await ledger.prepare({
        merchantCode: merchant.code,
        currency,
        accounts: [{ member: member.memberId, wallet: 'main' }, { house: 'lottery' }],
      });
      try {
        await inTransaction(pool, async (client) => {
          const locked = await repository.lockDraw(client, draw.id, 'share');
          const open = locked?.draw.status === 'open';
          if (!locked || !open || locked.now < locked.draw.opensAt || locked.now >= locked.draw.closesAt) {
            throw new AppError('lottery_betting_closed');
          }
          for (const [index, line] of lines.entries()) {
            const id = randomUUID();
            const hold = await ledger.hold(
              {
                merchantCode: merchant.code,
                currency,
                idempotencyKey: `lottery:hold:${id}`,
                account: { member: member.memberId, wallet: 'main' },
                amount: line.stake,
                reference: id,
              },
              client,
            );
            await repository.insertTicket(client, {
              id,
              merchantCode: merchant.code,
              memberId: member.memberId,
              drawId: draw.id,
              requestId: input.requestId,
              line: index,
              betType: line.selection.betType,
              position: line.selection.position ?? null,
              numbers: line.selection.numbers ? [...line.selection.numbers] : null,
              side: line.selection.side ?? null,
              stake: line.stake,
              odds: line.odds,
              tierOdds: line.tierOdds,
              currency,
              holdId: hold.holdId,
            });
            if (gameId !== null) {
              await bets.recordBet(
                {
                  ...roundKey(id),
                  merchantCode: merchant.code,
                  memberId: member.memberId,
                  gameId,
                  gameType,
                  vendorCode: vendor,
                  currency,
                  details: { game: game.code, drawNo: draw.drawNo, betType: line.selection.betType },
                  amount: line.stake,
                },
                client,
              );
            }
          }
        });
      } catch (error) {
        // A concurrent retry of the same request wrote first: answer its tickets.
        if (isUniqueViolation(error)) {
          const first = await repository.ticketsOfRequest(member.memberId, input.requestId);
          if (first.length > 0) return first;
        }
        throw error;
      }
      ledger.announceBalanceChange(merchant.code, [member.memberId]);
      return repository.ticketsOfRequest(member.memberId, input.requestId);
    },

    tickets: async (
      member: MemberPrincipal,
      filter: { gameCode?: string | undefined; status?: LotteryTicketStatus | undefined; pageNo: number },
    ) => {
      const page = await repository.memberTickets(
        member.memberId,
        { gameCode: filter.gameCode ?? null, status: filter.status ?? null },
        { offset: (filter.pageNo - 1) * PAGE_SIZE, limit: PAGE_SIZE },
      );
      return { ...page, totalPages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)) };
    },

    results: async (
      merchantCode: string,
      gameCode: string | null,
      pageNo: number,
      options: { includeCancelled: boolean; includeOpen?: boolean },
    ) => {
      const statuses = [
        'drawn',
        'settled',
        ...(options.includeCancelled ? (['cancelled'] as const) : []),
        ...(options.includeOpen ? (['open'] as const) : []),
      ] as const;
      const page = await repository.results(merchantCode, gameCode, statuses, {
        offset: (pageNo - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      return { ...page, totalPages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)) };
    },

    drawTotals: (ids: bigint[]) => repository.drawTotals(ids),
    recentGameCodes: (member: MemberPrincipal) => repository.recentGameCodes(member.memberId, 10),

    /**
     * Changes a game's settings. A new interval or close applies to the draws committed from now on: the draws
     * already committed (the running one and the next) keep their times. `audit` writes the audit row in the same
     * transaction.
     */
    updateGame: async (
      merchant: MerchantContext,
      code: string,
      change: Pick<
        GameRow,
        'enabled' | 'intervalSeconds' | 'drawMinute' | 'closeSeconds' | 'minStake' | 'maxStake' | 'maxPayout' | 'odds'
      >,
      audit: (client: pg.PoolClient, before: GameRow, after: GameRow) => Promise<void>,
    ): Promise<GameRow> =>
      inTransaction(pool, async (client) => {
        const before = await repository.lockGame(client, merchant.code, code);
        if (!before) throw new AppError('not_found');
        if (change.closeSeconds >= change.intervalSeconds) {
          throw new AppError('validation_failed', { fieldErrors: [{ path: 'closeSeconds', code: 'field_too_large' }] });
        }
        const daily = dailyIntervalOf(before.kind);
        if (change.intervalSeconds === LOTTERY_DAILY_INTERVAL ? daily === 'refused' : daily === 'required') {
          throw new AppError('validation_failed', {
            fieldErrors: [{ path: 'intervalSeconds', code: 'field_not_allowed' }],
          });
        }
        if ((change.intervalSeconds === LOTTERY_DAILY_INTERVAL) !== (change.drawMinute !== null)) {
          throw new AppError('validation_failed', { fieldErrors: [{ path: 'drawTime', code: 'not_empty' }] });
        }
        const after = await repository.updateGame(client, before.id, change);
        await audit(client, before, after);
        return after;
      }),

    /** Cancels a draw not yet drawn and refunds its tickets (the refunds also resume after a crash). */
    cancelDraw: async (
      merchant: MerchantContext,
      drawId: bigint,
      reason: string,
      audit: (client: pg.PoolClient, draw: DrawRow) => Promise<void>,
    ): Promise<DrawRow> => {
      const cancelled = await inTransaction(pool, async (client) => {
        const found = await repository.drawById(merchant.code, drawId);
        if (!found) throw new AppError('not_found');
        const locked = await repository.lockDraw(client, drawId, 'update');
        if (locked?.draw.status !== 'open') throw new AppError('lottery_draw_not_cancellable');
        await repository.cancelDraw(client, drawId, reason);
        await audit(client, locked.draw);
        return { ...locked.draw, status: 'cancelled' as const, cancelReason: reason };
      });
      deps.onDraws([{ merchantCode: merchant.code, draw: cancelled }]);
      try {
        await settleDraw(cancelled);
      } catch (error) {
        // The draw is cancelled; the refunds left are made by the next pass of the draw job.
        deps.onError(error, 'lottery refunds after a cancellation');
      }
      return (await repository.drawById(merchant.code, drawId)) ?? cancelled;
    },

    /**
     * A draw's exposure: its pending tickets by selection, and the worst of the 10^5 outcomes for the house
     * (each selection's potential payout added on every outcome it wins).
     */
    exposure: async (merchant: MerchantContext, drawId: bigint) => {
      const draw = await repository.drawById(merchant.code, drawId);
      if (!draw) throw new AppError('not_found');
      const selections = await repository.exposure(drawId);
      const totals = {
        draw,
        tickets: selections.reduce((n, s) => n + s.tickets, 0),
        staked: selections.reduce((sum, s) => sum + s.staked, 0n),
        selections,
      };
      if (draw.gameKind === 'four_d') {
        const worst = fourDWorstOutcome(await repository.fourDExposure(drawId));
        return { ...totals, worstPayout: worst.payout, worstOutcome: worst.places };
      }
      if (isVnKind(draw.gameKind)) {
        // Far too many outcomes to walk: the bound is every selection paying its most at once, lô on every number of
        // the draw (decision 0134).
        const region = vnRegionOf(draw.gameKind);
        const most = selections.map((s) => ({
          ...s,
          potential: s.potential * BigInt(vnMaxHits(region, s.betType as VnBetType)),
        }));
        return {
          ...totals,
          selections: most,
          worstPayout: most.reduce((sum, s) => sum + s.potential, 0n),
          worstOutcome: [],
        };
      }
      const outcomes = everyOutcome();
      const paid = new Float64Array(FIVE_DIGIT_OUTCOMES);
      for (const selection of selections) {
        const s = selectionOf(selection);
        const amount = Number(selection.potential);
        for (let n = 0; n < FIVE_DIGIT_OUTCOMES; n += 1) {
          if (fiveDigitWins(s, outcomes[n] as number[])) paid[n] = (paid[n] as number) + amount;
        }
      }
      let worst = 0;
      for (let n = 1; n < FIVE_DIGIT_OUTCOMES; n += 1) if ((paid[n] as number) > (paid[worst] as number)) worst = n;
      // The worst outcome's total again in exact integers.
      const worstDigits = outcomes[worst] as number[];
      const worstPayout = selections.reduce(
        (sum, s) => (fiveDigitWins(selectionOf(s), worstDigits) ? sum + s.potential : sum),
        0n,
      );
      return { ...totals, worstPayout, worstOutcome: worstDigits };
    },

    betTypes: lotteryBetTypes as readonly LotteryBetType[],
  };
};

export type LotteryService = ReturnType<typeof createLotteryService>;
