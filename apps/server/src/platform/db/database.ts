import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

// int8 (bigint) columns hold money in minor units: parse them as JS bigint, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export type Db = NodePgDatabase;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close: () => Promise<void>;
}

export const connectDatabase = (url: string, poolSize: number): Database => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'tessera' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return { pool, db, close: () => pool.end() };
};

/** Ends a dedicated client (a LISTEN connection) whatever its state: its handlers go, late errors are ignored. */
export const endQuietly = async (client: pg.Client): Promise<void> => {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
};
