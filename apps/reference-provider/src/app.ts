import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ProviderConfig } from './config';
import type { FishKind } from './fishing-maths';
import { fishingPage } from './fishing-page';
import { registerFishing } from './fishing-routes';
import { drawLottery, isLotteryNumber, lotteryMultiplier } from './lottery-maths';
import { backUrlOf, LOTTERY_SCRIPT, lotteryPage } from './lottery-page';
import {
  DICE_MULTIPLIER,
  type DicePick,
  diceWins,
  MAX_STAKE,
  MIN_STAKE,
  payout,
  rollDice,
  roomDiceReturn,
  slotMultiplier,
  spinReels,
} from './maths';
import { gamePage, languageOf, PLAY_SCRIPT, type Room } from './page';
import { createRoundRunner, type RoundRunner, toDecimal, toMinor } from './rounds';
import { type Sportsbook, sportOf } from './sportsbook';
import { sportsbookPage } from './sportsbook-page';
import { registerSportsbook } from './sportsbook-routes';
import { fileStore, memoryStore, type StateStore } from './store';
import { tablePage } from './table-page';
import { registerTables, type TableDealers, tableEngineOf } from './table-routes';
import { registerTournaments } from './tournament-routes';
import type { Tournaments } from './tournaments';
import { createWalletClient, type WalletClientOptions, WalletRefusal, WalletUnavailable } from './wallet-client';

interface PlayBody {
  token?: unknown;
  mode?: unknown;
  currency?: unknown;
  stake?: unknown;
  pick?: unknown;
  /** The lottery's game code (its latest draws are kept per game). */
  game?: unknown;
  /** A PVP room's stake range (the platform's launch URL carries it). */
  minBet?: unknown;
  maxBet?: unknown;
}

const STAKE = /^\d{1,6}(\.\d{1,2})?$/;
/** How many of a lottery game's latest draws its lobby shows. */
const LATEST_DRAWS = 10;
const GAME_CODE = /^[\w-]{1,60}$/;
const ROOM_LEVELS = ['beginner', 'intermediate', 'advanced', 'vip'] as const;

/** The PVP room a launch names: its level and stake range, when all three are well formed. */
const roomOf = (query: Record<string, string | undefined>): Room | undefined => {
  const level = ROOM_LEVELS.find((candidate) => candidate === query.room);
  const { minBet, maxBet } = query;
  return level && minBet && maxBet && STAKE.test(minBet) && STAKE.test(maxBet) ? { level, minBet, maxBet } : undefined;
};

export interface ProviderApp {
  app: FastifyInstance;
  rounds: RoundRunner;
  sportsbook: Sportsbook;
  tournaments: Tournaments;
}

