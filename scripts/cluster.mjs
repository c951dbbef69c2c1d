// `npm run cluster` (after the build): the layout of docs/deployment.md on one machine. Three server instances
// on ports of their own against one PostgreSQL, HAProxy in front (health checks on /readyz; installed from
// Debian's packages when missing), and beside them the sandbox payment gateway and the reference game provider,
// as `npm start` runs them. An instance that exits is started again after two seconds, so one can be killed by
// hand to watch HAProxy route around it. Ctrl-C (or SIGTERM) stops every child.
//
// The database: DATABASE_URL (and DATABASE_REPLICA_URL, its streaming replica, if any) when set; else a PostgreSQL
// primary of the cluster's own and a streaming replica of it (Debian's PostgreSQL 15, in .tmp/cluster/pg, ports
// CLUSTER_PG_PORT and the next), database `tessera`: the instances read records and lists from the replica
// (decision 0161). The embedded PostgreSQL of `npm start` belongs to one process, so it cannot serve three.
// Realtime events fan out between the instances through Redis (decision 0160): REDIS_URL when set, else a
// redis-server of its own on CLUSTER_REDIS_PORT (6390; installed from Debian's packages when missing).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { haproxyConfig } from './haproxy-config.mjs';
import { asPostgres, baseBackup, initDataDir, PG_BIN, serverOptions, waitForPostgres } from './local-postgres.mjs';

const env = process.env;
const frontPort = Number(env.CLUSTER_PORT ?? 8080);
const firstInstancePort = Number(env.CLUSTER_FIRST_INSTANCE_PORT ?? 8090);
const instanceCount = Number(env.CLUSTER_INSTANCES ?? 3);
const host = env.CLUSTER_HOST ?? '0.0.0.0';
const pgPort = Number(env.CLUSTER_PG_PORT ?? 5440);
const ownDatabase = !env.DATABASE_URL;
const databaseUrl = env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:${pgPort}/tessera`;
const replicaUrl = ownDatabase ? `postgres://postgres@127.0.0.1:${pgPort + 1}/tessera` : env.DATABASE_REPLICA_URL;
const gatewayPort = env.SANDBOX_GATEWAY_PORT ?? '8081';
const providerPort = env.REFERENCE_PROVIDER_PORT ?? '8082';
const redisPort = Number(env.CLUSTER_REDIS_PORT ?? 6390);
const redisUrl = env.REDIS_URL ?? `redis://127.0.0.1:${redisPort}`;
const frontUrl = `http://localhost:${frontPort}`;
const workDir = '.tmp/cluster';

const log = (line) => process.stdout.write(`[cluster] ${line}\n`);
const fail = (line) => {
  process.stderr.write(`[cluster] ${line}\n`);
  process.exit(1);
};

for (const [name, value] of [
  ['CLUSTER_PORT', frontPort],
  ['CLUSTER_FIRST_INSTANCE_PORT', firstInstancePort],
  ['CLUSTER_INSTANCES', instanceCount],
  ['CLUSTER_REDIS_PORT', redisPort],
  ['CLUSTER_PG_PORT', pgPort],
]) {
  if (!Number.isInteger(value) || value < 1 || value > 65535) fail(`${name} must be a whole number`);
}

/** A Debian package installed when its command is missing (needs root, as apt-get does). */
const ensurePackage = (command, versionArgs, debianPackage) => {
  if (spawnSync(command, versionArgs, { stdio: 'ignore' }).status === 0) return;
  log(`${command} is missing: apt-get install -y ${debianPackage}`);
  const install = spawnSync('apt-get', ['install', '-y', debianPackage], { stdio: 'inherit' });
  if (install.status !== 0) fail(`could not install ${debianPackage} (run as root, or install it yourself)`);
};

const pgDir = resolve(workDir, 'pg');
/** The server of one data directory, as a child of this script, on the loopback only. */
const runPostgres = (name, dataDir, port, extra = []) => {
  const [command, args] = asPostgres('postgres', ['-D', dataDir, ...serverOptions(dataDir, port), ...extra]);
  run(name, command, args, {}, { restart: false, infrastructure: true });
};

