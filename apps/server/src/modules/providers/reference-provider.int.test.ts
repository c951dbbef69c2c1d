import { type ChildProcess, spawn } from 'node:child_process';
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
let client: ReturnType<typeof memberClient>;
let slotNodeId: string;
let proxyUrl: string;
/** The sportsbook's book (decision 0136): a file of this run, kept across the provider's restart. */
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
      REFERENCE_PROVIDER_SPORTSBOOK_FILE: path.join(bookDir, 'sportsbook.json'),
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
  memberToken = (await fundedMember(t, client, 'roundtrip', 500_00n)).token;
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
    const crashed = provider;
    const exited = new Promise((resolve) => crashed.once('exit', resolve));
    crashed.kill('SIGKILL');
    await exited;
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
});
