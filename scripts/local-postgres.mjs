// A PostgreSQL server of a script's own from Debian's PostgreSQL 15 packages (npm run cluster, npm run chaos):
// initdb, its programs run as the `postgres` user when the script runs as root (PostgreSQL refuses root), and
// readiness. Trust authentication on the loopback only: these servers are for one machine's trials.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** The command and arguments that run a PostgreSQL program, as `postgres` when this process is root. */
export const asPostgres = (program, args) =>
  process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', `${PG_BIN}/${program}`, ...args]]
    : [`${PG_BIN}/${program}`, args];

/** Runs a PostgreSQL program to its end; throws with its output when it fails. */
export const runPostgresTool = (program, args) => {
  const [command, commandArgs] = asPostgres(program, args);
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
};

export const postgresAnswers = (port) =>
  spawnSync(`${PG_BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-q']).status === 0;

export const waitForPostgres = async (port, timeoutMs = 30_000) => {
  for (let waited = 0; !postgresAnswers(port); waited += 250) {
    if (waited > timeoutMs) throw new Error(`PostgreSQL on port ${port} did not start`);
    await new Promise((done) => setTimeout(done, 250));
  }
};

/** The server options every such server runs with: the loopback only, its socket in its data directory. */
export const serverOptions = (dataDir, port) => [
  '-p',
  String(port),
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  `unix_socket_directories=${dataDir}`,
];

/** A new data directory (initdb, trust for local and replication connections) unless `dataDir` holds one. */
export const initDataDir = (dataDir) => {
  if (existsSync(`${dataDir}/PG_VERSION`)) return false;
  mkdirSync(dirname(dataDir), { recursive: true });
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dirname(dataDir)]);
  runPostgresTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-instructions']);
  return true;
};

/** A streaming replica's data directory made from the primary on `port` (pg_basebackup, its settings written: -R). */
export const baseBackup = (port, replicaDir) =>
  runPostgresTool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
