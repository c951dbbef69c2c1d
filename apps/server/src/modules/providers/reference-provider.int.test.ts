import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, REFERENCE_PROVIDER_SECRET, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';

/**
 * Whole rounds as in production: the reference provider (its own process, started from apps/reference-provider)
 * calls the platform's seamless wallet over HTTP, through a proxy that can lose answers or refuse calls, so
 * retries, rollbacks and late wins are exercised for real.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
let t: TestApp;
let platformUrl: string;
let proxy: FastifyInstance;
let provider: ChildProcess;
let providerUrl: string;
let memberToken: string;
let memberId: string;
let client: ReturnType<typeof memberClient>;
let slotNodeId: string;
let proxyUrl: string;
/** A live table's betting window here: long enough to bet and crash the provider before the round closes. */
const TABLE_ROUND_MS = 8_000;
/** The stand-ins' state (decisions 0136, 0167): files of this run, kept across the provider's restarts. */
const bookDir = mkdtempSync(path.join(tmpdir(), 'reference-provider-int-'));

/** What the proxy does to the next calls of an action: `lose` forwards and then answers 502; `refuse` answers 502 only. */
const faults: Record<string, { mode: 'lose' | 'refuse'; times: number } | undefined> = {};
const forwarded: { action: string; status: number }[] = [];

/**
 * A free port for the provider, held until `release` (just before the provider starts): while held, the platform
 * and the proxy, which listen on any free port, cannot be given it.
 */
const reservePort = () =>
  new Promise<{ port: number; release: () => Promise<void> }>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ port, release: () => new Promise((closed) => server.close(() => closed())) });
    });
  });

const balance = async () =>
  (await client.send({ method: 'GET', url: '/wps/v2/wallets/balance', moduleId: 'COMM3', token: memberToken })).json()
    .value.balance[0].availBalance as string;

const launch = async (nodeId: string) => {
  const response = await client.send({
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${nodeId}`,
    moduleId: 'GAMELO3',
    token: memberToken,
  });
  return new URL(response.json().value.content.game_url);
};

interface ProviderAnswer {
  error?: string;
  balance?: string;
  win: string;
  roundId: string;
  settlementPending?: boolean;
}

const providerCall = async (url: URL, path: string, body?: object): Promise<ProviderAnswer> => {
  const session = {
    token: url.searchParams.get('token'),
    mode: url.searchParams.get('mode'),
    currency: url.searchParams.get('currency'),
  };
  const response = body
    ? await fetch(`${providerUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...session, ...body }),
      })
    : await fetch(`${providerUrl}${path}?${new URLSearchParams(session as Record<string, string>)}`);
  return (await response.json()) as ProviderAnswer;
};

