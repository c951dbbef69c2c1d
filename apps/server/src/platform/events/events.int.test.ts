import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { inTransaction } from '../db/transaction';
import { createEventDispatcher, type Subscriber, subscribe } from './dispatcher';
import { emit } from './emit';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query('CREATE TABLE test_effects (subscriber text NOT NULL, event_id bigint NOT NULL, note text)');
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE test_effects, events, event_cursors, event_receipts, event_failures');
});

/** A subscriber whose effect is a row in test_effects, written in the delivery's transaction. */
const recorder = (name: string, fail: (memberId: string) => boolean = () => false): Subscriber =>
  subscribe(name, 'member.registered', async (payload, { tx, eventId }) => {
    await tx.query('INSERT INTO test_effects (subscriber, event_id, note) VALUES ($1, $2, $3)', [
      name,
      eventId,
      payload.memberId,
    ]);
    if (fail(payload.memberId)) throw new Error(`cannot handle ${payload.memberId}`);
  });

const registered = (memberId: string, merchantCode = 'alpha') =>
  inTransaction(db.pool, (client) =>
    emit(client, 'member.registered', { merchantCode, memberId, uplineId: null, referredById: null }),
  );

const effects = async (subscriber: string) =>
  (
    await db.pool.query<{ note: string }>('SELECT note FROM test_effects WHERE subscriber = $1 ORDER BY note', [
      subscriber,
    ])
  ).rows.map((row) => row.note);

const dispatcherOf = (subscribers: Subscriber[], options: { maxAttempts?: number } = {}) =>
  // No time limit on a batch: what one drain does must not depend on the machine's speed.
  createEventDispatcher({
    pool: db.pool,
    subscribers,
    watch: false,
    backoffMs: 0,
    maxBatchMs: Number.POSITIVE_INFINITY,
    ...options,
  });

