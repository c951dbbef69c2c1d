import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { withStartupLock } from '../db/migrate';
import { inTransaction } from '../db/transaction';

/** Arbitrary constant naming the "jobs setup" advisory lock. */
const JOBS_SETUP_LOCK_KEY = 7_246_110_503;

/** When a job runs: a cron expression (UTC, minute resolution) or a fixed period in seconds. */
export type JobSchedule = { cron: string } | { everySeconds: number };

export type JobOutcome<T> = { ran: true; value: T } | { ran: false };

export interface JobContext {
  name: string;
  /** The period this run belongs to: the ISO time the period started. */
  periodKey: string;
  /**
   * Runs `effect` in one transaction with the period's `job_runs` row. The row's key is unique, so the effect commits
   * at most once per period however often the queue delivers; a run that finds the row already written does nothing.
   * An effect that throws rolls the row back with it, and the queue retries.
   */
  once: <T>(effect: (client: pg.PoolClient) => Promise<T>) => Promise<JobOutcome<T>>;
}

export interface JobDefinition {
  /** Letters, digits and underscores (the queue's name). */
  name: string;
  schedule: JobSchedule;
  run: (job: JobContext) => Promise<unknown>;
  /** Attempts after the first (default 5), the first retry's delay (default 10 s; doubled each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still active after this long is taken as dead (its process gone) and retried (default 10 minutes). */
  expireInSeconds?: number;
}

export interface JobsOptions {
  /**
   * How often each instance looks for a new period of its jobs (default: half the shortest job's period, between
   * 0.25 s and 5 s, so no period falls between two looks).
   */
  tickMs?: number;
  /** How often an idle worker asks for a job (default 2 s; at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired runs are failed into retries, across all instances (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** The longest a graceful stop waits for running jobs (default 20 s). */
  drainMs?: number;
  /**
   * Job bodies run at once in this instance (default a third of the pool's connections, at least one); the others
   * wait their turn holding no connection.
   */
  maxConcurrentRuns?: number;
  onError: (error: unknown, details: { job?: string; periodKey?: string }) => void;
}

/** The key of the period `now` falls in: the ISO start of the period. */
export const periodKey = (schedule: JobSchedule, now: Date): string => {
  if ('everySeconds' in schedule) {
    const periodMs = schedule.everySeconds * 1000;
    return new Date(Math.floor(now.getTime() / periodMs) * periodMs).toISOString();
  }
  // The last firing at or before `now`.
  const interval = cronParser.parseExpression(schedule.cron, { currentDate: new Date(now.getTime() + 1), utc: true });
  return interval.prev().toDate().toISOString();
};

/** The most periods a look enqueues for one job: the current one and those missed since this instance's last look. */
export const MAX_CATCH_UP_PERIODS = 20;

/**
 * The periods a look at `now` enqueues, oldest first: the current one, and every one that began since `last` (the
 * last period this instance enqueued) that no look saw, at most `limit` in all (the newest). A look can come late:
 * its timer is held up by a busy event loop, or the queue's database was away (a restart) and the send failed.
 * Without `last` (the instance's first look) only the current period: a period in which no instance was up is
 * not run later.
 */
export const periodsToEnqueue = (
  schedule: JobSchedule,
  last: string | undefined,
  now: Date,
  limit = MAX_CATCH_UP_PERIODS,
): string[] => {
  const current = periodKey(schedule, now);
  if (last === undefined || last >= current) return last === current ? [] : [current];
  const keys: string[] = [];
  if ('everySeconds' in schedule) {
    const periodMs = schedule.everySeconds * 1000;
    for (let start = Date.parse(last) + periodMs; start <= Date.parse(current); start += periodMs) {
      keys.push(new Date(start).toISOString());
      if (keys.length > limit) keys.shift();
    }
  } else {
    const interval = cronParser.parseExpression(schedule.cron, { currentDate: new Date(last), utc: true });
    for (let next = interval.next().toDate(); next.getTime() <= Date.parse(current); next = interval.next().toDate()) {
      keys.push(next.toISOString());
      if (keys.length > limit) keys.shift();
    }
  }
  return keys;
};

