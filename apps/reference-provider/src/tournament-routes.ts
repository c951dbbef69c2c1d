import type { FastifyInstance } from 'fastify';
import { OPERATOR_PAGE_CSP, operatorKeyCheck } from './operator';
import { toMinor } from './rounds';
import { page } from './sportsbook-page';
import type { StateStore } from './store';
import { createTournaments, TournamentRefusal } from './tournaments';
import type { WalletClient } from './wallet-client';

const GAME_CODE = /^[\w-]{1,60}$/;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const ID = /^tn-[0-9a-f-]{36}$/;

interface CreateBody {
  name?: unknown;
  game?: unknown;
  currency?: unknown;
  startsAt?: unknown;
  endsAt?: unknown;
  prizes?: unknown;
}

/**
 * The tournaments' HTTP side (decision 0167): the member's `GET /api/tournaments?game&token` (the fishing page shows
 * it), and the provider operator's page `GET /tournaments/admin` with its API under /api/tournaments/admin (the
 * operator key in `x-operator-key`): list, open, close (which pays the prizes through the platform's `promo`).
 */
export const registerTournaments = (
  app: FastifyInstance,
  deps: { wallet: WalletClient; operatorKey: string; retryEveryMs: number; store: StateStore },
) => {
  const tournaments = createTournaments({
    wallet: deps.wallet,
    log: app.log,
    retryEveryMs: deps.retryEveryMs,
    store: deps.store,
  });
  app.addHook('onClose', async () => tournaments.stop());
  const keyMatches = operatorKeyCheck(deps.operatorKey);

  app.get<{ Querystring: { game?: string; token?: string } }>('/api/tournaments', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const game = request.query.game ?? '';
    const token = request.query.token ?? '';
    if (!GAME_CODE.test(game)) return reply.status(400).send({ error: 'game_invalid' });
    if (token.length > 200) return reply.status(400).send({ error: 'game_token_invalid' });
    return { tournaments: tournaments.ofGame(game, token) };
  });

  app.get('/tournaments/admin', async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', OPERATOR_PAGE_CSP)
      .send(tournamentsOperatorPage()),
  );
  app.get('/assets/tournaments-admin.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(TOURNAMENTS_OPERATOR_SCRIPT),
  );

  app.get('/api/tournaments/admin', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!keyMatches(request.headers['x-operator-key']))
      return reply.status(401).send({ error: 'operator_key_invalid' });
    return { tournaments: tournaments.all() };
  });

  app.post<{ Body: CreateBody }>('/api/tournaments/admin', async (request, reply) => {
    if (!keyMatches(request.headers['x-operator-key']))
      return reply.status(401).send({ error: 'operator_key_invalid' });
    const body = request.body ?? {};
    const currency = typeof body.currency === 'string' ? body.currency : '';
    const prizes = Array.isArray(body.prizes) ? body.prizes : [];
    if (!prizes.every((amount): amount is string => typeof amount === 'string' && AMOUNT.test(amount)))
      return { error: 'prizes_invalid' };
    const dateOf = (value: unknown) => new Date(typeof value === 'string' ? value : Number.NaN);
    try {
      return {
        tournament: tournaments.create({
          name: typeof body.name === 'string' ? body.name.trim() : '',
          gameCode: typeof body.game === 'string' ? body.game : '',
          currency,
          startsAt: dateOf(body.startsAt),
          endsAt: dateOf(body.endsAt),
          prizes: /^[A-Z]{3}$/.test(currency) ? prizes.map((amount) => toMinor(amount, currency)) : [],
        }),
      };
    } catch (error) {
      if (error instanceof TournamentRefusal) return { error: error.code };
      throw error;
    }
  });

  app.post<{ Body: { id?: unknown } }>('/api/tournaments/admin/close', async (request, reply) => {
    if (!keyMatches(request.headers['x-operator-key']))
      return reply.status(401).send({ error: 'operator_key_invalid' });
    const id = request.body?.id;
    if (typeof id !== 'string' || !ID.test(id)) return { error: 'tournament_not_found' };
    try {
      return { tournament: await tournaments.close(id) };
    } catch (error) {
      if (error instanceof TournamentRefusal) return { error: error.code };
      throw error;
    }
  });

  return tournaments;
};