/** The provider's HTTP service: game pages, their script, and the small API the pages play through. */
export const buildApp = (
  config: Omit<ProviderConfig, 'host' | 'port'>,
  options: {
    fetch?: WalletClientOptions['fetch'];
    backoffMs?: number;
    dealers?: TableDealers;
    /** Decides the fishing game's shots (tests); crypto.randomInt otherwise. */
    aim?: (fish: FishKind) => boolean;
  } = {},
): ProviderApp => {
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 8 * 1024 });
  const wallet = createWalletClient({
    platformUrl: config.platformUrl,
    providerCode: config.providerCode,
    secret: config.secret,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  });
  /** A stand-in's state file in the state folder (decision 0167), or memory only without one. */
  const storeOf = (name: string): StateStore =>
    config.stateDir ? fileStore(path.join(config.stateDir, `${name}.json`)) : memoryStore;
  const tournaments = registerTournaments(app, {
    wallet,
    operatorKey: config.operatorKey,
    retryEveryMs: config.settlementRetryMs,
    store: storeOf('tournaments'),
  });
  const rounds = createRoundRunner({
    wallet,
    log: app.log,
    retryEveryMs: config.settlementRetryMs,
    store: storeOf('rounds'),
    onDecided: (round) => tournaments.record(round),
  });
  app.addHook('onClose', async () => rounds.stop());
  const sportsbook = registerSportsbook(app, {
    wallet,
    operatorKey: config.operatorKey,
    retryEveryMs: config.settlementRetryMs,
    store: config.sportsbookFile ? fileStore(config.sportsbookFile) : memoryStore,
  });

  const session = (body: PlayBody) => {
    const token =
      typeof body.token === 'string' && body.token.length > 0 && body.token.length <= 200 ? body.token : null;
    const currency = typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) ? body.currency : null;
    const mode: 'real' | 'fun' = body.mode === 'fun' ? 'fun' : 'real';
    return token && currency ? { token, currency, mode } : null;
  };

  const failure = (error: unknown) => {
    if (error instanceof WalletRefusal) {
      const value = error.value as { balance?: string } | null;
      return { error: error.code, ...(value?.balance ? { balance: value.balance } : {}) };
    }
    if (error instanceof WalletUnavailable) return { error: 'wallet_unavailable' };
    throw error;
  };

  app.get('/health', async () => ({ status: 'ok' }));

  app.get<{ Querystring: Record<string, string | undefined> }>('/play', async (request, reply) => {
    const engine = request.query.engine === 'slot' ? 'slot' : request.query.engine === 'lottery' ? 'lottery' : 'dice';
    const gameCode = (request.query.game ?? '').slice(0, 60);
    const language = languageOf(request.query.lang);
    const table = tableEngineOf(request.query.engine);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; frame-ancestors ${config.frameAncestors}`,
      )
      .header('referrer-policy', 'no-referrer')
      .send(
        request.query.engine === 'sportsbook'
          ? sportsbookPage({ gameCode, language, sport: sportOf(gameCode) })
          : request.query.engine === 'fishing'
            ? fishingPage({ gameCode, language, mode: request.query.mode === 'fun' ? 'fun' : 'real' })
            : table
              ? tablePage({ engine: table, gameCode, language, mode: request.query.mode === 'fun' ? 'fun' : 'real' })
              : engine === 'lottery'
                ? lotteryPage({
                    gameCode,
                    language,
                    view: request.query.view === 'lobby' ? 'lobby' : 'betting',
                    backUrl: backUrlOf(request.query.back),
                    prizeMode: /^[A-Z]{1,10}$/.test(request.query.prizeMode ?? '')
                      ? (request.query.prizeMode ?? '')
                      : 'LOTT',
                  })
                : gamePage({
                    engine,
                    gameCode,
                    language,
                    mode: request.query.mode === 'fun' ? 'fun' : 'real',
                    room: roomOf(request.query),
                  }),
      );
  });

  app.get('/assets/lottery.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(LOTTERY_SCRIPT),
  );

  app.get('/assets/play.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(PLAY_SCRIPT),
  );

  app.get<{ Querystring: PlayBody }>('/api/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const s = session(request.query);
    if (!s) return reply.status(400).send({ error: 'game_token_invalid' });
    if (s.mode === 'fun')
      return { balance: toDecimal(rounds.funBalance(s.token), s.currency), currency: s.currency, mode: s.mode };
    try {
      const answer = await wallet.balance(s.token);
      return { balance: answer.balance, currency: answer.currency, mode: s.mode };
    } catch (error) {
      return reply.status(200).send(failure(error));
    }
  });

  const play = async (body: PlayBody, decide: (stake: bigint) => { outcome: unknown; win: bigint }) => {
    const s = session(body);
    if (!s) return { error: 'game_token_invalid' };
    if (typeof body.stake !== 'string' || !STAKE.test(body.stake)) return { error: 'stake_invalid' };
    const stake = toMinor(body.stake, s.currency);
    if (stake < MIN_STAKE || stake > MAX_STAKE) return { error: 'stake_invalid' };
    // A room's table takes only stakes of its range.
    const bound = (value: unknown) =>
      typeof value === 'string' && STAKE.test(value) ? toMinor(value, s.currency) : null;
    const [roomMin, roomMax] = [bound(body.minBet), bound(body.maxBet)];
    if ((roomMin !== null && stake < roomMin) || (roomMax !== null && stake > roomMax))
      return { error: 'stake_invalid' };
    try {
      return await rounds.play({ ...s, stake, decide: () => decide(stake) });
    } catch (error) {
      return failure(error);
    }
  };

  app.post<{ Body: PlayBody }>('/api/spin', async (request) =>
    play(request.body ?? {}, (stake) => {
      const line = spinReels();
      return { outcome: { line }, win: payout(stake, slotMultiplier(line)) };
    }),
  );

  app.post<{ Body: PlayBody }>('/api/roll', async (request) => {
    const body = request.body ?? {};
    const pick: DicePick = body.pick === 'small' ? 'small' : 'big';
    // A PVP room's table: against an opponent's equal stake, the winner takes the pot less the provider's rake.
    const inRoom = [body.minBet, body.maxBet].every((bound) => typeof bound === 'string' && STAKE.test(bound));
    return play(body, (stake) => {
      const dice = rollDice();
      if (inRoom) {
        const { win, pot, rake } = roomDiceReturn(dice, pick, stake);
        return {
          outcome: {
            dice,
            pick,
            pot: toDecimal(pot, String(body.currency)),
            rake: toDecimal(rake, String(body.currency)),
          },
          win,
        };
      }
      return { outcome: { dice, pick }, win: diceWins(dice, pick) ? payout(stake, DICE_MULTIPLIER) : 0n };
    });
  });

  // The lottery: a ticket of three digits, drawn when bought (src/lottery-maths.ts); each game's latest draws.
  const latestDraws = new Map<string, { draw: string; at: string }[]>();

  app.get<{ Querystring: { game?: string } }>('/api/lottery/draws', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const game = request.query.game ?? '';
    return { draws: GAME_CODE.test(game) ? (latestDraws.get(game) ?? []) : [] };
  });

  app.post<{ Body: PlayBody }>('/api/lottery/ticket', async (request) => {
    const body = request.body ?? {};
    const { pick, game } = body;
    if (!isLotteryNumber(pick)) return { error: 'pick_invalid' };
    if (typeof game !== 'string' || !GAME_CODE.test(game)) return { error: 'game_token_invalid' };
    const answer = await play(body, (stake) => {
      const draw = drawLottery();
      return { outcome: { pick, draw }, win: payout(stake, lotteryMultiplier(pick, draw)) };
    });
    if ('outcome' in answer) {
      const { draw } = answer.outcome as { draw: string };
      latestDraws.set(
        game,
        [{ draw, at: new Date().toISOString() }, ...(latestDraws.get(game) ?? [])].slice(0, LATEST_DRAWS),
      );
    }
    return answer;
  });

  registerTables(app, {
    wallet,
    rounds,
    roundMs: config.tableRoundMs,
    session,
    failure,
    stores: { live: storeOf('live-tables'), cockfight: storeOf('cockfight-pits') },
    ...(options.dealers ? { dealers: options.dealers } : {}),
  });

  registerFishing(app, { rounds, session, failure, ...(options.aim ? { aim: options.aim } : {}) });

  return { app, rounds, sportsbook, tournaments };
};
