import type pg from 'pg';
import { inTransaction } from './db/transaction';
import type { JobDefinition } from './jobs';

/** How long delivered events (with their receipts) and job-run records are kept (decision 0055). */
export const RETENTION_DAYS = 30;
/** Rows removed per transaction: each one is short, so it never holds back event delivery's frontier. */
const BATCH = 5000;
/** At most this many batches per run; what is left waits for the next day's run. */
const MAX_BATCHES = 200;

export interface RetentionOptions {
  /** The subscribers this code declares: an event goes only once every one of their cursors is past it. */
  subscribers: readonly string[];
  retentionDays?: number;
  batchSize?: number;
}

export interface RetentionResult {
  events: number;
  receipts: number;
  jobRuns: number;
}

/**
 * One batch of delivered events older than the retention: behind every declared subscriber's cursor (so each was
 * handed out, decision 0050), with no failure record left (a pending retry or a dead letter keeps its event), and
 * their receipts with them. Replay reaches back as far as the retention.
 */
const pruneEventsBatch = (pool: pg.Pool, subscribers: readonly string[], days: number, limit: number) =>
  inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ events: number; receipts: number }>(
      `WITH cursors AS (
         SELECT last_tx_id, last_event_id FROM event_cursors WHERE subscriber = ANY($1::text[])
       ), frontier AS (
         SELECT last_tx_id, last_event_id FROM cursors
          WHERE (SELECT count(*) FROM cursors) = cardinality($1::text[])
          ORDER BY last_tx_id, last_event_id LIMIT 1
       ), doomed AS (
         SELECT e.id FROM events e, frontier f
          WHERE (e.tx_id, e.id) <= (f.last_tx_id, f.last_event_id)
            AND e.created_at < now() - make_interval(days => $2)
            AND NOT EXISTS (SELECT 1 FROM event_failures x WHERE x.event_id = e.id)
          ORDER BY e.tx_id, e.id LIMIT $3
       ), gone AS (
         DELETE FROM events e USING doomed d WHERE e.id = d.id RETURNING e.id
       ), receipts AS (
         DELETE FROM event_receipts r USING gone g, event_cursors c
          WHERE r.subscriber = c.subscriber AND r.event_id = g.id RETURNING 1
       )
       SELECT (SELECT count(*) FROM gone)::int AS events, (SELECT count(*) FROM receipts)::int AS receipts`,
      [subscribers, days, limit],
    );
    return rows[0] ?? { events: 0, receipts: 0 };
  });

/** One batch of job-run records older than the retention (their periods are long past; nothing enqueues them). */
const pruneJobRunsBatch = async (pool: pg.Pool, days: number, limit: number): Promise<number> => {
  const result = await pool.query(
    `DELETE FROM job_runs WHERE ctid IN (
       SELECT ctid FROM job_runs WHERE ran_at < now() - make_interval(days => $1) LIMIT $2)`,
    [days, limit],
  );
  return result.rowCount ?? 0;
};

/** Removes what the retention lets go, batch by batch, each batch its own short transaction. */
export const pruneRetained = async (pool: pg.Pool, options: RetentionOptions): Promise<RetentionResult> => {
  const days = options.retentionDays ?? RETENTION_DAYS;
  const limit = options.batchSize ?? BATCH;
  const total: RetentionResult = { events: 0, receipts: 0, jobRuns: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const removed = await pruneEventsBatch(pool, options.subscribers, days, limit);
    total.events += removed.events;
    total.receipts += removed.receipts;
    if (removed.events < limit) break;
  }
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const removed = await pruneJobRunsBatch(pool, days, limit);
    total.jobRuns += removed;
    if (removed < limit) break;
  }
  return total;
};

/**
 * The daily retention run. `job.once` only claims the day: the deletions run after it in short transactions of
 * their own (one long transaction would hold back every subscriber's delivery while it runs). They are idempotent,
 * so a run cut short leaves the rest to the next day.
 */
export const retentionJob = (
  pool: pg.Pool,
  options: RetentionOptions & { onDone?: (result: RetentionResult) => void },
): JobDefinition => ({
  name: 'platform_retention',
  schedule: { cron: '17 3 * * *' },
  run: async (job) => {
    const claimed = await job.once(async () => true);
    if (!claimed.ran) return;
    options.onDone?.(await pruneRetained(pool, options));
  },
});