/** The provider operator's tournaments page (the provider's own back office: English, like its sportsbook's). */
const tournamentsOperatorPage = (): string =>
  page({
    language: 'en',
    dir: 'ltr',
    title: 'Tournaments · Tessera demo provider',
    attrs: 'data-page="tournaments-admin"',
    script: '/assets/tournaments-admin.js',
    body: `<main style="width:min(760px,100%)"><header><h1>Tournaments</h1><small>Tessera demo provider · operator</small></header>
<section class="panel" style="margin-top:12px"><form class="row" data-key-form style="margin-top:0"><label>Operator key <input type="password" data-key autocomplete="off" style="width:220px"></label><button>Open</button></form>
<div class="message" data-message role="status"></div></section>
<section class="panel" data-create hidden><style>[data-create-form] label{display:grid;gap:4px}[data-create-form] input{font:inherit;padding:8px 10px;border-radius:8px;border:0;width:100%}</style><h2 style="font-size:16px;margin:0">New tournament</h2>
<form data-create-form style="display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:10px;margin-top:10px">
<label>Name <input name="name" required maxlength="60" value="Weekly fishing cup"></label>
<label>Game code <input name="game" required maxlength="60" placeholder="AG-F001"></label>
<label>Currency <input name="currency" required maxlength="3" value="USD"></label>
<label>Length (minutes) <input name="minutes" type="number" min="1" max="43200" value="60"></label>
<label>Prizes, 1st place first <input name="prizes" required value="100.00, 50.00, 25.00"></label>
<div style="align-self:end"><button>Open tournament</button></div></form></section>
<section class="panel" data-list hidden style="overflow-x:auto"><table><thead><tr><th>Tournament</th><th>Game</th><th>Period</th><th>Players</th><th>Prizes</th><th>Status</th><th></th></tr></thead><tbody data-rows></tbody></table></section></main>`,
  });

const TOURNAMENTS_OPERATOR_SCRIPT = `(() => {
  const $ = (s) => document.querySelector(s);
  const message = $('[data-message]');
  const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
  let key = sessionStorage.getItem('tournaments-operator-key') || '';
  const call = async (path, payload) => (await fetch(path, { method: payload ? 'POST' : 'GET', headers: { 'x-operator-key': key, ...(payload ? { 'content-type': 'application/json' } : {}) }, body: payload ? JSON.stringify(payload) : undefined })).json();
  const when = (iso) => new Date(iso).toLocaleString();
  const cell = (tr, text) => { const td = document.createElement('td'); td.textContent = text; tr.append(td); return td; };
  const load = async () => {
    const answer = await call('/api/tournaments/admin');
    if (answer.error) { $('[data-list]').hidden = true; $('[data-create]').hidden = true; return say(answer.error === 'operator_key_invalid' ? 'Wrong operator key' : answer.error, 'bad'); }
    sessionStorage.setItem('tournaments-operator-key', key);
    $('[data-list]').hidden = false; $('[data-create]').hidden = false;
    $('[data-rows]').replaceChildren(...answer.tournaments.map((t) => {
      const tr = document.createElement('tr');
      tr.dataset.tournament = t.id;
      cell(tr, t.name);
      cell(tr, t.gameCode);
      cell(tr, when(t.startsAt) + ' – ' + when(t.endsAt));
      cell(tr, String(t.players));
      cell(tr, t.prizes.join(' / ') + ' ' + t.currency);
      const paid = t.payouts.map((p) => '#' + p.place + ' ' + p.player + ' ' + p.amount + ' ' + p.state + (p.refusal ? ' (' + p.refusal + ')' : '')).join('; ');
      cell(tr, t.status + (paid ? ': ' + paid : '')).dataset.status = t.status;
      const action = cell(tr, '');
      if (t.status !== 'closed') {
        const button = document.createElement('button');
        button.textContent = 'Close and pay';
        button.dataset.action = 'close';
        button.addEventListener('click', async () => {
          button.disabled = true;
          const closed = await call('/api/tournaments/admin/close', { id: t.id });
          if (closed.error) say(closed.error, 'bad');
          else say(closed.tournament.name + ': ' + closed.tournament.payouts.length + ' prize(s) ' + closed.tournament.payouts.map((p) => p.amount + ' ' + p.state).join(', '), 'win');
          load();
        });
        action.append(button);
      }
      return tr;
    }));
  };
  $('[data-create-form]').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + Number(form.get('minutes')) * 60000);
    const answer = await call('/api/tournaments/admin', { name: form.get('name'), game: form.get('game'), currency: form.get('currency'), startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), prizes: String(form.get('prizes')).split(',').map((p) => p.trim()).filter(Boolean) });
    if (answer.error) say(answer.error, 'bad'); else { say(answer.tournament.name + ' opened', 'win'); load(); }
  });
  $('[data-key]').value = key;
  $('[data-key-form]').addEventListener('submit', (event) => { event.preventDefault(); key = $('[data-key]').value; load(); });
  if (key) load();
})();`;
