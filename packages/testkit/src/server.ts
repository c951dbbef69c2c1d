import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createMigratedDatabase } from './postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const providerEntry = path.join(repoRoot, 'apps/reference-provider/dist/main.js');
/** The secret the test server and its reference provider sign the seamless wallet's calls with. */
const PROVIDER_SECRET = 'reference-provider-e2e-secret';

export const DEMO_OPERATOR = { username: 'owner', password: 'Tessera-Owner-2026' } as const;

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — the demo merchant answers on 127.0.0.1 and localhost. */
  url: string;
  port: number;
  /** Runs SQL against the server's own database (for checking what a journey wrote). */
  query: <T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** The server's database, for tools run against it (`npm run ledger:reconcile`). */
  databaseUrl: string;
  /** Everything the server printed, for diagnosing a failed test. */
  output: () => string;
  /** Kills the server process with SIGKILL (no shutdown, requests in flight cut off) and waits until it is gone. */
  kill: () => Promise<void>;
  /** Starts the server again on the same port and database (after `kill`), and waits until it is ready. */
  restart: () => Promise<void>;
  /** The reference game provider started beside the server, when the test asked for it. */
  referenceProvider: { url: string; output: () => string } | null;
  stop: () => Promise<void>;
}

/**
 * Ports are claimed across processes: a test file's server listens only seconds after its port was found free, and a
 * file running at the same time in another worker must not find the same port free meanwhile (its server would then
 * fail to listen, and its readiness check would be answered by the other file's server). A claim is a file named by
 * the port in the system's temporary folder, created exclusively and holding the claimer's process id; a claim whose
 * process is gone is taken over. Claims are given back when the server stops, and at the latest when the process exits.
 */
const claimsDir = path.join(tmpdir(), 'tessera-test-ports');
const claimed = new Set<number>();
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const claim = (port: number): boolean => {
  const file = path.join(claimsDir, String(port));
  mkdirSync(claimsDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      claimed.add(port);
      return true;
    } catch {
      // The claim may have been given back since: then the file is gone and the next attempt may create it.
      let holder = 0;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8') || '0', 10);
      } catch {
        continue;
      }
      if (holder > 0 && alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
};
const release = (...ports: number[]) => {
  for (const port of ports) {
    if (claimed.delete(port)) rmSync(path.join(claimsDir, String(port)), { force: true });
  }
};
process.once('exit', () => release(...claimed));

/**
 * A port free on 127.0.0.1 and claimed for this process: the next free one of `TEST_PORTS` (`9110-9119`) when set,
 * else one the system picks. Files running at once each start their search at their own worker's place in the range
 * (vitest's `VITEST_POOL_ID`, 1 and up).
 */
export const freePort = async (): Promise<number> => {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '');
  if (!range) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const port = await listenOn(0);
      if (claim(port)) return port;
    }
    throw new Error('no free port to claim');
  }
  const first = Number(range[1]);
  const size = Number(range[2]) - first + 1;
  const worker = Math.max(Number(process.env.VITEST_POOL_ID ?? 1) - 1, 0);
  for (let step = 0; step < size; step += 1) {
    const port = first + ((worker * 4 + step) % size);
    if (claimed.has(port) || !claim(port)) continue;
    const free = await listenOn(port).catch(() => null);
    if (free !== null) return free;
    release(port);
  }
  throw new Error(`no free port in TEST_PORTS ${process.env.TEST_PORTS}`);
};