/**
 * The cluster's own primary (initdb's trust rules for local connections and replication) and a streaming replica
 * made from it by pg_basebackup; both kept in .tmp/cluster/pg between runs.
 */
const startOwnPostgres = async () => {
  ensurePackage(`${PG_BIN}/postgres`, ['--version'], 'postgresql-15');
  const primaryDir = `${pgDir}/primary`;
  const replicaDir = `${pgDir}/replica`;
  if (initDataDir(primaryDir)) log(`initdb ${primaryDir}`);
  runPostgres('pg-primary', primaryDir, pgPort);
  await waitForPostgres(pgPort);
  if (!existsSync(`${replicaDir}/PG_VERSION`)) {
    log(`pg_basebackup of the primary into ${replicaDir} (a streaming replica)`);
    baseBackup(pgPort, replicaDir);
  }
  // A report export's cursor reads the replica for minutes: feedback keeps the primary's vacuum from removing rows
  // it still needs, so it is not cancelled by a recovery conflict (decision 0168).
  runPostgres('pg-replica', replicaDir, pgPort + 1, ['-c', 'hot_standby_feedback=on']);
  await waitForPostgres(pgPort + 1);
};

const redisAnswers = () =>
  spawnSync('redis-cli', ['-u', redisUrl, 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';

/** Creates the database when absent (the server applies the migrations itself). */
const ensureDatabase = async () => {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`database name "${name}" must be lower-case letters, digits and _`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (error) {
    fail(`no PostgreSQL at ${url.host} (${error.message}); set DATABASE_URL to one the instances can share`);
  }
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
};

const instances = Array.from({ length: instanceCount }, (_, index) => ({
  name: `app${index + 1}`,
  port: firstInstancePort + index,
}));

const children = new Map();
let stopping = false;

/**
 * Starts a child with its output prefixed by its name; `restart` says whether to start it again when it exits.
 * `infrastructure` (Redis, PostgreSQL): in a process group of its own, so Ctrl-C does not reach it, and stopped
 * only after the instances that use it.
 */
const infrastructure = new Set();
const run = (name, command, args, childEnv, { restart, infrastructure: isInfrastructure = false }) => {
  const child = spawn(command, args, {
    env: { ...env, ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: isInfrastructure,
  });
  if (isInfrastructure) infrastructure.add(name);
  children.set(name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    log(`${name} exited (${signal ?? code})${restart ? '; starting it again in 2 s' : ''}`);
    if (restart) {
      setTimeout(
        () => !stopping && run(name, command, args, childEnv, { restart, infrastructure: isInfrastructure }),
        2000,
      );
    } else stop(1);
  });
  return child;
};

const stop = (code) => {
  if (stopping) return;
  stopping = true;
  log('stopping every child');
  const isRunning = (child) => child !== undefined && child.exitCode === null && child.signalCode === null;
  const exited = (child) => new Promise((done) => (isRunning(child) ? child.once('exit', done) : done()));
  // The instances first; then what they use (they still publish and write while they drain).
  const [running, underneath] = [false, true].map((isInfrastructure) =>
    [...children.entries()]
      .filter(([name, child]) => infrastructure.has(name) === isInfrastructure && isRunning(child))
      .map(([, child]) => child),
  );
  for (const child of running) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of running) if (isRunning(child)) child.kill('SIGKILL');
    for (const child of underneath) if (isRunning(child)) process.kill(-child.pid, 'SIGKILL');
    process.exit(code);
  }, 30_000);
  force.unref();
  Promise.all(running.map(exited)).then(async () => {
    // PostgreSQL's fast shutdown (SIGINT) and Redis's SIGTERM, to the child's whole process group: runuser does
    // not pass signals on to the PostgreSQL it started.
    for (const child of underneath) {
      process.kill(-child.pid, child.spawnargs.some((arg) => arg.endsWith('/postgres')) ? 'SIGINT' : 'SIGTERM');
    }
    await Promise.all(underneath.map(exited));
    process.exit(code);
  });
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const waitUntilReady = async (url, timeoutMs) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (stopping) return false;
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
};

