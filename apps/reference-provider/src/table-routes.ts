import type { FastifyInstance } from 'fastify';
import {
  COCKFIGHT_SIDES,
  type CockfightSide,
  cockfightReturn,
  type FightCard,
  type FightResult,
  fight,
  oddsOf,
  pickFightCard,
} from './cockfight-maths';
import { BACCARAT_SPOTS, type BaccaratHand, type BaccaratSpot, baccaratReturn, dealBaccarat } from './live-table-maths';
import { MAX_STAKE, MIN_STAKE } from './maths';
import { type RoundRunner, toMinor } from './rounds';
import type { StateStore } from './store';
import { TABLE_SCRIPT } from './table-page';
import { createTableRunner, TableRefusal } from './table-rounds';
import type { WalletClient } from './wallet-client';

/** The table games' engines, as the catalogue names them. */
export type TableEngine = 'live' | 'cockfight';
export const tableEngineOf = (engine: string | undefined): TableEngine | null =>
  engine === 'live' || engine === 'cockfight' ? engine : null;

/** A cockfight round's offer: the fight's card and each side's odds (hundredths). */
export interface FightOffer {
  card: FightCard;
  odds: Record<CockfightSide, number>;
}

/** Ways to deal that tests can fix (a chosen hand, a draw); the real ones draw with crypto.randomInt. */
export interface TableDealers {
  baccarat?: () => BaccaratHand;
  fight?: (card: FightCard) => FightResult;
}

const STAKE = /^\d{1,6}(\.\d{1,2})?$/;
const GAME_CODE = /^[\w-]{1,60}$/;

interface TableBody {
  token?: unknown;
  mode?: unknown;
  currency?: unknown;
  engine?: unknown;
  game?: unknown;
  spot?: unknown;
  stake?: unknown;
  amount?: unknown;
}

/**
 * The live table's and the cockfight pit's API: `GET /api/table/state`, `POST /api/table/bet`, `POST
 * /api/table/tip` (live only) and the page's script. One table per engine and game code, shared by its players.
 */
export const registerTables = (
  app: FastifyInstance,
  deps: {
    wallet: WalletClient;
    rounds: RoundRunner;
    roundMs: number;
    session: (body: TableBody) => { token: string; currency: string; mode: 'real' | 'fun' } | null;
    failure: (error: unknown) => { error: string; balance?: string };
    /** Where each engine's tables keep their rounds across restarts (decision 0167). */
    stores?: { live: StateStore; cockfight: StateStore };
    dealers?: TableDealers;
  },
) => {
  const live = createTableRunner<BaccaratSpot, null, BaccaratHand>({
    game: {
      spots: BACCARAT_SPOTS,
      open: () => null,
      deal: () => (deps.dealers?.baccarat ?? dealBaccarat)(),
      settle: (_offer, hand, bets) =>
        bets.reduce((sum, bet) => sum + baccaratReturn(bet.spot, bet.stake, hand.winner), 0n),
    },
    prefix: 'live',
    roundMs: deps.roundMs,
    wallet: deps.wallet,
    rounds: deps.rounds,
    ...(deps.stores ? { store: deps.stores.live } : {}),
  });
  const cockfight = createTableRunner<CockfightSide, FightOffer, FightResult>({
    game: {
      spots: COCKFIGHT_SIDES,
      open: () => {
        const card = pickFightCard();
        return { card, odds: { meron: oddsOf(card, 'meron'), wala: oddsOf(card, 'wala') } };
      },
      deal: (offer) => (deps.dealers?.fight ?? fight)(offer.card),
      // A draw voids the fight: every stake of the round goes back.
      settle: (offer, result, bets) =>
        result === 'draw'
          ? 'refund'
          : bets.reduce((sum, bet) => sum + cockfightReturn(offer.card, bet.spot, bet.stake, result), 0n),
    },
    prefix: 'cockfight',
    roundMs: deps.roundMs,
    wallet: deps.wallet,
    rounds: deps.rounds,
    ...(deps.stores ? { store: deps.stores.cockfight } : {}),
  });
  app.addHook('onClose', async () => {
    await Promise.all([live.stop(), cockfight.stop()]);
  });

  const gameOf = (value: unknown) => (typeof value === 'string' && GAME_CODE.test(value) ? value : null);
  const amountOf = (value: unknown, currency: string) => {
    if (typeof value !== 'string' || !STAKE.test(value)) return null;
    const minor = toMinor(value, currency);
    return minor >= MIN_STAKE && minor <= MAX_STAKE ? minor : null;
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/table/state', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const engine = tableEngineOf(request.query.engine);
    const game = gameOf(request.query.game);
    if (!engine || !game) return reply.status(400).send({ error: 'game_invalid' });
    const token = request.query.token ?? '';
    return engine === 'live' ? live.view(game, token) : cockfight.view(game, token);
  });

  app.post<{ Body: TableBody }>('/api/table/bet', async (request) => {
    const body = request.body ?? {};
    const s = deps.session(body);
    if (!s) return { error: 'game_token_invalid' };
    const engine = tableEngineOf(typeof body.engine === 'string' ? body.engine : undefined);
    const game = gameOf(body.game);
    if (!engine || !game) return { error: 'game_invalid' };
    if (s.mode === 'fun') return { error: 'fun_unavailable' };
    const stake = amountOf(body.stake, s.currency);
    if (stake === null) return { error: 'stake_invalid' };
    try {
      if (engine === 'live') {
        const spot = BACCARAT_SPOTS.find((candidate) => candidate === body.spot);
        if (!spot) return { error: 'spot_invalid' };
        return await live.bet(game, { token: s.token, currency: s.currency, spot, stake });
      }
      const side = COCKFIGHT_SIDES.find((candidate) => candidate === body.spot);
      if (!side) return { error: 'spot_invalid' };
      return await cockfight.bet(game, { token: s.token, currency: s.currency, spot: side, stake });
    } catch (error) {
      if (error instanceof TableRefusal) return { error: error.code };
      return deps.failure(error);
    }
  });

  app.post<{ Body: TableBody }>('/api/table/tip', async (request) => {
    const body = request.body ?? {};
    const s = deps.session(body);
    if (!s) return { error: 'game_token_invalid' };
    const game = gameOf(body.game);
    if (body.engine !== 'live' || !game) return { error: 'game_invalid' };
    if (s.mode === 'fun') return { error: 'fun_unavailable' };
    const amount = amountOf(body.amount, s.currency);
    if (amount === null) return { error: 'stake_invalid' };
    try {
      return await live.tip(game, { token: s.token, amount });
    } catch (error) {
      if (error instanceof TableRefusal) return { error: error.code };
      return deps.failure(error);
    }
  });

  app.get('/assets/table.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(TABLE_SCRIPT),
  );
};
