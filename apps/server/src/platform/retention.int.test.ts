import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { inTransaction } from './db/transaction';
import { createEventDispatcher, subscribe } from './events/dispatcher';
import { emit } from './events/emit';
import { pruneRetained } from './retention';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE events, event_cursors, event_receipts, event_failures, job_runs');
});

const registered = (memberId: string) =>
  inTransaction(db.pool, (client) =>
    emit(client, 'member.registered', { merchantCode: 'alpha', memberId, uplineId: null, referredById: null }),
  );

/** Delivers every event to `names`, failing the members listed in `failing` (each retried until dead). */
const deliver = async (names: readonly string[], failing: readonly string[] = []) => {
  const dispatcher = createEventDispatcher({
    pool: db.pool,
    subscribers: names.map((name) =>
      subscribe(name, 'member.registered', async (payload) => {
        if (failing.includes(payload.memberId)) throw new Error('no');
      }),
    ),
    maxAttempts: 1,
    onError: () => {},
  });
  await dispatcher.start();
  await dispatcher.drain();
  await dispatcher.stop();
};

const ids = async () =>
  (await db.pool.query<{ note: string }>("SELECT payload->>'memberId' AS note FROM events ORDER BY id")).rows.map(
    (row) => row.note,
  );
const ageAll = (days: number) =>
  db.pool.query(`UPDATE events SET created_at = now() - make_interval(days => $1)`, [days]);

describe('retention of delivered events and job runs', () => {
  it('removes old events every subscriber has passed, with their receipts, and keeps the rest', async () => {
    for (const member of ['m1', 'm2', 'm3']) await registered(member);
    await deliver(['a', 'b'], ['m2']);
    await ageAll(40);
    await registered('m4'); // recent: kept
    await deliver(['a', 'b']);

    const result = await pruneRetained(db.pool, { subscribers: ['a', 'b'], batchSize: 1 });
    // m2 has failure records (a retry is due or it is a dead letter): it stays, and so does the recent m4.
    expect(await ids()).toEqual(['m2', 'm4']);
    expect(result.events).toBe(2);
    expect(result.receipts).toBe(4);
    const { rows } = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM event_receipts r LEFT JOIN events e ON e.id = r.event_id WHERE e.id IS NULL',
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('removes nothing while a declared subscriber has not been handed the events yet', async () => {
    for (const member of ['m1', 'm2']) await registered(member);
    await deliver(['a']);
    await ageAll(40);
    // 'late' is declared but has no cursor: it has not seen m1 and m2.
    expect((await pruneRetained(db.pool, { subscribers: ['a', 'late'] })).events).toBe(0);
    expect(await ids()).toEqual(['m1', 'm2']);
    // A subscriber no longer declared does not hold events back.
    expect((await pruneRetained(db.pool, { subscribers: ['a'] })).events).toBe(2);
  });

  it('removes job-run records past the retention only', async () => {
    await db.pool.query(
      `INSERT INTO job_runs (name, period_key, ran_at) VALUES
         ('x', 'old', now() - interval '31 days'), ('x', 'new', now() - interval '29 days')`,
    );
    expect((await pruneRetained(db.pool, { subscribers: [] })).jobRuns).toBe(1);
    const { rows } = await db.pool.query<{ period_key: string }>('SELECT period_key FROM job_runs');
    expect(rows).toEqual([{ period_key: 'new' }]);
  });
});
