/**
 * npm run bench:wallet — ledger transfers per second and latency at 1 and 16 concurrent callers, beside a
 * baseline of one bare guarded `UPDATE … RETURNING` statement (no transaction record, no postings, no
 * idempotency) measured in the same run on the same database. Prints the ratio.
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL under apps/server/.tmp/bench.
 */
import path from 'node:path';
import pg from 'pg';
import { createLedgerRepository, createLedgerService } from '../src/modules/ledger';
import { connectDatabase } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { serverRoot } from '../src/platform/paths';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const measure = async (label: string, concurrency: number, total: number, call: (i: number) => Promise<unknown>) => {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const perSecond = total / ((performance.now() - started) / 1000);
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} ${String(concurrency).padStart(2)} callers: ${perSecond.toFixed(0).padStart(6)}/s  p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
  );
  return perSecond;
};

const main = async () => {
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(path.join(serverRoot, '.tmp/bench'), 54_331, () => {});
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const name = `bench_wallet_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 20);
  await runMigrations(database.pool);
  const ledger = createLedgerService(createLedgerRepository(database.db, database.pool));
  const accounts = Array.from({ length: 200 }, (_, i) => ({ member: `w${i}`, wallet: 'main' as const }));
  for (const [i, account] of accounts.entries()) {
    await ledger.transfer({
      merchantCode: 'bench',
      currency: 'USD',
      type: 'deposit',
      idempotencyKey: `seed${i}`,
      from: { house: 'deposits' },
      to: account,
      amount: 10_000_000n,
    });
  }
  await database.pool.query(
    'CREATE TABLE bench_balances (id int PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0))',
  );
  await database.pool.query('INSERT INTO bench_balances SELECT g, 10000000 FROM generate_series(0, 199) g');

  const results: Record<string, number> = {};
  for (const concurrency of [1, 16]) {
    const total = concurrency === 1 ? 2_000 : 10_000;
    const pick = (i: number) => {
      const a = (i * 7919) % 200;
      return { a, b: (a + 1 + (i % 199)) % 200 };
    };
    results[`raw${concurrency}`] = await measure('raw guarded UPDATE (baseline)', concurrency, total, (i) => {
      const { a, b } = pick(i);
      return database.pool.query(
        `WITH d AS (UPDATE bench_balances SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING id)
         UPDATE bench_balances SET balance = balance + 1 WHERE id = $2 AND EXISTS (SELECT 1 FROM d) RETURNING balance`,
        [a, b],
      );
    });
    results[`ledger${concurrency}`] = await measure('ledger transfer (idempotent, posted)', concurrency, total, (i) => {
      const { a, b } = pick(i);
      return ledger.transfer({
        merchantCode: 'bench',
        currency: 'USD',
        type: 'transfer',
        idempotencyKey: `c${concurrency}-${i}`,
        from: accounts[a] ?? { member: 'x', wallet: 'main' },
        to: accounts[b] ?? { member: 'y', wallet: 'main' },
        amount: 1n,
      });
    });
    console.log(
      `  ratio ledger / raw at ${concurrency}: ${((results[`ledger${concurrency}`] ?? 0) / (results[`raw${concurrency}`] ?? 1)).toFixed(2)}`,
    );
  }
  await database.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
  await stop?.();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
