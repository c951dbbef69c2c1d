// `npm run cluster` (after the build): the layout of docs/deployment.md on one machine. Three server instances
// on ports of their own against one PostgreSQL, HAProxy in front (health checks on /readyz; installed from
// Debian's packages when missing), and beside them the sandbox payment gateway and the reference game provider,
// as `npm start` runs them. An instance that exits is started again after two seconds, so one can be killed by
// hand to watch HAProxy route around it. Ctrl-C (or SIGTERM) stops every child.
//
// The database: DATABASE_URL when set, else `tessera_cluster` on the PostgreSQL at 127.0.0.1:5432 (created when
// absent). The embedded PostgreSQL of `npm start` belongs to one process, so it cannot serve three.
// Realtime events fan out between the instances through Redis (decision 0160): REDIS_URL when set, else a
// redis-server of its own on CLUSTER_REDIS_PORT (6390; installed from Debian's packages when missing).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';

const env = process.env;
const frontPort = Number(env.CLUSTER_PORT ?? 8080);
const firstInstancePort = Number(env.CLUSTER_FIRST_INSTANCE_PORT ?? 8090);
const instanceCount = Number(env.CLUSTER_INSTANCES ?? 3);
const host = env.CLUSTER_HOST ?? '0.0.0.0';
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_cluster';
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
]) {
  if (!Number.isInteger(value) || value < 1 || value > 65535) fail(`${name} must be a whole number`);
}

/** HAProxy from Debian's packages, installed when missing (needs root, as apt-get does). */
const ensureHaproxy = () => {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0) return;
  log('HAProxy is missing: apt-get install -y haproxy');
  const install = spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit' });
  if (install.status !== 0) fail('could not install haproxy (run as root, or install it yourself)');
};

/** redis-server from Debian's packages, installed when missing (only when the cluster runs its own). */
const ensureRedisServer = () => {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0) return;
  log('Redis is missing: apt-get install -y redis-server');
  const install = spawnSync('apt-get', ['install', '-y', 'redis-server'], { stdio: 'inherit' });
  if (install.status !== 0) fail('could not install redis-server (run as root, or install it yourself)');
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

const haproxyConfig = () =>
  [
    'global',
    '    maxconn 4096',
    '',
    'defaults',
    '    mode http',
    '    option forwardfor',
    '    option redispatch',
    '    retries 2',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    timeout http-keep-alive 10s',
    '    timeout tunnel 1h',
    '',
    'frontend www',
    `    bind ${host}:${frontPort}`,
    '    default_backend tessera',
    '',
    'backend tessera',
    '    balance roundrobin',
    '    option httpchk',
    '    http-check send meth GET uri /readyz',
    '    http-check expect status 200',
    '    default-server check inter 1s fall 2 rise 2',
    ...instances.map((instance) => `    server ${instance.name} 127.0.0.1:${instance.port}`),
    '',
  ].join('\n');

const children = new Map();
let stopping = false;

/** Starts a child with its output prefixed by its name; `restart` says whether to start it again when it exits. */
const run = (name, command, args, childEnv, { restart, detached = false }) => {
  const child = spawn(command, args, { env: { ...env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  children.set(name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    log(`${name} exited (${signal ?? code})${restart ? '; starting it again in 2 s' : ''}`);
    if (restart) setTimeout(() => !stopping && run(name, command, args, childEnv, { restart, detached }), 2000);
    else stop(1);
  });
  return child;
};

const stop = (code) => {
  if (stopping) return;
  stopping = true;
  log('stopping every child');
  const isRunning = (child) => child !== undefined && child.exitCode === null && child.signalCode === null;
  // Redis goes last (it runs in a process group of its own, so Ctrl-C does not reach it): the draining
  // instances still publish to it.
  const redis = children.get('redis');
  const running = [...children.values()].filter((child) => child !== redis && isRunning(child));
  for (const child of running) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of [...running, redis]) if (isRunning(child)) child.kill('SIGKILL');
    process.exit(code);
  }, 20_000);
  force.unref();
  Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(async () => {
    if (isRunning(redis)) {
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGTERM');
      await exited;
    }
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

ensureHaproxy();
if (!env.REDIS_URL) ensureRedisServer();
await ensureDatabase();
mkdirSync(workDir, { recursive: true });
const configPath = `${workDir}/haproxy.cfg`;
writeFileSync(configPath, haproxyConfig());
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
    { restart: true, detached: true },
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
