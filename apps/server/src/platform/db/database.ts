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

/**
 * A pool whose clients' connection errors (PostgreSQL restarted, a backend terminated) never crash the process.
 * pg-pool listens for an idle client's error only: a client checked out (`pool.connect()`: a transaction, the
 * events' batch, a job's run) has no listener from the pool, and a `Client` emits `error` when its connection ends
 * even after failing the query it was running, so an unhandled `error` event ended the process. Every client gets a
 * listener for its whole life: the query in flight fails as before, the client is no longer queryable and the pool
 * discards it when it is released, and the next query opens a new connection.
 */
const resilientPool = (config: pg.PoolConfig): pg.Pool => {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // An idle client's error: the pool has removed it already.
  pool.on('error', () => {});
  return pool;
};

export const connectDatabase = (url: string, poolSize: number, replicaUrl?: string): Database => {
  const pool = resilientPool({ connectionString: url, max: poolSize, application_name: 'tessera' });
  if (!replicaUrl) return { pool, replica: pool, close: () => pool.end() };
  // Read-only even where the replica URL names a primary by mistake: a write sent there fails instead of forking.
  const replica = resilientPool({
    connectionString: replicaUrl,
    max: poolSize,
    application_name: 'tessera-replica',
    options: '-c default_transaction_read_only=on',
  });
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
