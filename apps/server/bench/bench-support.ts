import path from 'node:path';
import pg from 'pg';
import { type AppServices, buildApp } from '../src/app';
import { connectDatabase, type Database } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { serverRoot } from '../src/platform/paths';
import { hashPassword } from '../src/platform/security/password';

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Runs `call` `total` times from `concurrency` callers and prints calls per second with p50, p95 and p99. The
 * figures are printed, never asserted: benches inform, tests decide. Answers calls per second.
 */
export const measure = async (
  label: string,
  concurrency: number,
  total: number,
  call: (i: number) => Promise<unknown>,
): Promise<number> => (await measureFigures(label, concurrency, total, call)).perSecond;

/** `measure`, answering every figure it prints (milliseconds). */
export const measureFigures = async (
  label: string,
  concurrency: number,
  total: number,
  call: (i: number) => Promise<unknown>,
): Promise<{ perSecond: number; p50: number; p95: number; p99: number }> => {
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
  const [p50, p95, p99] = [percentile(times, 50), percentile(times, 95), percentile(times, 99)];
  console.log(
    `${label.padEnd(38)} ${String(concurrency).padStart(2)} callers: ${perSecond.toFixed(1).padStart(8)}/s  p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms`,
  );
  return { perSecond, p50, p95, p99 };
};

/** A fresh, migrated database for one bench run: on DATABASE_URL's server, else an embedded PostgreSQL. */
export const benchDatabase = async (
  prefix: string,
  poolSize: number,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> => {
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(path.join(serverRoot, '.tmp/bench'), 54_331, () => {});
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), poolSize);
  await runMigrations(database.pool);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
      await stop?.();
    },
  };
};

/** The whole server (every module) on a bench database, seeded with the demo merchant and catalogue. */
export const benchApp = async (
  database: Database,
  operatorPassword = 'Bench-Owner-2026',
  options: Parameters<typeof buildApp>[2] = {},
) => {
  const built = await buildApp(
    {
      LOG_LEVEL: 'silent',
      trustProxy: false,
      COUNTRY_HEADER: undefined,
      BODY_LIMIT_BYTES: 1_048_576,
      SANDBOX_GATEWAY_URL: 'http://127.0.0.1:9',
      SANDBOX_GATEWAY_MERCHANT_ID: 'demo',
      SANDBOX_GATEWAY_SECRET: 'sandbox-demo-secret',
      REFERENCE_PROVIDER_URL: 'http://127.0.0.1:8082',
      REFERENCE_PROVIDER_SECRET: BENCH_PROVIDER_SECRET,
      internalUrl: 'http://127.0.0.1:8080',
    },
    database,
    { sites: { webDir: '/nonexistent', adminDir: '/nonexistent' }, ...options },
  );
  const { seedDemo } = await import('../src/seed');
  await seedDemo(built.services, { domains: ['localhost'], port: 8080, operatorPassword });
  return built;
};

export const BENCH_PROVIDER_SECRET = 'reference-provider-bench-secret';

/** `count` demo members (bench0, bench1...), each funded with 1,000,000.00 and signed in: their session tokens. */
export const benchPlayers = async (services: AppServices, count: number): Promise<string[]> => {
  const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
  const passwordHash = await hashPassword('Bench-Secret-1');
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
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
      { ip: '127.0.0.1', userAgent: null, country: null },
      'password',
    );
    tokens.push(session.token);
  }
  return tokens;
};

/**
 * `count` funded, signed-in demo members on the database of a server running as its own process: set up here,
 * before any measurement, by an in-process app that delivers no events, runs no jobs and drives no crash rounds.
 */
export const benchMembers = async (url: string, count: number): Promise<string[]> => {
  const database = connectDatabase(url, 2);
  try {
    const { app, services } = await benchApp(database, undefined, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    try {
      return await benchPlayers(services, count);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
