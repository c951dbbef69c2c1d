import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { inTransaction } from './transaction';

/**
 * The server's pools when PostgreSQL drops their connections (a restart, a terminated backend): the work on the
 * dropped connection fails, the process goes on, and the next query gets a new connection. Before, a client checked
 * out of the pool had no `error` listener, so its connection's end was an unhandled `error` event that ended the
 * process (every instance of `npm run chaos` died at the PostgreSQL restart; decision 0174).
 */
let database: TestDatabase;
/** A connection outside the pools under test. */
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const backendPid = async (client: pg.Pool | pg.PoolClient) =>
  (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;

/** Ends `pid`'s connection as PostgreSQL's fast shutdown ends every connection. */
const terminate = async (pid: number) => {
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
};

describe('a pool whose connections PostgreSQL drops', () => {
  it('survives a checked-out client losing its connection between statements, and discards it', async () => {
    const client = await database.pool.connect();
    const pid = await backendPid(client);
    await client.query('BEGIN');
    await terminate(pid);
    // The connection's end arrives as an error event on the client, with no query of the pool's running: the
    // process must not die of it (an unhandled error event fails this test run).
    await sleep(500);
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    // The pool opens a new connection for the next query.
    const next = await backendPid(database.pool);
    expect(next).not.toBe(pid);
    expect(next).toBeGreaterThan(0);
  });

  it('fails the transaction cut short in its statement, and serves the next one', async () => {
    const running = inTransaction(database.pool, async (client) => {
      await client.query("SELECT set_config('application_name', 'tessera-cut-short', false)");
      await client.query('SELECT pg_sleep(30)');
    });
    let pid: number | undefined;
    for (let tries = 0; pid === undefined && tries < 100; tries++) {
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'tessera-cut-short' AND query LIKE '%pg_sleep%'",
      );
      pid = rows[0]?.pid;
      if (pid === undefined) await sleep(50);
    }
    expect(pid).toBeDefined();
    await terminate(pid ?? 0);
    await expect(running).rejects.toThrow();
    const answer = await inTransaction(database.pool, async (client) => (await client.query('SELECT 1 AS one')).rows);
    expect(answer).toEqual([{ one: 1 }]);
  });
});