/** Starts the provider's process (again, after a crash) on the same port and book, and waits until it answers. */
const startProvider = async () => {
  const port = new URL(providerUrl).port;
  provider = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/reference-provider/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REFERENCE_PROVIDER_PORT: port,
      REFERENCE_PROVIDER_HOST: '127.0.0.1',
      REFERENCE_PROVIDER_PLATFORM_URL: proxyUrl,
      REFERENCE_PROVIDER_SECRET,
      REFERENCE_PROVIDER_RETRY_MS: '200',
      REFERENCE_PROVIDER_LOG_LEVEL: 'silent',
      // Every stand-in's state (the sportsbook's book, the rounds under way, the tables, the tournaments).
      REFERENCE_PROVIDER_STATE_DIR: bookDir,
      REFERENCE_PROVIDER_TABLE_ROUND_MS: String(TABLE_ROUND_MS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A provider that cannot start says why at once, rather than after the wait.
  let startError = '';
  const started = provider;
  started.stderr?.on('data', (chunk: Buffer) => {
    startError += chunk.toString();
  });
  await waitFor(async () => {
    if (started.exitCode !== null)
      throw new Error(`the reference provider exited (${started.exitCode}): ${startError}`);
    return (await fetch(`${providerUrl}/health`).catch(() => null))?.ok === true;
  }, 60_000);
};

/** Kills the provider's process with no chance to save or send anything, and waits until it is gone. */
const crashProvider = async () => {
  const crashed = provider;
  const exited = new Promise((resolve) => crashed.once('exit', resolve));
  crashed.kill('SIGKILL');
  await exited;
};

/** A seamless-wallet call signed as the provider signs it, straight to the platform. */
const signedCall = (action: string, body: object) => {
  const raw = JSON.stringify(body);
  return fetch(`${platformUrl}/seamless/v1/DEMO/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', REFERENCE_PROVIDER_SECRET).update(raw).digest('hex'),
    },
    body: raw,
  });
};

const OPERATOR_KEY = { 'content-type': 'application/json', 'x-operator-key': 'reference-provider-operator-key' };

beforeAll(async () => {
  const providerPort = await reservePort();
  providerUrl = `http://127.0.0.1:${providerPort.port}`;
  t = await createTestApp({ REFERENCE_PROVIDER_URL: providerUrl });
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

  proxy = Fastify();
  proxy.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  proxy.post<{ Params: { action: string } }>('/seamless/v1/:provider/:action', async (request, reply) => {
    const action = request.params.action;
    const fault = faults[action];
    const active = fault !== undefined && fault.times > 0;
    if (active) fault.times -= 1;
    if (active && fault.mode === 'refuse') return reply.status(502).send('bad gateway');
    const upstream = await fetch(`${platformUrl}${request.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': String(request.headers['x-signature']) },
      body: String(request.body),
    });
    const text = await upstream.text();
    forwarded.push({ action, status: upstream.status });
    if (active && fault.mode === 'lose') return reply.status(502).send('answer lost');
    return reply
      .status(upstream.status)
      .header('content-type', 'application/json')
      .header('x-signature', upstream.headers.get('x-signature') ?? '')
      .send(text);
  });
  proxyUrl = await proxy.listen({ port: 0, host: '127.0.0.1' });

  await providerPort.release();
  await startProvider();

  client = memberClient(t);
  const member = await fundedMember(t, client, 'roundtrip', 500_00n);
  memberToken = member.token;
  memberId = member.memberId;
  const { rows } = await t.database.pool.query<{ id: number }>(
    "SELECT id FROM games WHERE engine = 'slot' AND game_type = 'RNG' AND vendor_code = 'PNG' ORDER BY id LIMIT 1",
  );
  slotNodeId = String(rows[0]?.id);
}, 120_000);

afterAll(async () => {
  provider?.kill('SIGTERM');
  rmSync(bookDir, { recursive: true, force: true });
  await proxy?.close();
  await closeReconciled(t);
});

describe('the reference provider against the platform', () => {
  it('plays whole rounds: every stake and win lands in the ledger and the betting record', async () => {
    const game = await launch(slotNodeId);
    expect(game.origin).toBe(providerUrl);
    const page = await fetch(game.toString());
    expect(await page.text()).toContain('Slot machine');
    expect((await providerCall(game, '/api/session')).balance).toBe('500.00');
    let expected = 500_00;
    for (let i = 0; i < 15; i++) {
      const round = await providerCall(game, '/api/spin', { stake: '2.00' });
      expect(round.error).toBeUndefined();
      expected += -200 + Math.round(Number(round.win) * 100);
      expect(round.balance).toBe((expected / 100).toFixed(2));
    }
    expect(await balance()).toBe((expected / 100).toFixed(2));
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n, sum(bet_amount)::int AS staked FROM bet_rounds WHERE source = 'seamless' AND status = 'settled'",
    );
    expect(rows[0]).toEqual({ n: 15, staked: 3000 });
  });

  it('retries a bet whose answer was lost, and the platform takes it once', async () => {
    const game = await launch(slotNodeId);
    const before = Number(await balance());
    faults.bet = { mode: 'lose', times: 1 };
    const round = await providerCall(game, '/api/spin', { stake: '1.00' });
    expect(round.error).toBeUndefined();
    expect(Number(await balance())).toBeCloseTo(before - 1 + Number(round.win), 2);
    const bets = forwarded.filter((call) => call.action === 'bet').slice(-2);
    expect(bets.map((call) => call.status)).toEqual([200, 200]);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
      [`seamless:DEMO:bet-${round.roundId}`],
    );
    expect(rows[0].n).toBe(1);
  });

  it('rolls a bet back when no answer ever comes, returning the stake', async () => {
    const game = await launch(slotNodeId);
    const before = await balance();
    faults.bet = { mode: 'lose', times: 4 };
    const round = await providerCall(game, '/api/spin', { stake: '5.00' });
    expect(round.error).toBe('wallet_unavailable');
    await waitFor(async () => (await balance()) === before);
    const { rows } = await t.database.pool.query(
      "SELECT status, bet_amount::int AS bet FROM bet_rounds WHERE source = 'seamless' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ status: 'cancelled', bet: 0 });
  });

  it('delivers a win the platform could not take, later, even after the game token expired', async () => {
    const game = await launch(slotNodeId);
    const before = Math.round(Number(await balance()) * 100);
    faults.win = { mode: 'refuse', times: 1_000_000 };
    let net = 0;
    let pending = 0;
    for (let i = 0; i < 60 && pending === 0; i++) {
      const round = await providerCall(game, '/api/spin', { stake: '1.00' });
      net += -100 + Math.round(Number(round.win) * 100);
      if (Number(round.win) > 0) {
        expect(round.settlementPending).toBe(true);
        pending += 1;
      }
    }
    expect(pending).toBe(1);
    // Every round's win is owed (0 or not); none is settled yet, and the game token has expired meanwhile.
    const open = await t.database.pool.query("SELECT count(*)::int AS n FROM seamless_rounds WHERE status = 'open'");
    expect(open.rows[0].n).toBeGreaterThan(0);
    await t.database.pool.query("UPDATE game_sessions SET expires_at = now() - interval '1 second'");
    faults.win = undefined;
    await waitFor(async () => {
      const { rows } = await t.database.pool.query(
        "SELECT count(*)::int AS n FROM seamless_rounds WHERE status = 'open'",
      );
      return rows[0].n === 0;
    });
    expect(Math.round(Number(await balance()) * 100)).toBe(before + net);
    const record = await t.database.pool.query("SELECT count(*)::int AS n FROM bet_rounds WHERE status = 'open'");
    expect(record.rows[0].n).toBe(0);
  });

  it('keeps an open sports bet across a crash of the provider, then settles it (decision 0136)', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(
      "SELECT id FROM games WHERE engine = 'sportsbook' ORDER BY id LIMIT 1",
    );
    const game = await launch(String(rows[0]?.id));
    const code = game.searchParams.get('game') ?? '';
    const listed = (await (await fetch(`${providerUrl}/api/sportsbook/fixtures?game=${code}`)).json()) as {
      fixtures: { id: string; odds: Record<string, number> }[];
    };
    const fixture = listed.fixtures[0];
    if (!fixture) throw new Error('no fixture');
    const placed = (await providerCall(game, '/api/sportsbook/bets', {
      game: code,
      stake: '10.00',
      picks: [{ fixtureId: fixture.id, pick: 'home' }],
    })) as unknown as { bet: { id: string } };
    const roundId = placed.bet.id;
    const round = async () =>
      (
        await t.database.pool.query<{ status: string; bet_total: string; win_total: string }>(
          "SELECT status, bet_total::text, win_total::text FROM seamless_rounds WHERE provider = 'DEMO' AND round_id = $1",
          [roundId],
        )
      ).rows[0];
    expect(await round()).toEqual({ status: 'open', bet_total: '1000', win_total: '0' });

    // The provider's process dies (no graceful close) and starts again on the same book.
    await crashProvider();
    await startProvider();
    const bets = (await (
      await fetch(`${providerUrl}/api/sportsbook/bets?token=${game.searchParams.get('token')}`)
    ).json()) as { bets: { id: string; state: string }[] };
    expect(bets.bets).toContainEqual(expect.objectContaining({ id: roundId, state: 'open' }));

    // The operator enters the result after the restart: the platform's round is settled with the win.
    const entered = await fetch(`${providerUrl}/api/sportsbook/admin/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': 'reference-provider-operator-key' },
      body: JSON.stringify({ fixtureId: fixture.id, result: 'home' }),
    });
    expect(entered.status).toBe(200);
    const payout = String((1000 * (fixture.odds.home ?? 0)) / 100);
    await waitFor(async () => (await round())?.status === 'settled');
    expect(await round()).toEqual({ status: 'settled', bet_total: '1000', win_total: payout });
  });

  it('keeps a live table round across a crash mid-round, then settles it: the balance exact (decision 0167)', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(
      "SELECT id FROM games WHERE engine = 'live' ORDER BY id LIMIT 1",
    );
    const game = await launch(String(rows[0]?.id));
    const code = game.searchParams.get('game') ?? '';
    const token = game.searchParams.get('token') ?? '';
    const state = async () =>
      (await (await fetch(`${providerUrl}/api/table/state?engine=live&game=${code}&token=${token}`)).json()) as {
        round: { no: number; closesInMs: number; betting: boolean };
        seat: { roundId: string } | null;
        settled: { roundId: string; returned: string; stake: string; tips: string } | null;
      };
    // Bets early in a round, so the crash comes before it closes.
    await waitFor(async () => {
      const view = await state();
      return view.round.betting && view.round.closesInMs > TABLE_ROUND_MS - 3_000;
    }, 30_000);
    const before = Math.round(Number(await balance()) * 100);
    const banker = await providerCall(game, '/api/table/bet', {
      engine: 'live',
      game: code,
      spot: 'banker',
      stake: '10.00',
    });
    const player = await providerCall(game, '/api/table/bet', {
      engine: 'live',
      game: code,
      spot: 'tie',
      stake: '2.00',
    });
    const tip = await providerCall(game, '/api/table/tip', { engine: 'live', game: code, amount: '1.00' });
    expect([banker.error, player.error, tip.error]).toEqual([undefined, undefined, undefined]);
    expect(player.roundId).toBe(banker.roundId);
    const roundId = banker.roundId;
    const round = async () =>
      (
        await t.database.pool.query<{ status: string; bet_total: string; win_total: string; tip_total: string }>(
          `SELECT status, bet_total::text, win_total::text, tip_total::text FROM seamless_rounds
            WHERE provider = 'DEMO' AND round_id = $1`,
          [roundId],
        )
      ).rows[0];

    await crashProvider();
    // Down mid-round: the platform holds the round open with both stakes and the tip.
    expect(await round()).toEqual({ status: 'open', bet_total: '1200', win_total: '0', tip_total: '100' });
    await startProvider();

    // The restarted provider closes the same round at its time and settles it with one closing win.
    await waitFor(async () => (await round())?.status === 'settled', 60_000);
    const settled = await round();
    await waitFor(async () => (await state()).settled?.roundId === roundId, 30_000);
    const seen = (await state()).settled;
    expect(seen).toMatchObject({ roundId, stake: '12.00', tips: '1.00' });
    expect(Math.round(Number(seen?.returned) * 100)).toBe(Number(settled?.win_total));
    expect(Math.round(Number(await balance()) * 100)).toBe(before - 1200 - 100 + Number(settled?.win_total));
    const calls = await t.database.pool.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM seamless_transactions WHERE provider = 'DEMO' AND round_id = $1
        GROUP BY kind ORDER BY kind`,
      [roundId],
    );
    expect(calls.rows).toEqual([
      { kind: 'bet', n: 2 },
      { kind: 'tip', n: 1 },
      { kind: 'win', n: 1 },
    ]);
  });

  it("pays a fishing tournament's prizes through promo once, even replayed ×10 and concurrently (decision 0167)", async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(
      "SELECT id FROM games WHERE engine = 'fishing' ORDER BY id LIMIT 1",
    );
    const game = await launch(String(rows[0]?.id));
    const code = game.searchParams.get('game') ?? '';
    const token = game.searchParams.get('token') ?? '';
    const opened = (await (
      await fetch(`${providerUrl}/api/tournaments/admin`, {
        method: 'POST',
        headers: OPERATOR_KEY,
        body: JSON.stringify({
          name: 'Integration cup',
          game: code,
          currency: 'USD',
          startsAt: new Date(Date.now() - 1_000).toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          prizes: ['30.00', '20.00'],
        }),
      })
    ).json()) as { tournament: { id: string } };
    const tournamentId = opened.tournament.id;
    // Shots at the clownfish (×2, caught about half the time) until one is caught: the member then scores.
    let caught = false;
    for (let i = 0; i < 60 && !caught; i++) {
      const shot = (await providerCall(game, '/api/fishing/shot', {
        game: code,
        cannon: '0.10',
        fish: 'clownfish',
      })) as ProviderAnswer & { outcome?: { caught: boolean } };
      expect(shot.error).toBeUndefined();
      caught = shot.outcome?.caught === true;
    }
    expect(caught).toBe(true);
    const board = (await (await fetch(`${providerUrl}/api/tournaments?game=${code}&token=${token}`)).json()) as {
      tournaments: { id: string; you: { place: number } | null }[];
    };
    expect(board.tournaments.find((entry) => entry.id === tournamentId)?.you?.place).toBe(1);

    // The operator closes it while the platform's answers to promo are lost: the provider sends it again.
    const before = Math.round(Number(await balance()) * 100);
    faults.promo = { mode: 'lose', times: 2 };
    const closed = (await (
      await fetch(`${providerUrl}/api/tournaments/admin/close`, {
        method: 'POST',
        headers: OPERATOR_KEY,
        body: JSON.stringify({ id: tournamentId }),
      })
    ).json()) as { tournament: { payouts: { transactionId: string; amount: string; state: string }[] } };
    expect(closed.tournament.payouts).toEqual([
      expect.objectContaining({ transactionId: `${tournamentId}-prize-1`, amount: '30.00', state: 'paid' }),
    ]);
    expect(forwarded.filter((call) => call.action === 'promo').length).toBeGreaterThanOrEqual(3);
    expect(Math.round(Number(await balance()) * 100)).toBe(before + 3000);

    // The provider's call replayed ×10 one after another and ×10 at once: the same answer, one movement.
    const prize = {
      token,
      transactionId: `${tournamentId}-prize-1`,
      campaignId: tournamentId,
      reason: 'tournament',
      amount: '30.00',
      currency: 'USD',
    };
    const first = (await (await signedCall('promo', prize)).json()) as { success: boolean };
    expect(first.success).toBe(true);
    const serial = [];
    for (let i = 0; i < 10; i++) serial.push(await (await signedCall('promo', prize)).json());
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, async () => (await signedCall('promo', prize)).json()),
    );
    for (const answer of [...serial, ...concurrent]) expect(answer).toEqual(first);
    expect(Math.round(Number(await balance()) * 100)).toBe(before + 3000);
    const moved = await t.database.pool.query(
      'SELECT type, reference FROM ledger_transactions WHERE idempotency_key = $1',
      [`seamless:DEMO:${prize.transactionId}`],
    );
    expect(moved.rows).toEqual([
      expect.objectContaining({ type: 'game_promo', reference: `DEMO:tournament:${tournamentId}` }),
    ]);

    // The member's account record shows it with its reason; so does the member's wallet in the back office.
    const record = (
      await client.send({
        method: 'GET',
        url: '/wps/member/transactions?type=game_promo&range=today',
        moduleId: 'COMM3',
        token: memberToken,
      })
    ).json().value;
    expect(record.list).toEqual([
      expect.objectContaining({ type: 'game_promo', amount: '30.00', reference: `DEMO:tournament:${tournamentId}` }),
    ]);
    const wallet = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/demo/members/${memberId}/wallet?pageNo=1&pageSize=20&type=game_promo`,
      headers: { authorization: await t.operatorToken() },
    });
    expect(wallet.json().value.list).toEqual([
      expect.objectContaining({ type: 'game_promo', reference: `DEMO:tournament:${tournamentId}` }),
    ]);
  });
});
