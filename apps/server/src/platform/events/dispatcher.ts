import pg from 'pg';
import { EVENT_CATALOGUE, type EventName, type EventPayload } from './catalogue';

/** What a subscriber's handler gets besides the payload: its delivery's transaction and the event's id. */
export interface DeliveryContext {
  /** The delivery's transaction: write the effect here, so it commits with the receipt or not at all. */
  tx: pg.PoolClient;
  eventId: bigint;
}

export interface Subscriber<N extends EventName = EventName> {
  /** Unique and stable: the cursor, receipts and dead letters are kept under it. */
  name: string;
  event: N;
  handle: (payload: EventPayload<N>, context: DeliveryContext) => Promise<void>;
}

/** Declares a subscriber with its payload typed from the catalogue. */
export const subscribe = <N extends EventName>(
  name: string,
  event: N,
  handle: (payload: EventPayload<N>, context: DeliveryContext) => Promise<void>,
): Subscriber => ({ name, event, handle }) as unknown as Subscriber;

export interface DeadLetter {
  subscriber: string;
  eventId: bigint;
  event: string;
  merchantCode: string;
  attempts: number;
  lastError: string;
  deadAt: Date;
}

export interface DispatcherOptions {
  pool: pg.Pool;
  subscribers: readonly Subscriber[];
  /** Deliveries tried before the event becomes a dead letter for that subscriber. */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it (capped at an hour). */
  backoffMs?: number;
  /** The fallback poll (every subscriber), for due retries and events the watch passed over. */
  pollMs?: number;
  /** How often the outbox's head is watched for new events (waking their subscribers). */
  watchMs?: number;
  /** Events handed to a subscriber per transaction, at most. */
  batchSize?: number;
  /** A batch stops taking events after this long (its transaction holds back other subscribers' reading). */
  maxBatchMs?: number;
  /** Watch the outbox's head (off: poll only). */
  watch?: boolean;
  /**
   * Subscribers' batches open at once, at most (default 3). Each holds a pool connection for its transaction and
   * its handlers may borrow more (a service read on the pool): with one worker per subscriber and no bound, more
   * subscribers than connections took the whole pool and waited for each other forever, and requests with them.
   */
  maxConcurrentBatches?: number;
  onError?: (error: unknown, context: { subscriber: string; eventId?: bigint }) => void;
}

interface Row {
  id: string;
  tx_id: string;
  name: string;
  payload: unknown;
}

/** At most `size` of the given tasks run at once; the others wait their turn, first come first served. */
const createSlots = (size: number) => {
  let free = Math.max(1, size);
  const waiting: (() => void)[] = [];
  return {
    run: async <T>(task: () => Promise<T>): Promise<T> => {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
};

const MAX_ERROR_LENGTH = 500;
const MAX_BACKOFF_MS = 3_600_000;
const HELD_PATIENCE_MS = 10_000;
const lockKey = (subscriber: string) => `events:${subscriber}`;

/** A string as an SQL literal, for the statements sent together in one round trip (no parameters there). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** A bigint read back from the database, checked to be digits before it goes into such a statement. */
const id = (value: string) => {
  if (!/^\d+$/.test(value)) throw new Error(`events: not an id: ${value}`);
  return value;
};
const idArray = (rows: readonly Row[]) => `ARRAY[${rows.map((row) => id(row.id)).join(',')}]::bigint[]`;

/** Several statements in one round trip (PostgreSQL's simple protocol): each one's result, in order. */
const simpleQuery = async <R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.PoolClient,
  text: string,
): Promise<pg.QueryResult<R>[]> => {
  const result = (await client.query(text)) as unknown as pg.QueryResult<R> | pg.QueryResult<R>[];
  return Array.isArray(result) ? result : [result];
};

const messageOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);

/**
 * Delivers outbox events to subscribers (decision 0050). Each subscriber is worked by one process at a time (a
 * transaction-scoped advisory lock per subscriber; others skip it), in batches: every event is handled inside a
 * savepoint of the batch's transaction together with its receipt, so the effect, the receipt and the cursor
 * commit together. A failing event is recorded with a backoff and the cursor moves on; after `maxAttempts` it is
 * a dead letter that only an operator's retry sends again. Woken by a watch of the outbox's head on a connection of
 * its own (decision 0071: a NOTIFY in every producer's transaction serialised their commits), with a poll of every
 * subscriber as fallback.
 */