const listenOn = (wanted: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(wanted, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Polls `url` (a readiness or health address) until it answers 200. */
const waitUntilReady = async (url: string, child: ChildProcess, output: () => string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms:\n${output()}`);
};

const exitOf = (proc: ChildProcess): Promise<unknown> =>
  proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => proc.once('exit', resolve));

/** Ends a child process: SIGTERM, then SIGKILL if it has not exited within 15 s. */
const stopChild = async (proc: ChildProcess) => {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = exitOf(proc);
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
};

/** Spawns a built service; `log` receives everything it prints. */
const spawnService = (entry: string, env: Record<string, string>, log: (text: string) => void) => {
  const proc = spawn(process.execPath, ['--enable-source-maps', entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => log(chunk.toString()));
  return proc;
};

/** The reference provider on a free port, calling the platform at `platformUrl`. */
const startReferenceProvider = async (platformUrl: string) => {
  if (!existsSync(providerEntry)) throw new Error(`${providerEntry} is missing: run "npm run build" first`);
  const port = await freePort();
  const bookDir = await mkdtemp(path.join(tmpdir(), 'tessera-rp-'));
  let log = '';
  const output = () => log;
  const proc = spawnService(
    providerEntry,
    {
      ...(process.env as Record<string, string>),
      REFERENCE_PROVIDER_PORT: String(port),
      REFERENCE_PROVIDER_HOST: '127.0.0.1',
      REFERENCE_PROVIDER_PLATFORM_URL: platformUrl,
      REFERENCE_PROVIDER_SECRET: PROVIDER_SECRET,
      REFERENCE_PROVIDER_LOG_LEVEL: 'warn',
      // A fresh state for every start: a run never reads another run's sportsbook, rounds, tables or tournaments
      // (decisions 0136, 0167).
      REFERENCE_PROVIDER_STATE_DIR: bookDir,
    },
    (text) => {
      log += text;
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${url}/health`, proc, output, 30_000);
  } catch (error) {
    proc.kill('SIGKILL');
    throw error;
  }
  return { proc, url, output, bookDir, port };
};

/**
 * Starts the BUILT server (apps/server/dist, run `npm run build` first) as its own process on a free port,
 * with a fresh database: a new database on DATABASE_URL's server when set, else its own embedded PostgreSQL
 * in a temporary folder. It seeds the demo merchant and operator as `npm start` does.
 *
 * `referenceProvider: true` also starts the built reference game provider (apps/reference-provider/dist) on a
 * free port of its own, wired to this server both ways: the server's outside vendors launch into it, and it
 * calls this server's seamless wallet with a secret the two share.
 */
export const startTestServer = async (
  options: { env?: Record<string, string>; referenceProvider?: boolean } = {},
): Promise<TestServer> => {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run "npm run build" first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = options.referenceProvider ? await startReferenceProvider(url) : null;
  const database = await createMigratedDatabase('e2e');
  const dataDir = database ? null : await mkdtemp(path.join(tmpdir(), 'tessera-e2e-'));
  // As root, the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  if (dataDir) await chmod(dataDir, 0o755);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DOMAINS: 'localhost,127.0.0.1',
    // The demo's announcement popup would cover every journey; the content journeys ask for it.
    SEED_DEMO_CONTENT: 'false',
    SEED_DEMO_HISTORY: 'false',
    ...(database
      ? { DATABASE_URL: database.url }
      : { DATA_DIR: dataDir ?? '', EMBEDDED_PG_PORT: String(await freePort()) }),
    ...(provider ? { REFERENCE_PROVIDER_URL: provider.url, REFERENCE_PROVIDER_SECRET: PROVIDER_SECRET } : {}),
    ...options.env,
  };
  if (!database) delete env.DATABASE_URL;
  let log = '';
  const output = () => log;
  const launch = async (): Promise<ChildProcess> => {
    const proc = spawnService(serverEntry, env, (text) => {
      log += text;
    });
    try {
      // A guard against a server that never starts: 5-10 s is usual, but two files starting at once on a machine at
      // load 18 were seen past 60 s.
      await waitUntilReady(`${url}/readyz`, proc, output, 150_000);
    } catch (error) {
      proc.kill('SIGKILL');
      throw error;
    }
    return proc;
  };
  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    provider?.proc.kill('SIGKILL');
    await database?.drop();
    throw error;
  }
  const dbUrl = database?.url ?? `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/tessera`;
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on('error', () => {});
  return {
    url,
    port,
    databaseUrl: dbUrl,
    output,
    referenceProvider: provider ? { url: provider.url, output: provider.output } : null,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    kill: async () => {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      await exited;
    },
    restart: async () => {
      await exitOf(child);
      child = await launch();
    },
    stop: async () => {
      await pool.end();
      // The provider first: on its way out it delivers what it still owes the server.
      if (provider) await stopChild(provider.proc);
      if (provider) await rm(provider.bookDir, { recursive: true, force: true });
      await stopChild(child);
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      release(port, ...(provider ? [provider.port] : []), ...(dataDir ? [Number(env.EMBEDDED_PG_PORT)] : []));
    },
  };
};
