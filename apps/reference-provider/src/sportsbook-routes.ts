import type { FastifyInstance } from 'fastify';
import { OPERATOR_PAGE_CSP, operatorKeyCheck } from './operator';
import { createSportsbook, SportsbookRefusal, stakeOf } from './sportsbook';
import type { FixtureResult, Pick } from './sportsbook-maths';
import { OPERATOR_SCRIPT, operatorPage, SPORTSBOOK_SCRIPT } from './sportsbook-page';
import type { StateStore } from './store';
import { type WalletClient, WalletRefusal, WalletUnavailable } from './wallet-client';

const GAME_CODE = /^[\w-]{1,60}$/;
const BET_ID = /^sb-[0-9a-f-]{36}$/;
const PICKS: readonly Pick[] = ['home', 'draw', 'away'];
const RESULTS: readonly FixtureResult[] = ['home', 'draw', 'away', 'void'];

interface MemberBody {
  token?: unknown;
  mode?: unknown;
  currency?: unknown;
  game?: unknown;
  stake?: unknown;
  picks?: unknown;
  betId?: unknown;
  amount?: unknown;
}

/**
 * The sportsbook's HTTP side (decision 0130): the member's API under /api/sportsbook, and the provider operator's
 * page and API under /sportsbook/admin and /api/sportsbook/admin (the operator key in `x-operator-key`). Its game
 * page is served by /play (engine=sportsbook, src/app.ts).
 */
export const registerSportsbook = (
  app: FastifyInstance,
  deps: { wallet: WalletClient; operatorKey: string; retryEveryMs: number; store: StateStore },
) => {
  const book = createSportsbook({
    wallet: deps.wallet,
    log: app.log,
    retryEveryMs: deps.retryEveryMs,
    store: deps.store,
  });
  app.addHook('onClose', async () => book.stop());

  const refusal = (error: unknown) => {
    if (error instanceof SportsbookRefusal) return { error: error.code, ...error.value };
    if (error instanceof WalletRefusal) {
      const value = error.value as { balance?: string } | null;
      return { error: error.code, ...(value?.balance ? { balance: value.balance } : {}) };
    }
    if (error instanceof WalletUnavailable) return { error: 'wallet_unavailable' };
    throw error;
  };

  const member = (body: MemberBody) => {
    const token =
      typeof body.token === 'string' && body.token.length > 0 && body.token.length <= 200 ? body.token : null;
    const currency = typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) ? body.currency : null;
    return token && currency ? { token, currency, fun: body.mode === 'fun' } : null;
  };

  const script = (text: string) => (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(text);
  app.get('/assets/sportsbook.js', script(SPORTSBOOK_SCRIPT));
  app.get('/assets/sportsbook-admin.js', script(OPERATOR_SCRIPT));

  app.get<{ Querystring: { game?: string } }>('/api/sportsbook/fixtures', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const game = request.query.game ?? '';
    if (!GAME_CODE.test(game)) return reply.status(400).send({ error: 'game_invalid' });
    try {
      return { fixtures: book.fixtures(game) };
    } catch (error) {
      return reply.status(400).send(refusal(error));
    }
  });

  app.get<{ Querystring: { token?: string } }>('/api/sportsbook/bets', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.query.token ?? '';
    if (token.length === 0 || token.length > 200) return reply.status(400).send({ error: 'game_token_invalid' });
    return { bets: book.bets(token) };
  });

  app.post<{ Body: MemberBody }>('/api/sportsbook/bets', async (request) => {
    const body = request.body ?? {};
    const session = member(body);
    if (!session) return { error: 'game_token_invalid' };
    // The sportsbook takes real bets only: its bets stay open for hours, which play money of a page cannot follow.
    if (session.fun) return { error: 'fun_unavailable' };
    if (typeof body.game !== 'string' || !GAME_CODE.test(body.game)) return { error: 'game_invalid' };
    const stake = stakeOf(body.stake, session.currency);
    if (stake === null) return { error: 'stake_invalid' };
    const picks = Array.isArray(body.picks) ? body.picks : [];
    const parsed = picks.flatMap((p: unknown) => {
      const { fixtureId, pick } = (p ?? {}) as { fixtureId?: unknown; pick?: unknown };
      return typeof fixtureId === 'string' && PICKS.includes(pick as Pick) ? [{ fixtureId, pick: pick as Pick }] : [];
    });
    if (parsed.length !== picks.length) return { error: 'picks_invalid' };
    try {
      return await book.place({
        token: session.token,
        currency: session.currency,
        gameCode: body.game,
        stake,
        picks: parsed,
      });
    } catch (error) {
      return refusal(error);
    }
  });

  app.post<{ Body: MemberBody }>('/api/sportsbook/cashout', async (request) => {
    const body = request.body ?? {};
    const session = member(body);
    if (!session) return { error: 'game_token_invalid' };
    if (typeof body.betId !== 'string' || !BET_ID.test(body.betId)) return { error: 'bet_not_found' };
    const amount = stakeOf(body.amount, session.currency);
    if (amount === null) return { error: 'cashout_price_changed' };
    try {
      return await book.cashout(session.token, body.betId, amount);
    } catch (error) {
      return refusal(error);
    }
  });

  // The provider operator's side: a page, and an API that answers only with the operator key.
  const keyMatches = operatorKeyCheck(deps.operatorKey);

  app.get('/sportsbook/admin', async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', OPERATOR_PAGE_CSP)
      .send(operatorPage()),
  );

  app.get('/api/sportsbook/admin/fixtures', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!keyMatches(request.headers['x-operator-key']))
      return reply.status(401).send({ error: 'operator_key_invalid' });
    return { fixtures: book.allFixtures() };
  });

  app.post<{ Body: { fixtureId?: unknown; result?: unknown } }>(
    '/api/sportsbook/admin/results',
    async (request, reply) => {
      if (!keyMatches(request.headers['x-operator-key']))
        return reply.status(401).send({ error: 'operator_key_invalid' });
      const { fixtureId, result } = request.body ?? {};
      if (typeof fixtureId !== 'string' || fixtureId.length > 80) return { error: 'fixture_not_found' };
      if (!RESULTS.includes(result as FixtureResult)) return { error: 'result_invalid' };
      try {
        return await book.result(fixtureId, result as FixtureResult);
      } catch (error) {
        return refusal(error);
      }
    },
  );

  return book;
};