export const createEventDispatcher = (options: DispatcherOptions) => {
  const { pool } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1000;
  const pollMs = options.pollMs ?? 1000;
  const watchMs = options.watchMs ?? 50;
  const batchSize = options.batchSize ?? 200;
  const maxBatchMs = options.maxBatchMs ?? 250;
  const onError = options.onError ?? (() => {});
  const names = new Set<string>();
  for (const subscriber of options.subscribers) {
    if (names.has(subscriber.name)) throw new Error(`events: subscriber ${subscriber.name} declared twice`);
    names.add(subscriber.name);
  }

  /** Records a failed delivery: its attempts, its next attempt after a backoff, or its death after the last. */
  const recordFailure = async (client: pg.PoolClient, subscriber: Subscriber, row: Row, error: unknown) => {
    onError(error, { subscriber: subscriber.name, eventId: BigInt(row.id) });
    await client.query(
      `INSERT INTO event_failures (subscriber, event_id, merchant_code, attempts, last_error, next_attempt_at, dead_at)
       SELECT $1, e.id, e.merchant_code, 1, $3, now() + make_interval(secs => $4::float8 / 1000),
              CASE WHEN $5::int <= 1 THEN now() END
         FROM events e WHERE e.id = $2
       ON CONFLICT (subscriber, event_id) DO UPDATE SET
         attempts = event_failures.attempts + 1,
         last_error = EXCLUDED.last_error,
         next_attempt_at = now() + make_interval(secs => least($4::float8 * 2 ^ event_failures.attempts, $6) / 1000),
         dead_at = CASE WHEN event_failures.attempts + 1 >= $5 THEN now() END,
         updated_at = now()`,
      [subscriber.name, row.id, messageOf(error), backoffMs, maxAttempts, MAX_BACKOFF_MS],
    );
  };

  const handle = (client: pg.PoolClient, subscriber: Subscriber, row: Row) =>
    subscriber.handle(EVENT_CATALOGUE[subscriber.event].parse(row.payload) as never, {
      tx: client,
      eventId: BigInt(row.id),
    });

  /**
   * Hands one event to a subscriber inside its own savepoint, with its receipt (`receipted`: already written for
   * it) and the end of its failure record; false when it failed (recorded for a retry, the receipt undone).
   */
  const deliverOne = async (
    client: pg.PoolClient,
    subscriber: Subscriber,
    row: Row,
    receipted: boolean,
  ): Promise<boolean> => {
    await client.query('SAVEPOINT delivery');
    try {
      const fresh =
        receipted ||
        ((
          await client.query(
            'INSERT INTO event_receipts (subscriber, event_id, delivered_at) VALUES ($1, $2, clock_timestamp()) ON CONFLICT DO NOTHING',
            [subscriber.name, row.id],
          )
        ).rowCount ?? 0) > 0;
      if (fresh) await handle(client, subscriber, row);
      if (!receipted) {
        await client.query('DELETE FROM event_failures WHERE subscriber = $1 AND event_id = $2', [
          subscriber.name,
          row.id,
        ]);
      }
      await client.query('RELEASE SAVEPOINT delivery');
      return true;
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT delivery');
      if (receipted) {
        await client.query('DELETE FROM event_receipts WHERE subscriber = $1 AND event_id = $2', [
          subscriber.name,
          row.id,
        ]);
      }
      await recordFailure(client, subscriber, row, error);
      return false;
    }
  };

  /**
   * New events, set-based (the common case): one statement writes the receipts of all of them and returns those
   * not handled before; the handlers then run under one savepoint. Only if one throws is the savepoint rolled back
   * and the events handed over one by one, each in its own savepoint, so a failing event fails alone. Stops taking
   * events when the batch's time is up; returns the events it dealt with (a prefix of `rows`).
   */
  const deliverFresh = async (
    client: pg.PoolClient,
    subscriber: Subscriber,
    rows: readonly Row[],
    due: () => boolean,
  ): Promise<number> => {
    const own = rows.filter((row) => row.name === subscriber.event);
    if (own.length === 0) return rows.length;
    // The receipts and the savepoint in one round trip (the batch's round trips are most of its cost under load).
    const [receipts] = await simpleQuery<{ event_id: string }>(
      client,
      `INSERT INTO event_receipts (subscriber, event_id, delivered_at)
       SELECT ${literal(subscriber.name)}, unnest(${idArray(own)}), clock_timestamp()
       ON CONFLICT DO NOTHING RETURNING event_id::text; SAVEPOINT batch`,
    );
    const receipted = new Set(receipts?.rows.map((receipt) => receipt.event_id));
    const unhandled = own.filter((row) => receipted.has(row.id));
    // Handled in order until the time is up; the rest give their receipts back and wait for the next batch.
    let handled = 0;
    try {
      for (const row of unhandled) {
        if (handled > 0 && !due()) break;
        await handle(client, subscriber, row);
        handled += 1;
      }
    } catch {
      // One of them threw: each again in its own savepoint, so the failing one fails alone and the rest go on.
      await client.query('ROLLBACK TO SAVEPOINT batch');
      const failedAt = handled;
      handled = 0;
      for (const row of unhandled) {
        if (handled > failedAt && !due()) break;
        await deliverOne(client, subscriber, row, true);
        handled += 1;
      }
    }
    const left = unhandled.slice(handled);
    if (left.length === 0) return rows.length;
    await client.query('DELETE FROM event_receipts WHERE subscriber = $1 AND event_id = ANY($2::bigint[])', [
      subscriber.name,
      left.map((row) => row.id),
    ]);
    const firstLeft = left[0] as Row;
    return rows.findIndex((row) => row.id === firstLeft.id);
  };

  const batchSlots = createSlots(options.maxConcurrentBatches ?? 3);

  /** One batch for one subscriber: due retries, then new events. Returns how many events it handled. */
  const runBatch = (subscriber: Subscriber): Promise<{ handled: number; held: boolean }> =>
    batchSlots.run(() => runBatchNow(subscriber));

  const runBatchNow = async (subscriber: Subscriber): Promise<{ handled: number; held: boolean }> => {
    const client = await pool.connect();
    try {
      const [, locked] = await simpleQuery<{ ok: boolean }>(
        client,
        `BEGIN; SELECT pg_try_advisory_xact_lock(hashtextextended(${literal(lockKey(subscriber.name))}, 0)) AS ok`,
      );
      if (!locked?.rows[0]?.ok) {
        await client.query('ROLLBACK');
        return { handled: 0, held: false };
      }
      // One statement: the cursor (written at first use), the due retries and the events after the cursor.
      // Only events of transactions that can no longer be followed by an earlier one (decision 0050): every
      // transaction id from the snapshot's xmax on did not exist yet, and the earliest one the snapshot sees
      // running is a limit too, unless it is known to be another database's (those hold nothing back). Known, not
      // assumed: a transaction of this database may commit between the snapshot and the read of pg_stat_activity,
      // and taking it as absent would move the cursor past an event the snapshot could not see yet.
      const { rows } = await client.query<Row & { kind: 'retry' | 'fresh' | 'held' }>(
        `WITH created AS (
           INSERT INTO event_cursors (subscriber) VALUES ($1) ON CONFLICT DO NOTHING
           RETURNING last_tx_id, last_event_id),
         position AS (
           SELECT last_tx_id, last_event_id FROM created
           UNION ALL SELECT last_tx_id, last_event_id FROM event_cursors WHERE subscriber = $1
           LIMIT 1),
         running AS (
           SELECT min(x::text::bigint) AS xid FROM pg_snapshot_xip(pg_current_snapshot()) x
            WHERE x::text::bigint % 4294967296 NOT IN (
              SELECT backend_xid::text::bigint FROM pg_stat_activity
               WHERE datname IS DISTINCT FROM current_database() AND backend_xid IS NOT NULL)),
         frontier AS (
           SELECT least(pg_snapshot_xmax(pg_current_snapshot())::text::bigint,
                        coalesce((SELECT xid FROM running), pg_snapshot_xmax(pg_current_snapshot())::text::bigint))
                  AS tx_id)
         (SELECT 'retry' AS kind, e.id::text, e.tx_id::text, e.name, e.payload
            FROM event_failures f JOIN events e ON e.id = f.event_id
           WHERE f.subscriber = $1 AND f.dead_at IS NULL AND f.next_attempt_at <= now()
           ORDER BY f.event_id LIMIT $2)
         UNION ALL
         (SELECT 'fresh', e.id::text, e.tx_id::text, e.name, CASE WHEN e.name = $3 THEN e.payload END
            FROM events e, position p, frontier
           WHERE (e.tx_id, e.id) > (p.last_tx_id, p.last_event_id) AND e.tx_id < frontier.tx_id
           ORDER BY e.tx_id, e.id LIMIT $2)
         UNION ALL
         (SELECT 'held', NULL, NULL, NULL, NULL FROM position p, frontier
           WHERE EXISTS (SELECT 1 FROM events e
                          WHERE (e.tx_id, e.id) > (p.last_tx_id, p.last_event_id) AND e.tx_id >= frontier.tx_id))`,
        [subscriber.name, batchSize, subscriber.event],
      );
      // A batch's transaction is kept short: while it runs, its own id holds back every reader's frontier.
      const started = performance.now();
      const due = () => performance.now() - started < maxBatchMs;
      const retries = rows.filter((row) => row.kind === 'retry');
      const fresh = rows.filter((row) => row.kind === 'fresh');
      for (const row of retries) if (due()) await deliverOne(client, subscriber, row, false);
      // At least one new event per batch, however long the retries took, so a drain always moves on.
      const dealt = await deliverFresh(client, subscriber, fresh, due);
      const last = fresh[dealt - 1];
      // The cursor and the commit in one round trip.
      await simpleQuery(
        client,
        last
          ? `UPDATE event_cursors SET last_tx_id = ${id(last.tx_id)}, last_event_id = ${id(last.id)},
               updated_at = now() WHERE subscriber = ${literal(subscriber.name)}; COMMIT`
          : 'COMMIT',
      );
      return {
        handled: dealt < fresh.length || retries.length >= batchSize ? batchSize : fresh.length,
        // Committed events the frontier still holds back (an earlier transaction was running).
        held: rows.some((row) => row.kind === 'held'),
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  /**
   * Works one subscriber until it has no full batch left. `patient` (a drain asked for by a test or a tool): also
   * until no committed event is held back by a transaction that was running (at most `HELD_PATIENCE_MS`); the
   * workers leave those to the next watch or poll.
   */
  const drainOne = async (subscriber: Subscriber, patient = false): Promise<void> => {
    const since = performance.now();
    try {
      for (;;) {
        const { handled, held } = await runBatch(subscriber);
        if (handled >= batchSize) continue;
        if (!patient || !held || performance.now() - since > HELD_PATIENCE_MS) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } catch (error) {
      onError(error, { subscriber: subscriber.name });
    }
  };

  /** Works every subscriber until none has a full batch left or a committed event held back. */
  const drain = async (): Promise<void> => {
    await Promise.all(options.subscribers.map((subscriber) => drainOne(subscriber, true)));
  };

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let watchTimer: NodeJS.Timeout | null = null;
  let watcher: pg.Client | null = null;
  /** The highest event id the watch has seen committed. */
  let head: string | null = null;

  // Each subscriber has its own worker, so a slow one never holds back the others' deliveries (one drain of all
  // subscribers together once waited for the slowest: under load the others were delivered only after it).
  const workers = new Map(
    options.subscribers.map((subscriber) => [subscriber, { running: null as Promise<void> | null, again: false }]),
  );

  /** Runs a subscriber's drain now, or once more after the one in progress. */
  const wakeOne = (subscriber: Subscriber): Promise<void> => {
    const worker = workers.get(subscriber);
    if (stopped || !worker) return Promise.resolve();
    if (worker.running) {
      worker.again = true;
      return worker.running;
    }
    worker.running = (async () => {
      do {
        worker.again = false;
        await drainOne(subscriber);
      } while (worker.again && !stopped);
    })().finally(() => {
      worker.running = null;
    });
    return worker.running;
  };

  const wake = (): Promise<void> => Promise.all(options.subscribers.map(wakeOne)).then(() => {});

  const wakeFor = (names: ReadonlySet<string>): Promise<void> =>
    Promise.all(options.subscribers.filter((s) => names.has(s.event)).map(wakeOne)).then(() => {});

  const connectWatcher = async () => {
    const client = new pg.Client({ ...pool.options, application_name: 'tessera-events' });
    client.on('error', (error) => {
      onError(error, { subscriber: '*' });
      if (watcher === client) watcher = null;
    });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM events');
    head = rows[0]?.id ?? '0';
    watcher = client;
  };

  /**
   * One look at the outbox's head: the names of events committed past it wake their subscribers. An event whose
   * transaction commits after a later id was seen (ids are taken at insert) is left to the poll, at most a second.
   */
  const look = async () => {
    const client = watcher;
    if (!client || head === null) return;
    const { rows } = await client.query<{ name: string; id: string }>(
      'SELECT name, max(id)::text AS id FROM events WHERE id > $1 GROUP BY name',
      [head],
    );
    if (rows.length === 0) return;
    head = rows.reduce((top, row) => (BigInt(row.id) > BigInt(top) ? row.id : top), head);
    void wakeFor(new Set(rows.map((row) => row.name)));
  };

  const watch = () => {
    watchTimer = setTimeout(() => {
      look()
        .catch((error) => {
          // A look cut short by `stop` ending the watcher is not a failure.
          if (!stopped) onError(error, { subscriber: '*' });
          const client = watcher;
          watcher = null;
          void client?.end().catch(() => {});
        })
        .finally(() => {
          if (!stopped) watch();
        });
    }, watchMs);
  };

  const poll = () => {
    timer = setTimeout(() => {
      // A lost watcher is replaced at the next poll; meanwhile the poll delivers.
      if (!watcher && options.watch !== false) connectWatcher().catch((error) => onError(error, { subscriber: '*' }));
      void wake();
      if (!stopped) poll();
    }, pollMs);
  };

  return {
    start: async () => {
      if (!stopped) return;
      stopped = false;
      if (options.watch !== false) {
        await connectWatcher().catch((error) => onError(error, { subscriber: '*' }));
        watch();
      }
      poll();
      void wake();
    },

    /** Stops waking up and waits for the batch in progress to commit. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (watchTimer) clearTimeout(watchTimer);
      timer = null;
      watchTimer = null;
      const client = watcher;
      watcher = null;
      if (client) await client.end().catch(() => {});
      await Promise.all([...workers.values()].map((worker) => worker.running));
    },

    /** Delivers everything due now, for tests and tools (works while stopped too). */
    drain,

    /**
     * Moves a subscriber's cursor back to just before `fromEventId` (0: the beginning): the events after it are
     * handed to it again, and its receipts skip those it already handled.
     */
    replay: async (subscriber: string, fromEventId: bigint): Promise<void> => {
      await pool.query(
        `INSERT INTO event_cursors (subscriber, last_tx_id, last_event_id)
         SELECT $1, coalesce(e.tx_id, 0), coalesce(e.id - 1, 0) FROM (SELECT 1) one
           LEFT JOIN events e ON e.id = $2
         ON CONFLICT (subscriber) DO UPDATE
           SET last_tx_id = EXCLUDED.last_tx_id, last_event_id = EXCLUDED.last_event_id, updated_at = now()`,
        [subscriber, fromEventId],
      );
    },

    /** Dead letters of some merchants (null: all), newest first. */
    deadLetters: async (
      merchantCodes: readonly string[] | null,
      page: { offset: number; limit: number },
    ): Promise<{ items: DeadLetter[]; total: number }> => {
      const { rows } = await pool.query<{
        subscriber: string;
        event_id: string;
        name: string;
        merchant_code: string;
        attempts: number;
        last_error: string;
        dead_at: Date;
        total: string;
      }>(
        `SELECT f.subscriber, f.event_id::text, e.name, f.merchant_code, f.attempts, f.last_error, f.dead_at,
                count(*) OVER ()::text AS total
           FROM event_failures f JOIN events e ON e.id = f.event_id
          WHERE f.dead_at IS NOT NULL AND ($1::text[] IS NULL OR f.merchant_code = ANY($1::text[]))
          ORDER BY f.dead_at DESC, f.event_id DESC OFFSET $2 LIMIT $3`,
        [merchantCodes, page.offset, page.limit],
      );
      return {
        items: rows.map((row) => ({
          subscriber: row.subscriber,
          eventId: BigInt(row.event_id),
          event: row.name,
          merchantCode: row.merchant_code,
          attempts: row.attempts,
          lastError: row.last_error,
          deadAt: row.dead_at,
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    /**
     * Sends a dead letter again (its attempts start over): true if it was one of these merchants' (null: any).
     * With `client`, the change is part of the caller's transaction (the operator's audit record commits with it);
     * delivery wakes at once either way and finds the row when that transaction has committed.
     */
    retryDeadLetter: async (
      merchantCodes: readonly string[] | null,
      subscriber: string,
      eventId: bigint,
      client: Pick<pg.PoolClient, 'query'> = pool,
    ): Promise<boolean> => {
      const result = await client.query(
        `UPDATE event_failures SET dead_at = NULL, attempts = 0, next_attempt_at = now(), updated_at = now()
          WHERE subscriber = $1 AND event_id = $2 AND dead_at IS NOT NULL
            AND ($3::text[] IS NULL OR merchant_code = ANY($3::text[]))`,
        [subscriber, eventId, merchantCodes],
      );
      if ((result.rowCount ?? 0) === 0) return false;
      void wake();
      return true;
    },
  };
};

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;
