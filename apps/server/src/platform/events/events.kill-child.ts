// A producer process for events.int.test.ts: commits one event, starts delivering it, and stops mid-delivery
// (the test kills it with SIGKILL there). Run with `node --import tsx events.kill-child.ts <database url>`.
import pg from 'pg';
import { createEventDispatcher, subscribe } from './dispatcher';
import { emit } from './emit';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 3 });
const client = await pool.connect();
await client.query('BEGIN');
await emit(client, 'member.registered', {
  merchantCode: 'killed',
  memberId: 'm-killed',
  uplineId: null,
  referredById: null,
});
await client.query('COMMIT');
client.release();
process.stdout.write('committed\n');
const dispatcher = createEventDispatcher({
  pool,
  watch: false,
  subscribers: [
    subscribe('test.effects', 'member.registered', async (payload, { tx, eventId }) => {
      await tx.query('INSERT INTO test_effects (subscriber, event_id, note) VALUES ($1, $2, $3)', [
        'test.effects',
        eventId,
        payload.memberId,
      ]);
      process.stdout.write('delivering\n');
      await new Promise(() => {});
    }),
  ],
});
await dispatcher.drain();
