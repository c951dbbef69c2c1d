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
export const runMigrations = async (pool: pg.Pool, folder = migrationsDir): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
};
