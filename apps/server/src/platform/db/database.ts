import pg from 'pg';

// int8 (bigint) columns hold money in minor units: parse them as JS bigint, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export interface Database {
  /** The primary: everything that writes, moves money or reads its own write. */
  pool: pg.Pool;
  /**
   * Reads that tolerate a second of lag (records, team reports, back-office lists, decision 0161): the streaming
   * replica's pool when `DATABASE_REPLICA_URL` is set, read-only on the server; else the primary's pool itself.
   */
  replica: pg.Pool;
  close: () => Promise<void>;
}

export const connectDatabase = (url: string, poolSize: number, replicaUrl?: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'tessera' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  if (!replicaUrl) return { pool, replica: pool, close: () => pool.end() };
  // Read-only even where the replica URL names a primary by mistake: a write sent there fails instead of forking.
  const replica = new pg.Pool({
    connectionString: replicaUrl,
    max: poolSize,
    application_name: 'tessera-replica',
    options: '-c default_transaction_read_only=on',
  });
  replica.on('error', () => {});
  return {
    pool,
    replica,
    close: async () => {
      await Promise.all([pool.end(), replica.end()]);
    },
  };
};

/** Ends a dedicated client (a LISTEN connection) whatever its state: its handlers go, late errors are ignored. */
export const endQuietly = async (client: pg.Client): Promise<void> => {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
};
