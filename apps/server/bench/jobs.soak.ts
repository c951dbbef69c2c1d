/**
 * `npm run soak:jobs [-- minutes]`: three job runners (test/jobs-runner.ts, each its own process and pool) on a
 * scratch database for N minutes (default 3), with the `counted` job every JOB_PERIOD_SECONDS (default 5); prints
 * how many queue jobs and effects each period had and which instance ran it (runners take a while to start, so
 * the first periods of the run are missing). A figure, not a test (decision 0048).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { benchDatabase } from './bench-support';

const minutes = Number(process.argv[2] ?? 3);
const periodSeconds = process.env.JOB_PERIOD_SECONDS ?? '5';
const { database, url, drop } = await benchDatabase('soak_jobs', 2);
await database.pool.query(
  'CREATE TABLE job_effects (name text NOT NULL, period_key text NOT NULL, instance text NOT NULL)',
);
const runnerPath = path.resolve(import.meta.dirname, '../test/jobs-runner.ts');
const runners: ChildProcess[] = ['a', 'b', 'c'].map((instance) =>
  spawn(process.execPath, ['--import', 'tsx', runnerPath], {
    env: { ...process.env, DATABASE_URL: url, INSTANCE: instance, JOB_PERIOD_SECONDS: periodSeconds },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
console.log(`3 runners, period ${periodSeconds} s, ${minutes} min`);
await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
await Promise.all(
  runners.map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  ),
);
const { rows } = await database.pool.query<{ period_key: string; queued: string; effects: string; by: string }>(
  `SELECT r.period_key, count(e.*)::text AS effects, string_agg(e.instance, ',') AS by,
          (SELECT count(*) FROM pgboss.job j WHERE j.name = r.name AND j.singleton_key = r.period_key)::text AS queued
     FROM job_runs r LEFT JOIN job_effects e ON e.name = r.name AND e.period_key = r.period_key
    WHERE r.name = 'counted' GROUP BY r.name, r.period_key ORDER BY r.period_key`,
);
for (const row of rows)
  console.log(`${row.period_key}  queue jobs ${row.queued}  effects ${row.effects}  by ${row.by ?? '-'}`);
const byInstance = new Map<string, number>();
for (const row of rows)
  for (const name of (row.by ?? '').split(',')) byInstance.set(name, (byInstance.get(name) ?? 0) + 1);
const expected = Math.floor((minutes * 60) / Number(periodSeconds));
console.log(
  `periods ${rows.length} (about ${expected} expected), periods with more than one effect ${rows.filter((row) => row.effects !== '1').length}, by instance ${JSON.stringify(Object.fromEntries(byInstance))}`,
);
await drop();
