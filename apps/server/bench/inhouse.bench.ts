/**
 * npm run bench:inhouse — seeded in-house bets per second and latency through the HTTP API (routing, session,
 * validation, one transaction with the ledger and the betting record), at 1 and 16 concurrent players, on the
 * real server built in this process. Each player has its own member and balance (one member's bets queue on
 * its seed pair by design). Uses DATABASE_URL's server when set, else an embedded PostgreSQL.
 *
 * Then it proves the bets fair after the fact, as a player would: every player rotates its seed pair (revealing the
 * server seed), and every stored round (over 10,000) is recomputed by the engines from the revealed seed, its client
 * seed, nonce and choices; the outcome and the multiplier must be the stored ones. A difference exits with 1.
 */
import { randomUUID } from 'node:crypto';
import { hashServerSeed, playSeededBet, type SeededBet } from '@tessera/engines';
import { buildApp } from '../src/app';
import { seedDemo } from '../src/seed';
import { benchDatabase, benchPlayers, measure } from './bench-support';

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
    { sites: { webDir: '/nonexistent', adminDir: '/nonexistent' }, runJobs: false },
  );
  await seedDemo(services, { domains: ['localhost'], port: 8080, operatorPassword: 'Tessera-Owner-2026' });
  const tokens = await benchPlayers(services, PLAYERS);

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

  for (const token of tokens) {
    const rotated = await app.inject({
      method: 'POST',
      url: '/wps/inhouse/seeds/rotate',
      headers: { Merchant: 'demo', ModuleId: 'COMM3', authorization: token },
      payload: { clientSeed: randomUUID() },
    });
    if (rotated.statusCode !== 200) throw new Error(`rotation failed: ${rotated.body}`);
  }
  const { rows } = await database.pool.query<{
    game: SeededBet['game'];
    params: SeededBet['params'];
    outcome: unknown;
    numerator: string;
    denominator: string;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: string;
  }>(
    `SELECT r.game, r.params, r.outcome, r.multiplier_numerator AS numerator, r.multiplier_denominator AS denominator,
            p.server_seed AS "serverSeed", r.server_seed_hash AS "serverSeedHash", r.client_seed AS "clientSeed", r.nonce
       FROM inhouse_rounds r JOIN inhouse_seed_pairs p ON p.id = r.seed_pair_id
      WHERE r.merchant_code = 'demo' AND r.status = 'settled' AND p.revealed_at IS NOT NULL`,
  );
  // jsonb keeps no key order: compare outcomes as canonical JSON.
  const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, inner) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
        : inner,
    );
  let differ = 0;
  for (const row of rows) {
    const again = playSeededBet({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: Number(row.nonce) }, {
      game: row.game,
      params: row.params,
    } as SeededBet);
    const sameMultiplier =
      BigInt(again.multiplier.numerator) * BigInt(row.denominator) ===
      BigInt(row.numerator) * BigInt(again.multiplier.denominator);
    const sameSeed = hashServerSeed(row.serverSeed) === row.serverSeedHash;
    if (!sameSeed || !sameMultiplier || canonical(again.outcome) !== canonical(row.outcome)) differ += 1;
  }
  console.log(
    `verification: ${rows.length} stored bets recomputed from their revealed seeds, ${rows.length - differ} match, ${differ} differ`,
  );
  await app.close();
  await drop();
  if (differ > 0 || rows.length < 10_000) process.exit(1);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
