import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../paths';

/** Arbitrary constant naming the "migrations" advisory lock. */
const MIGRATION_LOCK_KEY = 7_246_110_501;

/**
 * Applies pending migrations. Several instances may start at once: a session-level advisory lock makes them
 * take turns, and each finds the work done by the first.
 */
export const runMigrations = (pool: pg.Pool, folder = migrationsDir): Promise<void> =>
  withStartupLock(pool, MIGRATION_LOCK_KEY, (client) => migrate(drizzle(client), { migrationsFolder: folder }));

/**
 * Runs start-up work that several instances starting at once must not interleave (migrations, the demo seed):
 * a session-level advisory lock on `key` makes them take turns, and each finds the work done by the first.
 */
export const withStartupLock = async <T>(
  pool: pg.Pool,
  key: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
};