/** The queue job's id for one (job, period): every instance computes the same, so the queue keeps one of them. */
export const periodJobId = (name: string, key: string): string => {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * How often to look for new periods: half the shortest period (a cron job's is a minute), between 0.25 s and 5 s.
 * A look once per period could miss one to timer drift; a 3-second job looked at every 5 s skipped periods.
 */
export const defaultTickMs = (definitions: readonly Pick<JobDefinition, 'schedule'>[]): number => {
  const shortest = Math.min(
    60_000,
    ...definitions.map(({ schedule }) => ('everySeconds' in schedule ? schedule.everySeconds * 1000 : 60_000)),
  );
  return Math.max(250, Math.min(5_000, Math.floor(shortest / 2)));
};

interface PeriodData {
  periodKey: string;
}

/**
 * At most `limit` of the works given at once; the rest wait in order. A job's run holds a connection for its `once`
 * transaction while its effect may take more from the same pool: with as many runs at once as the pool has
 * connections, each waited for a connection another held, and the server never became ready (seen in CI: twelve
 * jobs on a pool of ten, all due at start).
 */
export const createSlots = (limit: number) => {
  let free = limit;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
};

/**
 * Scheduled jobs on PostgreSQL (decision 0048), shared by every server instance on one database. Each instance
 * enqueues each job's current period under an id derived from (job, period), so the queue holds one job per period
 * whichever instance sends first; any instance's worker runs it, with retries and backoff; the effect is made once by
 * `job_runs` (`JobContext.once`). A late look also enqueues the periods it missed (at most MAX_CATCH_UP_PERIODS a
 * job); a period in which no instance was up is not run later.
 */
export const createJobs = (pool: pg.Pool, options: JobsOptions) => {
  const definitions = new Map<string, JobDefinition>();
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error) => options.onError(error, {}));
  const slot = createSlots(options.maxConcurrentRuns ?? Math.max(1, Math.floor((pool.options.max ?? 10) / 3)));
  let ticker: NodeJS.Timeout | null = null;
  let started = false;

  const contextFor = (name: string, key: string): JobContext => ({
    name,
    periodKey: key,
    once: (effect) =>
      inTransaction(pool, async (client) => {
        const claimed = await client.query(
          'INSERT INTO job_runs (name, period_key) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [name, key],
        );
        if (claimed.rowCount === 0) return { ran: false } as const;
        return { ran: true, value: await effect(client) } as const;
      }),
  });

  // The period each job was last enqueued for by this instance: a look within the same period sends nothing, and a
  // late look sends the periods it missed too (periodsToEnqueue). Another instance may have sent them already: the
  // queue keeps one job per id, and job_runs one effect per period.
  const enqueued = new Map<string, string>();
  const enqueue = async (definition: JobDefinition, now: Date) => {
    for (const key of periodsToEnqueue(definition.schedule, enqueued.get(definition.name), now)) {
      try {
        await boss.send(definition.name, { periodKey: key } satisfies PeriodData, {
          id: periodJobId(definition.name, key),
          singletonKey: key,
        });
        enqueued.set(definition.name, key);
      } catch (error) {
        // The next look sends this period again, with the rest.
        options.onError(error, { job: definition.name, periodKey: key });
        return;
      }
    }
  };
  const tick = async () => {
    const now = new Date();
    await Promise.all([...definitions.values()].map((definition) => enqueue(definition, now)));
  };

  return {
    /** Declares a job; every instance declares the same ones before `start`. */
    define: (definition: JobDefinition) => {
      if (started) throw new Error(`job ${definition.name} defined after start`);
      definitions.set(definition.name, definition);
    },

    start: async () => {
      started = true;
      // Instances starting together take turns installing the queue's schema and creating the queues: pg-boss's
      // createQueue deadlocked when three did it at once on a fresh database (seen in CI).
      await withStartupLock(pool, JOBS_SETUP_LOCK_KEY, async () => {
        await boss.start();
        for (const definition of definitions.values()) {
          await boss.createQueue(definition.name, {
            name: definition.name,
            policy: 'standard',
            retryLimit: definition.retryLimit ?? 5,
            retryDelay: definition.retryDelaySeconds ?? 10,
            retryBackoff: true,
            expireInSeconds: definition.expireInSeconds ?? 600,
          });
        }
      });
      for (const definition of definitions.values()) {
        await boss.work<PeriodData>(
          definition.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await slot(() => definition.run(contextFor(definition.name, job.data.periodKey)));
            } catch (error) {
              options.onError(error, { job: definition.name, periodKey: job.data.periodKey });
              throw error;
            }
          },
        );
      }
      await tick();
      ticker = setInterval(() => void tick(), options.tickMs ?? defaultTickMs([...definitions.values()]));
      ticker.unref();
    },

    /** Stops enqueuing and fetching, and waits (up to `drainMs`) for the runs in progress to finish. */
    stop: async () => {
      if (ticker) clearInterval(ticker);
      ticker = null;
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.drainMs ?? 20_000 });
    },
  };
};

export type Jobs = ReturnType<typeof createJobs>;
