import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { waitFor } from '../../../test/wait-for';
import { createJobs } from './jobs';

/**
 * Three job runners, each its own process with its own pool, on one database (decision 0048): every period's job
 * runs once, and a run whose process dies is retried without a second effect.
 */

const runnerPath = path.resolve(import.meta.dirname, '../../../test/jobs-runner.ts');
let database: TestDatabase;
const runners: ChildProcess[] = [];

const startRunner = async (instance: string, extra: Record<string, string> = {}) => {
  const child = spawn(process.execPath, ['--import', 'tsx', runnerPath], {
    env: { ...process.env, DATABASE_URL: database.url, INSTANCE: instance, JOB_PERIOD_SECONDS: '1', ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runners.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`runner ${instance} exited (${child.exitCode}): ${output}`);
    return output.includes('started');
  }, 60_000);
  return child;
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const count = async (sql: string, values: unknown[] = []) =>
  Number((await database.pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, values)).rows[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(
    'CREATE TABLE job_effects (name text NOT NULL, period_key text NOT NULL, instance text NOT NULL)',
  );
  await database.pool.query('CREATE TABLE job_attempts (name text NOT NULL, instance text NOT NULL)');
});

afterEach(async () => {
  for (const child of runners.splice(0)) {
    child.kill('SIGKILL');
    await exited(child);
  }
});

afterAll(async () => {
  await database.drop();
});

describe('scheduled jobs on one database', () => {
  it('three runner processes run a per-period job once per period over ten periods', async () => {
    const started = await Promise.all(['a', 'b', 'c'].map((instance) => startRunner(instance)));
    const firstRow = await database.pool.query<{ period_key: string }>(
      "SELECT max(period_key) AS period_key FROM job_runs WHERE name = 'counted'",
    );
    // Periods that began before all three were up are left out; the next twelve are watched.
    const from = firstRow.rows[0]?.period_key ?? '';
    await waitFor(
      async () => (await count("job_runs WHERE name = 'counted' AND period_key > $1", [from])) >= 12,
      60_000,
    );
    // A graceful stop drains the runs in progress.
    for (const child of started) child.kill('SIGTERM');
    await Promise.all(started.map(exited));
    expect(started.map((child) => child.exitCode)).toEqual([0, 0, 0]);

    const { rows: periods } = await database.pool.query<{ period_key: string; effects: string }>(
      `SELECT r.period_key, count(e.*)::text AS effects
         FROM job_runs r LEFT JOIN job_effects e ON e.name = r.name AND e.period_key = r.period_key
        WHERE r.name = 'counted' AND r.period_key > $1
        GROUP BY r.period_key ORDER BY r.period_key`,
      [from],
    );
    // Ten whole periods in a row (the last ones may still have been in flight at the stop).
    const watched = periods.slice(0, 10);
    expect(watched).toHaveLength(10);
    const starts = watched.map((row) => Date.parse(row.period_key));
    expect(starts.slice(1).map((start, i) => start - (starts[i] ?? 0))).toEqual(Array(9).fill(1000));
    expect(watched.map((row) => row.effects)).toEqual(Array(10).fill('1'));
    // No effect without its job_runs row, in any period.
    expect(
      await count(
        "job_effects e WHERE e.name = 'counted' AND NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.name = e.name AND r.period_key = e.period_key)",
      ),
    ).toBe(0);
    const effectsPerPeriod = await database.pool.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM job_effects WHERE name = 'counted' GROUP BY period_key HAVING count(*) > 1",
    );
    expect(effectsPerPeriod.rows).toEqual([]);
  }, 120_000);

  it('a runner that looks less often than the period (a held-up timer) still runs every period once', async () => {
    // A 1-second job looked at every 3.5 s: each late look sends the periods it missed.
    // Periods of the earlier test's runners are left out: the watch starts at this runner's first period.
    const earlier = await database.pool.query<{ period_key: string | null }>(
      "SELECT max(period_key) AS period_key FROM job_runs WHERE name = 'counted'",
    );
    const before = earlier.rows[0]?.period_key ?? '';
    const runner = await startRunner('late', { JOB_TICK_MS: '3500' });
    let from = '';
    await waitFor(async () => {
      const first = await database.pool.query<{ period_key: string | null }>(
        "SELECT min(period_key) AS period_key FROM job_runs WHERE name = 'counted' AND period_key > $1",
        [before],
      );
      from = first.rows[0]?.period_key ?? '';
      return from !== '';
    }, 30_000);
    await waitFor(
      async () => (await count("job_runs WHERE name = 'counted' AND period_key >= $1", [from])) >= 8,
      60_000,
    );
    runner.kill('SIGTERM');
    await exited(runner);
    const { rows } = await database.pool.query<{ period_key: string; effects: string }>(
      `SELECT r.period_key, count(e.*)::text AS effects
         FROM job_runs r LEFT JOIN job_effects e ON e.name = r.name AND e.period_key = r.period_key
        WHERE r.name = 'counted' AND r.period_key >= $1
        GROUP BY r.period_key ORDER BY r.period_key`,
      [from],
    );
    const watched = rows.slice(0, 8);
    const starts = watched.map((row) => Date.parse(row.period_key));
    // No period between the first and the eighth is missing, and each had its effect once.
    expect(starts.slice(1).map((start, i) => start - (starts[i] ?? 0))).toEqual(Array(7).fill(1000));
    expect(watched.map((row) => row.effects)).toEqual(Array(8).fill('1'));
  }, 120_000);

  it('a run whose process is killed mid-run is retried elsewhere and its effect happens once', async () => {
    // The first runner takes the day's `stuck` run and hangs inside its effect's transaction.
    const hanging = await startRunner('hang', { HANG_INSTANCE: 'hang' });
    await waitFor(async () => (await count("job_attempts WHERE instance = 'hang'")) === 1, 30_000);
    hanging.kill('SIGKILL');
    await exited(hanging);
    expect(await count("job_runs WHERE name = 'stuck'")).toBe(0);

    await startRunner('rescuer', { HANG_INSTANCE: 'hang' });
    await waitFor(async () => (await count("job_runs WHERE name = 'stuck'")) === 1, 60_000);
    expect(await count("job_attempts WHERE instance = 'rescuer'")).toBe(1);
    const effects = await database.pool.query<{ instance: string }>(
      "SELECT instance FROM job_effects WHERE name = 'stuck'",
    );
    expect(effects.rows).toEqual([{ instance: 'rescuer' }]);
  }, 120_000);

  it('runs more jobs than the pool has connections, each taking a second connection in its effect, without a stall', async () => {
    // Six jobs due at once on a pool of three, each effect reading on the pool inside its once transaction: with
    // every run at once, the three transactions held the pool and waited on it for ever.
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    const jobs = createJobs(pool, { onError: () => undefined, pollingIntervalSeconds: 0.5 });
    const names = Array.from({ length: 6 }, (_, i) => `crowded_${i}`);
    for (const name of names) {
      jobs.define({
        name,
        schedule: { everySeconds: 3600 },
        run: (job) =>
          job.once(async (client) => {
            await pool.query('SELECT pg_sleep(0.05)');
            await client.query("INSERT INTO job_effects (name, period_key, instance) VALUES ($1, $2, 'crowded')", [
              job.name,
              job.periodKey,
            ]);
          }),
      });
    }
    try {
      await jobs.start();
      await waitFor(async () => (await count("job_effects WHERE instance = 'crowded'")) === names.length, 45_000);
      expect(await count("job_runs WHERE name LIKE 'crowded_%'")).toBe(names.length);
    } finally {
      await jobs.stop();
      await pool.end();
    }
  }, 120_000);
});