ensurePackage('haproxy', ['-v'], 'haproxy');
if (!env.REDIS_URL) ensurePackage('redis-server', ['--version'], 'redis-server');
if (ownDatabase) {
  await startOwnPostgres().catch((error) => {
    log(error.message);
    stop(1);
  });
  // A failed start stops the children already running, then exits.
  if (stopping) await new Promise(() => {});
}
await ensureDatabase();
mkdirSync(workDir, { recursive: true });
const configPath = `${workDir}/haproxy.cfg`;
writeFileSync(configPath, haproxyConfig(`${host}:${frontPort}`, instances));
try {
  execFileSync('haproxy', ['-c', '-q', '-f', configPath], { stdio: 'inherit' });
} catch {
  fail(`HAProxy refuses ${configPath}`);
}

run(
  'gateway',
  process.execPath,
  ['apps/sandbox-gateway/dist/main.js'],
  { SANDBOX_GATEWAY_PORT: gatewayPort, SANDBOX_GATEWAY_LOG_LEVEL: env.SANDBOX_GATEWAY_LOG_LEVEL ?? 'warn' },
  { restart: false },
);
run(
  'provider',
  process.execPath,
  ['apps/reference-provider/dist/main.js'],
  {
    REFERENCE_PROVIDER_PORT: providerPort,
    REFERENCE_PROVIDER_LOG_LEVEL: env.REFERENCE_PROVIDER_LOG_LEVEL ?? 'warn',
    // The provider calls the seamless wallet through the balancer, like any outside service.
    REFERENCE_PROVIDER_PLATFORM_URL: env.REFERENCE_PROVIDER_PLATFORM_URL ?? `http://127.0.0.1:${frontPort}`,
  },
  { restart: false },
);
if (!env.REDIS_URL) {
  run(
    'redis',
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {},
    { restart: true, infrastructure: true },
  );
}
for (let waited = 0; !redisAnswers(); waited += 250) {
  if (waited > 10_000) fail(`no Redis answers at ${redisUrl}`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
for (const instance of instances) {
  run(
    instance.name,
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/main.js'],
    {
      DATABASE_URL: databaseUrl,
      ...(replicaUrl ? { DATABASE_REPLICA_URL: replicaUrl } : {}),
      REDIS_URL: redisUrl,
      PORT: String(instance.port),
      PUBLIC_URL: frontUrl,
      // Outside services (the gateway's callbacks) come back through the balancer.
      INTERNAL_URL: `http://127.0.0.1:${frontPort}`,
      SANDBOX_GATEWAY_URL: env.SANDBOX_GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}`,
      REFERENCE_PROVIDER_URL: env.REFERENCE_PROVIDER_URL ?? `http://127.0.0.1:${providerPort}`,
      // HAProxy checks every second and needs two failures: a stopping instance drains for 2.5 s first.
      SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '2500',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    { restart: true },
  );
}
run('haproxy', 'haproxy', ['-db', '-f', configPath], {}, { restart: false });

const readyAll = await Promise.all(
  instances.map((instance) => waitUntilReady(`http://127.0.0.1:${instance.port}/readyz`, 180_000)),
);
if (stopping) process.exit(0);
if (readyAll.includes(false)) {
  log('an instance did not become ready within 3 minutes');
  stop(1);
} else if (await waitUntilReady(`http://127.0.0.1:${frontPort}/readyz`, 10_000)) {
  log('');
  log(`Tessera cluster: ${instanceCount} instances behind HAProxy`);
  log(`  Member site:  ${frontUrl}/`);
  log(`  Back office:  ${frontUrl}/admin/`);
  log(`  Instances:    ${instances.map((instance) => `${instance.name} :${instance.port}`).join(', ')}`);
  log(`  Database:     ${new URL(databaseUrl).pathname.slice(1)} on ${new URL(databaseUrl).host}`);
  if (replicaUrl)
    log(`  Replica:      ${new URL(replicaUrl).host} (records, team lists and back-office lists read here)`);
  log(`  Fan-out:      Redis at ${new URL(redisUrl).host}`);
  log('  Kill an instance (kill <pid>) and the site keeps answering; it is started again after 2 s.');
  log(
    `  Instance pids: ${instances.map((instance) => `${instance.name}=${children.get(instance.name)?.pid}`).join(' ')}`,
  );
  log('  Ctrl-C stops everything.');
} else {
  log('HAProxy does not answer');
  stop(1);
}
