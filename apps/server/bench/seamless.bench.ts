/**
 * npm run bench:seamless — the seamless wallet's bet and win calls through the whole HTTP stack (Fastify inject:
 * signature check, game token, one transaction with the ledger movement, round, provider transaction and betting
 * record) at 1 and 64 concurrent callers (each caller its own member), beside a bare route measured in the same
 * run. Prints calls per second with p50, p95 and p99. Uses DATABASE_URL's server when set, else an embedded
 * PostgreSQL under apps/server/.tmp/bench.
 */
import { createHmac } from 'node:crypto';
import { BENCH_PROVIDER_SECRET, benchApp, benchDatabase, measure } from './bench-support';

const MEMBERS = 64;

const main = async () => {
  const { database, drop } = await benchDatabase('bench_seamless', 20);
  const { app, services } = await benchApp(database);
  const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
  const { rows } = await database.pool.query<{ id: number }>(
    "SELECT id FROM games WHERE game_type = 'RNG' AND vendor_code = 'PT' ORDER BY id LIMIT 1",
  );
  const nodeId = String(rows[0]?.id);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const created = await services.members.create({
      merchantCode: 'demo',
      username: `seamless${i}`,
      account: `seamless${i}`,
      nickname: 's',
      passwordHash: 'not-a-login',
    });
    if (!('row' in created)) throw new Error('member not created');
    await services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'deposit',
      idempotencyKey: `bench-funding-${i}`,
      from: { house: 'deposits' },
      to: { member: created.row.id, wallet: 'main' },
      amount: 10_000_000_00n,
    });
    const launched = await services.games.launch(
      merchant,
      { memberId: created.row.id, merchantCode: 'demo', sessionId: 'bench', type: 0 },
      { nodeId, accountType: 1, language: 'EN' },
    );
    tokens.push(new URL(launched.game_url).searchParams.get('token') ?? '');
  }

  const call = async (action: string, body: object) => {
    const raw = JSON.stringify(body);
    const response = await app.inject({
      method: 'POST',
      url: `/seamless/v1/DEMO/${action}`,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', BENCH_PROVIDER_SECRET).update(raw).digest('hex'),
      },
    });
    if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode} ${response.body}`);
  };
  let run = 0;
  for (const concurrency of [1, 64]) {
    const total = concurrency === 1 ? 500 : 3_000;
    run += 1;
    await measure('bare route (/healthz, baseline)', concurrency, total, () =>
      app.inject({ method: 'GET', url: '/healthz' }),
    );
    await measure('seamless bet', concurrency, total, (i) =>
      call('bet', {
        token: tokens[i % MEMBERS],
        transactionId: `b${run}-${i}`,
        roundId: `r${run}-${i}`,
        amount: '1.00',
        currency: 'USD',
      }),
    );
    await measure('seamless win (settles the round)', concurrency, total, (i) =>
      call('win', {
        token: tokens[i % MEMBERS],
        transactionId: `w${run}-${i}`,
        roundId: `r${run}-${i}`,
        amount: '1.50',
        currency: 'USD',
        roundClosed: true,
      }),
    );
    await measure('seamless bet repeated (idempotent replay)', concurrency, total, (i) =>
      call('bet', {
        token: tokens[i % MEMBERS],
        transactionId: `b${run}-${i}`,
        roundId: `r${run}-${i}`,
        amount: '1.00',
        currency: 'USD',
      }),
    );
  }
  await app.close();
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
