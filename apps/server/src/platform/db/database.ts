import pg from 'pg';

// int8 (bigint) columns hold money in minor units: parse them as JS bigint, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export interface Database {
  pool: pg.Pool;
  close: () => Promise<void>;
}

export const connectDatabase = (url: string, poolSize: number): Database => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'tessera' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return { pool, close: () => pool.end() };
};

/** Ends a dedicated client (a LISTEN connection) whatever its state: its handlers go, late errors are ignored. */
export const endQuietly = async (client: pg.Client): Promise<void> => {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
};
