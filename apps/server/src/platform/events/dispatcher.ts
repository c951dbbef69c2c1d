import pg from 'pg';
import { EVENT_CATALOGUE, EVENTS_CHANNEL, type EventName, type EventPayload } from './catalogue';

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
  /** The fallback poll, for missed notifications and due retries. */
  pollMs?: number;
  /** Events handed to a subscriber per transaction, at most. */
  batchSize?: number;
  /** A batch stops taking events after this long (its transaction holds back other subscribers' reading). */
  maxBatchMs?: number;
  /** Listen for notifications (off: poll only). */
  listen?: boolean;
  onError?: (error: unknown, context: { subscriber: string; eventId?: bigint }) => void;
}

interface Row {
  id: string;
  tx_id: string;
  name: string;
  payload: unknown;
}

const MAX_ERROR_LENGTH = 500;
const MAX_BACKOFF_MS = 3_600_000;
const lockKey = (subscriber: string) => `events:${subscriber}`;

const messageOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);

/**
 * Delivers outbox events to subscribers (decision 0050). Each subscriber is worked by one process at a time (a
 * transaction-scoped advisory lock per subscriber; others skip it), in batches: every event is handled inside a
 * savepoint of the batch's transaction together with its receipt, so the effect, the receipt and the cursor
 * commit together. A failing event is recorded with a backoff and the cursor moves on; after `maxAttempts` it is
 * a dead letter that only an operator's retry sends again. Woken by LISTEN/NOTIFY, with a poll as fallback.
 */
export const createEventDispatcher = (options: DispatcherOptions) => {
  const { pool } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1000;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 200;
  const maxBatchMs = options.maxBatchMs ?? 100;
  const onError = options.onError ?? (() => {});
  const names = new Set<string>();
  for (const subscriber of options.subscribers) {
    if (names.has(subscriber.name)) throw new Error(`events: subscriber ${subscriber.name} declared twice`);
    names.add(subscriber.name);
  }

  /** Hands one event to a subscriber inside a savepoint; false when it failed (recorded for a retry). */
  const deliverOne = async (client: pg.PoolClient, subscriber: Subscriber, row: Row): Promise<boolean> => {
    await client.query('SAVEPOINT delivery');
    try {
      const receipt = await client.query(
        `INSERT INTO event_receipts (subscriber, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [subscriber.name, row.id],
      );
      if ((receipt.rowCount ?? 0) > 0) {
        const payload = EVENT_CATALOGUE[subscriber.event].parse(row.payload);
        await subscriber.handle(payload as never, { tx: client, eventId: BigInt(row.id) });
      }
      await client.query('DELETE FROM event_failures WHERE subscriber = $1 AND event_id = $2', [
        subscriber.name,
        row.id,
      ]);
      await client.query('RELEASE SAVEPOINT delivery');
      return true;
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT delivery');
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
      return false;
    }
  };

  /** One batch for one subscriber: due retries, then new events. Returns how many events it handled. */
  const runBatch = async (subscriber: Subscriber): Promise<number> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const locked = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS ok',
        [lockKey(subscriber.name)],
      );
      if (!locked.rows[0]?.ok) {
        await client.query('ROLLBACK');
        return 0;
      }
      await client.query('INSERT INTO event_cursors (subscriber) VALUES ($1) ON CONFLICT DO NOTHING', [
        subscriber.name,
      ]);
      const cursor = await client.query<{ last_tx_id: string; last_event_id: string }>(
        'SELECT last_tx_id::text, last_event_id::text FROM event_cursors WHERE subscriber = $1',
        [subscriber.name],
      );
      const position = cursor.rows[0] ?? { last_tx_id: '0', last_event_id: '0' };
      const retries = await client.query<Row>(
        `SELECT e.id::text, e.tx_id::text, e.name, e.payload FROM event_failures f JOIN events e ON e.id = f.event_id
          WHERE f.subscriber = $1 AND f.dead_at IS NULL AND f.next_attempt_at <= now()
          ORDER BY f.event_id LIMIT $2`,
        [subscriber.name, batchSize],
      );
      // Only events of transactions that can no longer be followed by an earlier one (decision 0050): every
      // transaction id from `bound` on did not exist yet, and the earliest of this database's running ones is a
      // limit too (other databases' transactions hold nothing back).
      const bound = await client.query<{ xmax: string }>(
        'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax',
      );
      const fresh = await client.query<Row>(
        `WITH running AS (
           SELECT min(x::text::bigint) AS xid FROM pg_snapshot_xip(pg_current_snapshot()) x
            WHERE x::text::bigint % 4294967296 IN (
              SELECT backend_xid::text::bigint FROM pg_stat_activity
               WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()))
         SELECT id::text, tx_id::text, name, CASE WHEN name = $4 THEN payload END AS payload FROM events
          WHERE (tx_id, id) > ($1::bigint, $2::bigint)
            AND tx_id < least($5::bigint, coalesce((SELECT xid FROM running), $5::bigint))
          ORDER BY tx_id, id LIMIT $3`,
        [position.last_tx_id, position.last_event_id, batchSize, subscriber.event, bound.rows[0]?.xmax ?? '0'],
      );
      // A batch's transaction is kept short: while it runs, its own id holds back every reader's frontier.
      const started = performance.now();
      const due = () => performance.now() - started < maxBatchMs;
      for (const row of retries.rows) if (due()) await deliverOne(client, subscriber, row);
      let last: Row | undefined;
      for (const row of fresh.rows) {
        if (!due()) break;
        if (row.name === subscriber.event) await deliverOne(client, subscriber, row);
        last = row;
      }
      if (last) {
        await client.query(
          'UPDATE event_cursors SET last_tx_id = $2, last_event_id = $3, updated_at = now() WHERE subscriber = $1',
          [subscriber.name, last.tx_id, last.id],
        );
      }
      await client.query('COMMIT');
      return due() ? retries.rows.length + fresh.rows.length : batchSize;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  /** Works every subscriber until none has a full batch left. */
  const drain = async (): Promise<void> => {
    await Promise.all(
      options.subscribers.map(async (subscriber) => {
        try {
          while ((await runBatch(subscriber)) >= batchSize) {}
        } catch (error) {
          onError(error, { subscriber: subscriber.name });
        }
      }),
    );
  };

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let listener: pg.Client | null = null;

  /** Runs a drain now, or once more after the one in progress. */
  const wake = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const listen = async () => {
    const client = new pg.Client({ ...pool.options, application_name: 'tessera-events' });
    client.on('error', (error) => {
      onError(error, { subscriber: '*' });
      if (listener === client) listener = null;
    });
    client.on('notification', () => {
      void wake();
    });
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(EVENTS_CHANNEL)}`);
    listener = client;
  };

  const poll = () => {
    timer = setTimeout(() => {
      // A lost listener is replaced at the next poll; meanwhile the poll delivers.
      if (!listener && options.listen !== false) listen().catch((error) => onError(error, { subscriber: '*' }));
      wake().finally(() => {
        if (!stopped) poll();
      });
    }, pollMs);
  };

  return {
    start: async () => {
      if (!stopped) return;
      stopped = false;
      if (options.listen !== false) await listen().catch((error) => onError(error, { subscriber: '*' }));
      poll();
      void wake();
    },

    /** Stops waking up and waits for the batch in progress to commit. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = listener;
      listener = null;
      if (client) await client.end().catch(() => {});
      await running;
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
     */
    retryDeadLetter: async (
      merchantCodes: readonly string[] | null,
      subscriber: string,
      eventId: bigint,
    ): Promise<boolean> => {
      const result = await pool.query(
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
