/**
 * One job runner in its own process with its own pool, for the jobs tests and `npm run soak:jobs`. Configured by
 * environment: DATABASE_URL, INSTANCE (its name), JOB_PERIOD_SECONDS (the `counted` job's period), JOB_TICK_MS (how
 * often it looks for new periods, default 200 ms), HANG_INSTANCE (when set, the daily `stuck` job is defined too, and
 * this instance's runs of it never finish, to be killed mid-run).
 * Stops gracefully on SIGTERM.
 */
import { connectDatabase } from '../src/platform/db/database';
import { createJobs } from '../src/platform/jobs';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const instance = env('INSTANCE');
const database = connectDatabase(env('DATABASE_URL'), 4);
const jobs = createJobs(database.pool, {
  tickMs: Number(process.env.JOB_TICK_MS ?? 200),
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  drainMs: 5000,
  onError: (error, details) => process.stderr.write(`${instance} ${JSON.stringify(details)} ${String(error)}\n`),
});

jobs.define({
  name: 'counted',
  schedule: { everySeconds: Number(env('JOB_PERIOD_SECONDS')) },
  run: (job) =>
    job.once((client) =>
      client.query('INSERT INTO job_effects (name, period_key, instance) VALUES ($1, $2, $3)', [
        job.name,
        job.periodKey,
        instance,
      ]),
    ),
});

const hangInstance = process.env.HANG_INSTANCE;
if (hangInstance)
  jobs.define({
    name: 'stuck',
    schedule: { everySeconds: 86_400 },
    retryDelaySeconds: 0,
    expireInSeconds: 1,
    run: async (job) => {
      // Outside the effect's transaction: every attempt leaves a trace, even one whose process dies.
      await database.pool.query('INSERT INTO job_attempts (name, instance) VALUES ($1, $2)', [job.name, instance]);
      await job.once(async (client) => {
        await client.query('INSERT INTO job_effects (name, period_key, instance) VALUES ($1, $2, $3)', [
          job.name,
          job.periodKey,
          instance,
        ]);
        if (instance === hangInstance) await new Promise(() => {});
      });
    },
  });

const stop = async () => {
  await jobs.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());

await jobs.start();
process.stdout.write('started\n');