describe('events (transactional outbox)', () => {
  it('delivers nothing for an event emitted in a transaction that rolled back', async () => {
    await expect(
      inTransaction(db.pool, async (client) => {
        await emit(client, 'member.registered', {
          merchantCode: 'alpha',
          memberId: 'rolled-back',
          uplineId: null,
          referredById: null,
        });
        throw new Error('the producer fails after emitting');
      }),
    ).rejects.toThrow('the producer fails');
    await registered('committed');
    const dispatcher = dispatcherOf([recorder('a')]);
    await dispatcher.drain();
    expect(await effects('a')).toEqual(['committed']);
    expect((await db.pool.query('SELECT 1 FROM events')).rowCount).toBe(1);
  });

  it('delivers each event to every subscriber once, however often it runs', async () => {
    await registered('m1');
    await registered('m2');
    const dispatcher = dispatcherOf([recorder('a'), recorder('b')]);
    await dispatcher.drain();
    await registered('m3');
    await dispatcher.drain();
    await dispatcher.drain();
    expect(await effects('a')).toEqual(['m1', 'm2', 'm3']);
    expect(await effects('b')).toEqual(['m1', 'm2', 'm3']);
  });

  it('a batch whose time is up hands back what it did not handle, and the next batch delivers it once', async () => {
    for (const member of ['t1', 't2', 't3', 't4']) await registered(member);
    // No time at all: every batch handles one event and returns the receipts of the others.
    const dispatcher = createEventDispatcher({
      pool: db.pool,
      subscribers: [recorder('hurried')],
      watch: false,
      maxBatchMs: 0,
    });
    await dispatcher.drain();
    expect(await effects('hurried')).toEqual(['t1', 't2', 't3', 't4']);
    const receipts = await db.pool.query('SELECT 1 FROM event_receipts WHERE subscriber = $1', ['hurried']);
    expect(receipts.rowCount).toBe(4);
  });

  it('retries a subscriber that throws, then dead-letters the event without blocking the others', async () => {
    let broken = true;
    const dispatcher = dispatcherOf([recorder('flaky', (member) => broken && member === 'bad'), recorder('steady')], {
      maxAttempts: 3,
    });
    await registered('good1');
    await registered('bad');
    await registered('good2', 'beta');
    await dispatcher.drain();
    // The failing event's effect was rolled back with its receipt; the events after it were delivered.
    expect(await effects('flaky')).toEqual(['good1', 'good2']);
    expect(await effects('steady')).toEqual(['bad', 'good1', 'good2']);
    const failure = async () =>
      (await db.pool.query('SELECT attempts, dead_at FROM event_failures WHERE subscriber = $1', ['flaky'])).rows[0];
    expect(await failure()).toMatchObject({ attempts: 1, dead_at: null });
    await dispatcher.drain();
    expect(await failure()).toMatchObject({ attempts: 2, dead_at: null });
    await dispatcher.drain();
    expect((await failure()).attempts).toBe(3);
    expect((await failure()).dead_at).toBeInstanceOf(Date);
    // Dead: no more attempts, and later events still reach it.
    await registered('good3');
    await dispatcher.drain();
    expect((await failure()).attempts).toBe(3);
    expect(await effects('flaky')).toEqual(['good1', 'good2', 'good3']);

    const letters = await dispatcher.deadLetters(['alpha'], { offset: 0, limit: 10 });
    expect(letters.total).toBe(1);
    expect(letters.items[0]).toMatchObject({
      subscriber: 'flaky',
      event: 'member.registered',
      merchantCode: 'alpha',
      attempts: 3,
      lastError: 'Error: cannot handle bad',
    });
    expect((await dispatcher.deadLetters(['beta'], { offset: 0, limit: 10 })).total).toBe(0);
    const eventId = letters.items[0]?.eventId ?? 0n;
    // Another merchant's operator cannot retry it; its own can, once the subscriber is mended.
    expect(await dispatcher.retryDeadLetter(['beta'], 'flaky', eventId)).toBe(false);
    broken = false;
    expect(await dispatcher.retryDeadLetter(['alpha'], 'flaky', eventId)).toBe(true);
    await dispatcher.drain();
    expect(await effects('flaky')).toEqual(['bad', 'good1', 'good2', 'good3']);
    expect((await db.pool.query('SELECT 1 FROM event_failures')).rowCount).toBe(0);
    expect(await dispatcher.retryDeadLetter(['alpha'], 'flaky', eventId)).toBe(false);
  });

  it('replays from a cursor: events are handed again, effects are not doubled', async () => {
    await registered('m1');
    await registered('m2');
    await registered('m3');
    const dispatcher = dispatcherOf([recorder('a')]);
    await dispatcher.drain();
    // The effect of m2 was lost (restored from a backup, say): its receipt and effect are gone.
    const m2 = await db.pool.query<{ event_id: string }>(
      "DELETE FROM test_effects WHERE note = 'm2' RETURNING event_id::text",
    );
    const m2Id = BigInt(m2.rows[0]?.event_id ?? '0');
    await db.pool.query('DELETE FROM event_receipts WHERE event_id = $1', [m2Id]);
    const firstId = BigInt(
      (await db.pool.query<{ id: string }>('SELECT min(id)::text AS id FROM events')).rows[0]?.id ?? '0',
    );
    await dispatcher.replay('a', firstId);
    await dispatcher.drain();
    expect(await effects('a')).toEqual(['m1', 'm2', 'm3']);
    await dispatcher.replay('a', 0n);
    await dispatcher.drain();
    expect(await effects('a')).toEqual(['m1', 'm2', 'm3']);
  });

  it('announces a settled betting round from the betting record, whatever wrote it', async () => {
    const seen: unknown[] = [];
    const dispatcher = dispatcherOf([
      subscribe('bets', 'bet.settled', async (payload) => {
        seen.push(payload);
      }),
    ]);
    const insert = `INSERT INTO bet_rounds (merchant_code, member_id, source, provider, round_ref, game_id, game_type,
        vendor_code, currency, bet_amount, valid_bet, payout, status, settled_at)
      VALUES ('alpha', gen_random_uuid(), 'seamless', 'demo', $1, 1, 'SLOT', 'demo', 'USD', 500, 0, 0, $2, CASE WHEN $2 = 'settled' THEN now() END)`;
    await db.pool.query(insert, ['open-round', 'open']);
    await db.pool.query(insert, ['settled-round', 'settled']);
    await dispatcher.drain();
    expect(seen).toHaveLength(1);
    await db.pool.query(
      "UPDATE bet_rounds SET status = 'settled', payout = 750, valid_bet = bet_amount WHERE round_ref = 'open-round'",
    );
    // A correction of the settled round (decision 0118): its differences, marked, never a second full round.
    await db.pool.query("UPDATE bet_rounds SET payout = 0 WHERE round_ref = 'open-round'");
    // An update that changes none of the figures emits nothing.
    await db.pool.query("UPDATE bet_rounds SET payout = 0, status = 'settled' WHERE round_ref = 'open-round'");
    await dispatcher.drain();
    expect(seen).toHaveLength(3);
    expect(seen[1]).toMatchObject({ roundRef: 'open-round', betAmount: 500n, validBet: 500n, payout: 750n });
    expect((seen[1] as { correction?: string }).correction).toBeUndefined();
    expect(seen[2]).toMatchObject({
      roundRef: 'open-round',
      betAmount: 0n,
      validBet: 0n,
      payout: -750n,
      correction: '0',
    });
  });

  it('delivers, once, an event whose producer was killed (SIGKILL) before its delivery committed', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./events.kill-child.ts', import.meta.url)), db.url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('delivering')) resolve();
      });
      child.on('exit', () => reject(new Error(`the producer ended first: ${output}`)));
    });
    child.kill('SIGKILL');
    await exited;

    // The restarted server: it delivers the event once the killed process's connection is gone.
    const dispatcher = dispatcherOf([recorder('test.effects')]);
    for (let attempt = 0; attempt < 100 && (await effects('test.effects')).length === 0; attempt += 1) {
      await dispatcher.drain();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await dispatcher.drain();
    expect(await effects('test.effects')).toEqual(['m-killed']);
    expect((await db.pool.query('SELECT 1 FROM event_receipts')).rowCount).toBe(1);
  });

  it('delivers to more subscribers than the pool has connections when handlers read on the pool too', async () => {
    // Six subscribers, a pool of five (the test database's): each batch holds a connection for its transaction and
    // its handler borrows another. Unbounded, the six batches took the whole pool and waited on each other forever.
    const names = Array.from({ length: 6 }, (_, i) => `test.borrow${i}`);
    const dispatcher = dispatcherOf(
      names.map((name) =>
        subscribe(name, 'member.registered', async (payload, { tx, eventId }) => {
          await db.pool.query('SELECT 1');
          await tx.query('INSERT INTO test_effects (subscriber, event_id, note) VALUES ($1, $2, $3)', [
            name,
            eventId,
            payload.memberId,
          ]);
        }),
      ),
    );
    await registered('m-borrow');
    const drained = await Promise.race([
      dispatcher.drain().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    expect(drained).toBe(true);
    for (const name of names) expect(await effects(name)).toEqual(['m-borrow']);
  });
});
