/**
 * npm run bench:inhouse — seeded in-house bets per second and latency through the HTTP API (routing, session,
 * validation, one transaction with the ledger and the betting record), at 1 and 16 concurrent players, on the
 * real server built in this process. Each player has its own member and balance (one member's bets queue on
 * its seed pair by design). Uses DATABASE_URL's server when set, else an embedded PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/platform/security/password';
import { seedDemo } from '../src/seed';
import { benchDatabase, measure } from './bench-support';

const PLAYERS = 16;

const main = async () => {
  const { database, drop } = await benchDatabase('bench_inhouse', 20);
  const { app, services } = await buildApp(
    {
      LOG_LEVEL: process.env.BENCH_LOG === '1' ? 'error' : 'silent',
      trustProxy: false,
      COUNTRY_HEADER: undefined,
      BODY_LIMIT_BYTES: 1_048_576,
      SANDBOX_GATEWAY_URL: 'http://127.0.0.1:9',
      SANDBOX_GATEWAY_MERCHANT_ID: 'demo',
      SANDBOX_GATEWAY_SECRET: 'sandbox-demo-secret',
      REFERENCE_PROVIDER_URL: 'http://127.0.0.1:9',
      REFERENCE_PROVIDER_SECRET: 'bench-reference-provider-secret',
      internalUrl: 'http://127.0.0.1:8080',
    },
    database,
    { sites: { webDir: '/nonexistent', adminDir: '/nonexistent' }, withdrawalJobIntervalMs: null },
  );
  await seedDemo(services, { domains: ['localhost'], port: 8080, operatorPassword: 'Tessera-Owner-2026' });
  const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
  const passwordHash = await hashPassword('Bench-Secret-1');
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const created = await services.members.create({
      merchantCode: 'demo',
      username: `bench${i}`,
      account: `bench${i}`,
      nickname: `bench${i}`,
      passwordHash,
    });
    if (!('row' in created)) throw new Error('bench member not created');
    await services.ledger.transfer({
      merchantCode: 'demo',
      currency: merchant.settings.currency,
      type: 'deposit',
      idempotencyKey: `bench-fund-${i}`,
      from: { house: 'deposits' },
      to: { member: created.row.id, wallet: 'main' },
      amount: 100_000_000n,
    });
    const session = await services.session.startSession(
      created.row,
      merchant,
      { ip: '127.0.0.1', userAgent: null },
      'password',
    );
    tokens.push(session.token);
  }

  const bet = (player: number, body: Record<string, unknown>) =>
    app
      .inject({
        method: 'POST',
        url: '/wps/inhouse/bets',
        headers: { Merchant: 'demo', ModuleId: 'COMM3', authorization: tokens[player] ?? '' },
        payload: { ...body, stake: '1.00', idempotencyKey: randomUUID() },
      })
      .then((response) => {
        if (response.statusCode !== 200) throw new Error(`bet failed: ${response.body}`);
      });

  const games: [string, Record<string, unknown>][] = [
    ['dice', { game: 'dice', params: { target: 5000, direction: 'under' } }],
    ['plinko 16 rows', { game: 'plinko', params: { rows: 16, risk: 'high' } }],
    ['keno 10 picks', { game: 'keno', params: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'medium' } }],
    ['slot', { game: 'slot', params: {} }],
  ];
  // Warm-up: accounts, seed pairs, plans.
  for (let p = 0; p < PLAYERS; p += 1) await bet(p, games[0]?.[1] ?? {});
  for (const [label, body] of games) {
    for (const concurrency of [1, 16]) {
      await measure(`API bet: ${label}`, concurrency, concurrency === 1 ? 500 : 2_000, (i) =>
        bet(i % concurrency, body),
      );
    }
  }
  await app.close();
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
