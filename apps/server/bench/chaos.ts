/**
 * npm run chaos (after npm run build): the mixed load of chaos-load.ts through HAProxy while server instances are
 * killed, PostgreSQL restarts once and Redis once; then proof that nothing was lost or applied twice (issue 33,
 * decisions 0163 and 0171). `npm run chaos -- --throughput`: the same load without chaos on 1 and on 3 instances.
 *
 * - Its own PostgreSQL 15 primary and a streaming replica of it (Debian's packages, .tmp/chaos/pg, ports
 *   CHAOS_PG_PORT 5450 and the next; the instances read lagging reads from the replica, DATABASE_REPLICA_URL), its
 *   own redis-server (CHAOS_REDIS_PORT, CHAOS_FIRST_PORT + 49: realtime fan-out, REDIS_URL), the sandbox payment
 *   gateway (CHAOS_FIRST_PORT + 10) and HAProxy on CHAOS_FIRST_PORT (8190) with health checks on /readyz in front of
 *   CHAOS_INSTANCES (3) built servers at production defaults (ports CHAOS_FIRST_PORT + 1...).
 * - The load, every request through HAProxy (chaos-load.ts): CHAOS_CALLERS (6) seamless provider callers,
 *   CHAOS_PLAYERS (4) players betting in-house, chatting and subscribed to their balances over WebSocket, and
 *   CHAOS_JOURNEYS (2) lanes of visitors registering, depositing at the gateway and withdrawing (operator-approved).
 *   An unanswered request (refused, reset, 5xx, 10 s without a reply) is sent again as a real client would: with the
 *   same transaction id, idempotency key, client message id or request id.
 * - For CHAOS_SECONDS (600): every CHAOS_KILL_EVERY_S (30) s one instance gets SIGKILL and is started again 2 s later
 *   (one down at a time; every other kill aimed at the crash leader); PostgreSQL restarts (fast shutdown) at 2/5 of
 *   the run and Redis at 3/5. Replica lag (pg_stat_replication.replay_lag) is sampled every second.
 * - Then: every accepted request applied exactly once by the clients' own model (seamless calls, bets, chat messages
 *   numbered without gaps, registrations, deposits credited once, withdrawals once), balances follow, no subscriber
 *   stuck (heard a change of its balance within 10 s), every periodic job ran once in each of its periods of the run
 *   (job_runs), the crash rounds went on within a round of each leader kill, the ledger reconciles, replica lag p99
 *   under 1 s. Printed with counts per kind, kills, retries, errors by code, p99 per kind and the load average.
 *   Exit code 1 if any check fails.
 * - --throughput: no kills; CHAOS_THROUGHPUT_SECONDS (60) of the load on 1, 3, 1, 3 instances (medians of each),
 *   requests/s and p99 per kind, the ratio, the CPU seconds of the servers, PostgreSQL, HAProxy and this generator
 *   (from /proc), and the load average.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { haproxyConfig } from '../../../scripts/haproxy-config.mjs';
import {
  baseBackup,
  initDataDir,
  runPostgresTool,
  serverOptions,
  waitForPostgres,
} from '../../../scripts/local-postgres.mjs';

const env = process.env;
const THROUGHPUT = process.argv.includes('--throughput');
const SECONDS = Number(env.CHAOS_SECONDS ?? 600);
const THROUGHPUT_SECONDS = Number(env.CHAOS_THROUGHPUT_SECONDS ?? 60);
const INSTANCES = Number(env.CHAOS_INSTANCES ?? 3);
const CALLERS = Number(env.CHAOS_CALLERS ?? 6);
const PLAYERS = Number(env.CHAOS_PLAYERS ?? 4);
const JOURNEYS = Number(env.CHAOS_JOURNEYS ?? 2);
const PG_PORT = Number(env.CHAOS_PG_PORT ?? 5450);
const FIRST_PORT = Number(env.CHAOS_FIRST_PORT ?? 8190);
const REDIS_PORT = Number(env.CHAOS_REDIS_PORT ?? FIRST_PORT + 49);
const GATEWAY_PORT = FIRST_PORT + 10;
const KILL_EVERY_MS = Number(env.CHAOS_KILL_EVERY_S ?? 30) * 1000;
/** How long the clients may take, once the load stops, to have their last requests answered. */
const LOAD_FINISH_MS = 180_000;
const SEAMLESS_FUNDING = 10_000_000_00n;
const PLAYER_FUNDING = 100_000_000n;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(serverDir, '../..');
const workDir = path.join(serverDir, '.tmp/chaos');
/** Where the harness writes each instance's log (bench/harness.ts). */
const benchLogDir = path.join(serverDir, '.tmp/bench');
const primaryDir = path.join(workDir, 'pg/primary');
const replicaDir = path.join(workDir, 'pg/replica');
const serverUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/tessera`;
const replicaUrl = `postgres://postgres@127.0.0.1:${PG_PORT + 1}/tessera`;
const front = `http://127.0.0.1:${FIRST_PORT}`;
const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
// The harness's admin connection (its idle check) reads this server, not the machine's.
env.DATABASE_URL = serverUrl;
const { startApp, cpuMsOf } = await import('./harness');
const { providerTokens } = await import('./seamless.bench');
const { BENCH_PROVIDER_SECRET, benchMembers } = await import('./bench-support');
const { LoadStats, checkModel, mixedLoad, newModel, subscriberDelays } = await import('./chaos-load');
const { reconcileLedger } = await import('../src/modules/ledger');
const { crashElapsedAt } = await import('@tessera/engines');
const { DEFAULT_CRASH_TIMING } = await import('../src/modules/inhouse/crash.driver');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const pgCtl = (dataDir: string, ...args: string[]) =>
  runPostgresTool('pg_ctl', ['-D', dataDir, '-w', '-l', `${dataDir}.log`, ...args]);
const pgOptions = (dataDir: string, port: number, extra: string[] = []) =>
  [...serverOptions(dataDir, port), ...extra].join(' ');
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Children of this script other than the instances (gateway, Redis, HAProxy), stopped at the end. */
const children: ChildProcess[] = [];
const startChild = (command: string, args: string[], childEnv: Record<string, string> = {}, logName?: string) => {
  const out = logName ? path.join(workDir, `${logName}.log`) : undefined;
  const child = spawn(command, args, {
    cwd: repoDir,
    env: { ...env, ...childEnv },
    stdio: out ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  if (out) {
    child.stdout?.on('data', (chunk) => writeFileSync(out, chunk, { flag: 'a' }));
    child.stderr?.on('data', (chunk) => writeFileSync(out, chunk, { flag: 'a' }));
  }
  children.push(child);
  return child;
};
const until = async (what: string, ok: () => Promise<boolean> | boolean, timeoutMs = 30_000) => {
  for (let waited = 0; !(await ok()); waited += 250) {
    if (waited > timeoutMs) throw new Error(`${what} did not come up`);
    await sleep(250);
  }
};
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

const redisArgs = ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
const redisAnswers = () =>
  spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
let redis: ChildProcess | undefined;
const startRedis = async () => {
  redis = startChild('redis-server', redisArgs);
  await until('Redis', redisAnswers);
};

/** The primary, the database, and a streaming replica made from it. */
const startPostgres = async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  initDataDir(primaryDir);
  pgCtl(primaryDir, '-o', pgOptions(primaryDir, PG_PORT), 'start');
  await waitForPostgres(PG_PORT);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE tessera');
  await admin.end();
  baseBackup(PG_PORT, replicaDir);
  pgCtl(replicaDir, '-o', pgOptions(replicaDir, PG_PORT + 1, ['-c', 'hot_standby_feedback=on']), 'start');
  await waitForPostgres(PG_PORT + 1);
};

/** PostgreSQL's processes (the primary's postmaster and its children) and their CPU ms so far. */
const postgresCpuMs = () => {
  const postmaster = Number(readFileSync(path.join(primaryDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMsOf(postmaster) ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) total += cpuMsOf(Number(entry)) ?? 0;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
};

const instancePorts = Array.from({ length: INSTANCES }, (_, i) => FIRST_PORT + 1 + i);
const live = new Map<number, Awaited<ReturnType<typeof startApp>>>();
const appEnv = {
  REFERENCE_PROVIDER_SECRET: BENCH_PROVIDER_SECRET,
  DATABASE_REPLICA_URL: replicaUrl,
  REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  SANDBOX_GATEWAY_URL: gatewayUrl,
  INTERNAL_URL: front,
  PUBLIC_URL: front,
};
/**
 * Instances that exited without the run's SIGKILL (a crash: an unhandled error ended the process), as
 * `name (how)`. Each is started again, as its service manager would (Restart=on-failure, docs/deployment.md), and
 * fails the run's check.
 */
const ownExits: string[] = [];
/** Set once the run stops its instances itself. */
let stoppingInstances = false;
/** What the chaos run does with an instance that exited on its own (starts it again). */
let onOwnExit: (port: number) => void = () => {};
const startInstance = async (port: number, idle = true) => {
  const target = await startApp(databaseUrl, port, appEnv, [], { idle });
  live.set(port, target);
  target.process.once('exit', (code, signal) => {
    // The run takes an instance out of `live` before it kills it.
    if (stoppingInstances || live.get(port) !== target) return;
    live.delete(port);
    ownExits.push(`${target.name} (${signal ?? `exit code ${code}`})`);
    // Kept apart: the instance started again writes its own log afresh.
    const kept = `${target.name}.exited-${ownExits.length}.log`;
    try {
      renameSync(path.join(benchLogDir, `${target.name}.log`), path.join(benchLogDir, kept));
    } catch {
      // No log to keep.
    }
    log(`${target.name} exited on its own (${signal ?? `exit code ${code}`}; its log: .tmp/bench/${kept})`);
    onOwnExit(port);
  });
  return target;
};

/** Everything but the load: PostgreSQL and its replica, Redis, the gateway, HAProxy, the first instance. */
const startInfrastructure = async () => {
  await startPostgres();
  await startRedis();
  startChild(
    process.execPath,
    ['apps/sandbox-gateway/dist/main.js'],
    {
      SANDBOX_GATEWAY_HOST: '127.0.0.1',
      SANDBOX_GATEWAY_PORT: String(GATEWAY_PORT),
      SANDBOX_GATEWAY_DATA: path.join(workDir, 'gateway'),
      SANDBOX_GATEWAY_LOG_LEVEL: 'warn',
    },
    'gateway',
  );
  await until('the gateway', () => answers(`${gatewayUrl}/health`));
  const config = path.join(workDir, 'haproxy.cfg');
  writeFileSync(
    config,
    haproxyConfig(
      `127.0.0.1:${FIRST_PORT}`,
      instancePorts.map((port, i) => ({ name: `app${i + 1}`, port })),
    ),
  );
  startChild('haproxy', ['-db', '-f', config], {}, 'haproxy');
  // The first instance migrates and seeds the demo merchant.
  await startInstance(instancePorts[0] ?? FIRST_PORT + 1);
  await until('HAProxy', () => answers(`${front}/readyz`));
};

/** The load's members: seamless callers' game tokens, and the players' sessions. */
const startMembers = async () => {
  const tokens = await providerTokens(databaseUrl, CALLERS);
  const players = await benchMembers(databaseUrl, PLAYERS);
  return {
    tokens,
    players,
    seamlessUsers: tokens.map((_, i) => `seamless${i}`),
    playerUsers: players.map((_, i) => `bench${i}`),
  };
};

/** Runs the mixed load until `stopped()`; answers when every client has finished its step. */
const runLoad = (
  label: string,
  members: Awaited<ReturnType<typeof startMembers>>,
  stats: InstanceType<typeof LoadStats>,
  model: ReturnType<typeof newModel>,
  stopped: () => boolean,
) => {
  const clients = mixedLoad({ front, gatewayUrl, label, stats, model, stopped });
  const closers = members.players.map((token, i) => clients.subscriber(token, i));
  const loops = [
    ...members.tokens.map((token, i) => clients.providerCaller(token, i)),
    ...members.players.map((token, i) => clients.bettor(token, i)),
    ...members.players.map((token, i) => clients.chatter(token, i)),
    ...Array.from({ length: JOURNEYS }, (_, lane) => clients.journey(lane)),
  ];
  return Promise.all(loops).finally(() => {
    for (const close of closers) close();
  });
};

/** Replica lag samples (ms), one a second, from the primary's pg_stat_replication. */
const sampleReplicaLag = (samples: number[], stopped: () => boolean) =>
  (async () => {
    while (!stopped()) {
      const client = new pg.Client({ connectionString: serverUrl });
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ ms: number | null }>(
          'SELECT (extract(epoch FROM replay_lag) * 1000)::float8 AS ms FROM pg_stat_replication',
        );
        if (rows[0]) samples.push(rows[0].ms ?? 0);
      } catch {
        // PostgreSQL restarting.
      } finally {
        await client.end().catch(() => {});
      }
      await sleep(1_000);
    }
  })();

const printStats = (stats: InstanceType<typeof LoadStats>, seconds: number) => {
  console.log(`requests answered by kind (per second, p50 / p99 ms; load ${load()}):`);
  for (const [kind, n] of [...stats.answered].sort()) {
    const sorted = [...(stats.latencies.get(kind) ?? [])].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(20)} ${String(n).padStart(7)}  ${(n / seconds).toFixed(1).padStart(7)}/s  ${pct(sorted, 0.5).toFixed(0).padStart(6)} / ${pct(sorted, 0.99).toFixed(0)} ms${stats.retries.get(kind) ? `  (${stats.retries.get(kind)} sent again)` : ''}`,
    );
  }
  console.log(`errors by code (${stats.total(stats.errors)}):`);
  for (const [code, n] of [...stats.errors].sort((a, b) => b[1] - a[1])) {
    const sample = stats.samples.get(code);
    console.log(`  ${String(n).padStart(6)}  ${code}${sample && env.CHAOS_VERBOSE ? `  ${sample}` : ''}`);
  }
};

/** The crash leader's instance, from its lock connection's application_name. */
const crashLeader = async (): Promise<number | undefined> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      "SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'tessera-crash-leader %'",
    );
    const pids = new Set(rows.map((row) => Number(row.name.split(' ')[1])));
    return [...live.entries()].find(([, target]) => pids.has(target.process.pid ?? -1))?.[0];
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
};

/** The crash rounds' steps against when each was due; the first step after each leader kill. */
const crashFigures = async (pool: pg.Pool, leaderKills: number[]) => {
  const { rows: rounds } = await pool.query<{
    ends: Date;
    started: Date | null;
    ended: Date | null;
    point: number;
    status: string;
  }>(
    `SELECT betting_ends_at AS ends, started_at AS started, ended_at AS ended, crash_point AS point, status
       FROM crash_rounds WHERE merchant_code = 'demo' ORDER BY id`,
  );
  const steps: { due: number; at: number }[] = [];
  rounds.forEach((round, i) => {
    const previous = rounds[i - 1];
    const opened = round.ends.getTime() - DEFAULT_CRASH_TIMING.bettingMs;
    if (previous?.ended) steps.push({ due: previous.ended.getTime() + DEFAULT_CRASH_TIMING.pauseMs, at: opened });
    if (round.started) steps.push({ due: round.ends.getTime(), at: round.started.getTime() });
    if (round.started && round.ended && round.status === 'crashed')
      steps.push({ due: round.started.getTime() + crashElapsedAt(round.point), at: round.ended.getTime() });
  });
  const lengths = rounds.slice(1).map((round, i) => round.ends.getTime() - (rounds[i]?.ends.getTime() ?? 0));
  return {
    rounds: rounds.length,
    roundMs: median(lengths),
    afterKills: leaderKills.map((killedAt) => {
      const next = steps.filter((step) => step.at > killedAt).sort((a, b) => a.at - b.at)[0];
      return next ? Math.round(next.at - next.due) : Number.NaN;
    }),
  };
};

/**
 * Each periodic job that records its periods (job_runs) ran once in every period that began inside the window
 * (the primary key makes "at most once" certain; this finds the periods missed). A job's period is the smallest step
 * between its recorded period keys; a period just before the window's end may still be running, so the window ends
 * a period of the longest job early.
 */
const jobPeriods = async (pool: pg.Pool, from: Date, to: Date, outage: { from: number; to: number }) => {
  const { rows } = await pool.query<{ name: string; key: string }>(
    'SELECT name, period_key AS key FROM job_runs ORDER BY name, period_key',
  );
  const byName = new Map<string, number[]>();
  for (const row of rows) {
    const at = Date.parse(row.key);
    if (Number.isFinite(at)) byName.set(row.name, [...(byName.get(row.name) ?? []), at]);
  }
  const result: { name: string; periodS: number; expected: number; ran: number; outage: number }[] = [];
  for (const [name, keys] of byName) {
    const steps = keys.slice(1).map((key, i) => key - (keys[i] ?? 0));
    const period = Math.min(...steps);
    if (!Number.isFinite(period) || period > 600_000) continue;
    // The periods whose start lies in the window (a minute in, a minute before the end: the first instance's jobs
    // start with it, the last periods may still be due).
    const start = Math.ceil((from.getTime() + 60_000) / period) * period;
    const end = to.getTime() - 60_000;
    const periods =
      start <= end ? Array.from({ length: Math.floor((end - start) / period) + 1 }, (_, i) => start + i * period) : [];
    const recorded = new Set(keys);
    // A period that began while PostgreSQL was down (or that was running when it went down) cannot have run then;
    // the queue does not catch up on it, the next period does its work. Counted apart.
    const inOutage = (at: number) => at >= outage.from - period && at <= outage.to;
    const missedInOutage = periods.filter((at) => inOutage(at) && !recorded.has(at)).length;
    const counted = periods.filter((at) => !inOutage(at) || recorded.has(at));
    const ran = counted.filter((at) => recorded.has(at)).length;
    result.push({ name, periodS: period / 1000, expected: counted.length, ran, outage: missedInOutage });
  }
  return result;
};

const chaos = async () => {
  await startInfrastructure();
  await Promise.all(instancePorts.slice(1).map((port) => startInstance(port)));
  const members = await startMembers();
  log(
    `${INSTANCES} instances behind HAProxy on ${FIRST_PORT}; PostgreSQL ${PG_PORT} (replica ${PG_PORT + 1}); Redis ${REDIS_PORT}; ${CALLERS} provider callers, ${PLAYERS} players, ${JOURNEYS} journey lanes (load ${load()})`,
  );
  const stats = new LoadStats();
  const model = newModel();
  let stopping = false;
  const began = Date.now();
  const startedAt = new Date();
  const load$ = runLoad('k', members, stats, model, () => stopping);
  const lag: number[] = [];
  const lagSampler = sampleReplicaLag(lag, () => stopping);
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);

  const restarts: Promise<void>[] = [];
  const restartInstance = async (port: number) => {
    for (;;) {
      try {
        await startInstance(port, false);
        return;
      } catch (error) {
        log(`instance on ${port} did not start (${error instanceof Error ? error.message : error}); trying again`);
        await sleep(1_000);
      }
    }
  };
  onOwnExit = (port) => restarts.push(sleep(2_000).then(() => restartInstance(port)));
  let kills = 0;
  const leaderKills: number[] = [];
  let restartedPostgres = false;
  let restartedRedis = false;
  /** From the PostgreSQL restart until HAProxy has an instance ready again. */
  const outage = { from: Number.POSITIVE_INFINITY, to: Number.NEGATIVE_INFINITY };
  /** From PostgreSQL accepting connections again until HAProxy had an instance ready (ms; null: none in 120 s). */
  let readyAfterPostgres: number | null = null;
  while (Date.now() - began < SECONDS * 1000) {
    await sleep(Math.min(KILL_EVERY_MS, Math.max(0, SECONDS * 1000 - (Date.now() - began))));
    const elapsed = Date.now() - began;
    if (elapsed >= SECONDS * 1000) break;
    if (!restartedPostgres && elapsed >= (SECONDS * 1000 * 2) / 5) {
      restartedPostgres = true;
      log(`PostgreSQL restarts (fast shutdown; load ${load()})`);
      outage.from = Date.now();
      // pg_ctl -w: back when it answers.
      pgCtl(primaryDir, '-m', 'fast', '-o', pgOptions(primaryDir, PG_PORT), 'restart');
      const postgresBack = Date.now();
      const ready = await until('an instance after the PostgreSQL restart', () => answers(`${front}/readyz`), 120_000)
        .then(() => true)
        .catch(() => false);
      outage.to = Date.now();
      readyAfterPostgres = ready ? outage.to - postgresBack : null;
      log(
        ready
          ? `an instance is ready again ${((outage.to - outage.from) / 1000).toFixed(1)} s after the restart began, ${((outage.to - postgresBack) / 1000).toFixed(1)} s after PostgreSQL was back (${((postgresBack - outage.from) / 1000).toFixed(1)} s down; load ${load()})`
          : `no instance ready ${((outage.to - outage.from) / 1000).toFixed(1)} s after the restart began (PostgreSQL back after ${((postgresBack - outage.from) / 1000).toFixed(1)} s)`,
      );
      continue;
    }
    if (!restartedRedis && elapsed >= (SECONDS * 1000 * 3) / 5) {
      restartedRedis = true;
      log(`Redis restarts (load ${load()})`);
      const old = redis;
      const exited = new Promise((done) => old?.once('exit', done));
      old?.kill('SIGTERM');
      await exited;
      await startRedis();
      continue;
    }
    // One instance down at a time: the next kill waits until the last one killed is serving again.
    if (live.size < INSTANCES) continue;
    const leader = kills % 2 === 0 ? await crashLeader() : undefined;
    const port = leader ?? [...live.keys()][Math.floor(Math.random() * live.size)];
    const target = port === undefined ? undefined : live.get(port);
    if (port === undefined || !target) continue;
    live.delete(port);
    target.process.kill('SIGKILL');
    kills += 1;
    if (leader !== undefined) leaderKills.push(Date.now());
    log(`SIGKILL ${target.name}${leader === undefined ? '' : ', the crash leader,'} (load ${load()})`);
    restarts.push(sleep(2_000).then(() => restartInstance(port)));
  }
  stopping = true;
  const endedAt = Date.now();
  // Each client finishes its step: a request is sent until an instance answers it, so a run whose instances never
  // serve again would wait for ever; it fails instead, naming what was still unanswered.
  const finished = await Promise.race([load$.then(() => true), sleep(LOAD_FINISH_MS).then(() => false)]);
  if (!finished) {
    const waiting = [...stats.pending].filter(([, n]) => n > 0).map(([kind, n]) => `${kind} ${n}`);
    throw new Error(
      `the clients' last requests were not answered within ${LOAD_FINISH_MS / 1000} s of the end (${waiting.join(', ')}; instances live: ${[...live.values()].map((target) => target.name).join(', ') || 'none'})`,
    );
  }
  await lagSampler;
  clearInterval(loadTimer);
  const seconds = (endedAt - began) / 1000;
  log(`load stopped after ${seconds.toFixed(0)} s; waiting for the gateway's last callbacks, then checking`);
  console.log('');
  printStats(stats, seconds);
  await sleep(10_000);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const checks: [string, boolean, string][] = [];
  let crash = { rounds: 0, roundMs: 0, afterKills: [] as number[] };
  let jobs: Awaited<ReturnType<typeof jobPeriods>> = [];
  try {
    checks.push(
      ...(await checkModel(pool, model, {
        seamlessUsers: members.seamlessUsers,
        playerUsers: members.playerUsers,
        seamlessFunding: SEAMLESS_FUNDING,
        playerFunding: PLAYER_FUNDING,
      })),
    );
    crash = await crashFigures(pool, leaderKills);
    checks.push([
      'the crash rounds went on after each leader kill within one round',
      leaderKills.length > 0 && crash.afterKills.every((late) => late < crash.roundMs),
      `${leaderKills.length} leader kills; first steps after them late by ${crash.afterKills.join(', ')} ms; a round ${crash.roundMs} ms`,
    ]);
    jobs = await jobPeriods(pool, startedAt, new Date(endedAt), outage);
    const missed = jobs.filter((job) => job.ran !== job.expected);
    checks.push([
      'every periodic job ran once in each of its periods (outside the PostgreSQL outage)',
      jobs.some((job) => job.expected > 0) && missed.length === 0,
      missed.map((job) => `${job.name} ${job.ran}/${job.expected}`).join(', '),
    ]);
    const report = await reconcileLedger(pool);
    const failing = report.filter((check) => check.discrepancies > 0).map((check) => check.name);
    checks.push(['the ledger reconciles', failing.length === 0, failing.join(', ')]);
  } finally {
    await pool.end();
  }
  checks.push([
    'no instance exited on its own (only the SIGKILLs of the run)',
    ownExits.length === 0,
    ownExits.join(', '),
  ]);
  checks.push([
    'an instance ready within 10 s of PostgreSQL being back',
    readyAfterPostgres !== null && readyAfterPostgres <= 10_000,
    readyAfterPostgres === null ? 'none within 120 s' : `${(readyAfterPostgres / 1000).toFixed(1)} s`,
  ]);
  const subscribers = subscriberDelays(model, endedAt);
  checks.push(['no WebSocket subscriber stuck', subscribers.stuck === 0, `${subscribers.stuck} changes unheard`]);
  const lagSorted = [...lag].sort((a, b) => a - b);
  checks.push(['replica lag p99 under 1 s', pct(lagSorted, 0.99) < 1_000, `${pct(lagSorted, 0.99).toFixed(0)} ms`]);

  console.log('');
  console.log(
    `requests answered   ${stats.total(stats.answered)} in ${seconds.toFixed(0)} s; sent again ${stats.total(stats.retries)} times`,
  );
  console.log(
    `instances killed    ${kills} (SIGKILL, ${leaderKills.length} of them the crash leader); exited on their own ${ownExits.length}; PostgreSQL restarted ${restartedPostgres ? 'once' : 'never'} (an instance ready ${readyAfterPostgres === null ? 'never' : `${(readyAfterPostgres / 1000).toFixed(1)} s`} after it was back); Redis restarted ${restartedRedis ? 'once' : 'never'}`,
  );
  console.log(
    `clients' model      ${model.seamless.length} seamless calls, ${[...model.bets.values()].reduce((n, own) => n + own.accepted.size, 0)} in-house bets, ${[...model.chat.values()].reduce((n, sent) => n + sent.length, 0)} chat messages, ${model.registrations.length} registrations (${model.registrations.filter((r) => r.byRetry).length} answered only by a retry), ${model.deposits.length} deposits paid, ${model.withdrawals.length} withdrawals (${model.withdrawals.filter((w) => w.disbursed).length} disbursed)`,
  );
  console.log(
    `subscribers         ${members.players.length}, ${model.reconnects} reconnects; heard a balance change p50 ${pct(subscribers.delays, 0.5)} ms, p99 ${pct(subscribers.delays, 0.99)} ms after its answer; ${subscribers.stuck} unheard within 10 s`,
  );
  console.log(
    `replica lag         p50 ${pct(lagSorted, 0.5).toFixed(0)} ms, p99 ${pct(lagSorted, 0.99).toFixed(0)} ms, max ${pct(lagSorted, 1).toFixed(0)} ms (${lag.length} samples)`,
  );
  console.log(
    `crash rounds        ${crash.rounds}, a round ${(crash.roundMs / 1000).toFixed(1)} s; first step after each leader kill late by ${crash.afterKills.map((ms) => `${ms} ms`).join(', ')}`,
  );
  console.log(
    `periodic jobs       ran/due per job: ${jobs.map((job) => `${job.name} (${job.periodS} s) ${job.ran}/${job.expected}`).join(', ')}; periods missed while PostgreSQL was down: ${jobs.map((job) => `${job.name} ${job.outage}`).join(', ')}`,
  );
  console.log(
    `load average        ${load()} now; one-minute p50 ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)} during the run`,
  );
  for (const [name, ok, detail] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${detail}`}`);
  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(failed === 0 ? 'Nothing lost, nothing twice.' : `${failed} check(s) failed.`);
  await Promise.all(restarts);
  return failed === 0;
};

/** The same load without chaos on 1, 3, 1, 3 instances: requests/s and p99 per kind, CPU per process kind. */
const throughput = async () => {
  await startInfrastructure();
  const members = await startMembers();
  const runs: {
    instances: number;
    stats: InstanceType<typeof LoadStats>;
    cpu: Record<string, number>;
    load: number;
  }[] = [];
  const haproxy = children.at(-1);
  for (const [run, count] of [1, 3, 1, 3].entries()) {
    for (const port of instancePorts.slice(0, count)) if (!live.has(port)) await startInstance(port);
    for (const port of instancePorts.slice(count)) {
      const target = live.get(port);
      live.delete(port);
      await target?.stop();
    }
    // HAProxy takes a stopped instance out after two failed checks.
    await sleep(3_000);
    const cpuOf = () => ({
      servers: [...live.values()].reduce((sum, target) => sum + (cpuMsOf(target.process.pid) ?? 0), 0),
      postgres: postgresCpuMs(),
      haproxy: cpuMsOf(haproxy?.pid) ?? 0,
      generator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    });
    const before = cpuOf();
    const stats = new LoadStats();
    let stopping = false;
    const loop = runLoad(`t${run}`, members, stats, newModel(), () => stopping);
    await sleep(THROUGHPUT_SECONDS * 1000);
    stopping = true;
    const after = cpuOf();
    await loop;
    const cpu = Object.fromEntries(
      Object.entries(after).map(([name, ms]) => [name, (ms - before[name as keyof typeof before]) / 1000]),
    );
    runs.push({ instances: count, stats, cpu, load: loadavg()[0] ?? 0 });
    log(
      `${count} instance(s): ${(stats.total(stats.answered) / THROUGHPUT_SECONDS).toFixed(0)} requests/s, CPU s ${Object.entries(
        cpu,
      )
        .map(([name, s]) => `${name} ${s.toFixed(1)}`)
        .join(', ')} (load ${load()})`,
    );
  }
  const kinds = [...new Set(runs.flatMap((r) => [...r.stats.answered.keys()]))].sort();
  const figures = (count: number) => {
    const mine = runs.filter((r) => r.instances === count);
    const perKind = new Map(
      kinds.map((kind) => [
        kind,
        {
          perSecond: median(mine.map((r) => (r.stats.answered.get(kind) ?? 0) / THROUGHPUT_SECONDS)),
          p99: median(
            mine.map((r) =>
              pct(
                [...(r.stats.latencies.get(kind) ?? [])].sort((a, b) => a - b),
                0.99,
              ),
            ),
          ),
        },
      ]),
    );
    return {
      perKind,
      total: median(mine.map((r) => r.stats.total(r.stats.answered) / THROUGHPUT_SECONDS)),
      errors: mine.reduce((sum, r) => sum + r.stats.total(r.stats.errors), 0),
      cpu: Object.fromEntries(
        Object.keys(mine[0]?.cpu ?? {}).map((name) => [name, median(mine.map((r) => r.cpu[name] ?? 0))]),
      ),
      load: mine.map((r) => r.load.toFixed(1)).join(', '),
    };
  };
  const one = figures(1);
  const three = figures(3);
  console.log('');
  console.log(
    `mixed load, ${THROUGHPUT_SECONDS} s per run, runs 1,3,1,3 instances (medians): requests/s and p99 per kind`,
  );
  console.log(`  ${'kind'.padEnd(20)} ${'1 instance'.padStart(20)} ${'3 instances'.padStart(20)}  ratio`);
  for (const kind of kinds) {
    const a = one.perKind.get(kind);
    const b = three.perKind.get(kind);
    console.log(
      `  ${kind.padEnd(20)} ${`${a?.perSecond.toFixed(1)}/s p99 ${a?.p99.toFixed(0)} ms`.padStart(20)} ${`${b?.perSecond.toFixed(1)}/s p99 ${b?.p99.toFixed(0)} ms`.padStart(20)}  ${((b?.perSecond ?? 0) / Math.max(a?.perSecond ?? 0, 0.001)).toFixed(2)}`,
    );
  }
  console.log(
    `  ${'all'.padEnd(20)} ${`${one.total.toFixed(0)}/s`.padStart(20)} ${`${three.total.toFixed(0)}/s`.padStart(20)}  ${(three.total / Math.max(one.total, 0.001)).toFixed(2)}`,
  );
  const share = (cpu: Record<string, number>) =>
    Object.entries(cpu)
      .map(([name, s]) => `${name} ${s.toFixed(1)} s (${((s / THROUGHPUT_SECONDS) * 100).toFixed(0)}% of a core)`)
      .join(', ');
  console.log(`CPU per run, 1 instance:  ${share(one.cpu)}; errors ${one.errors}; load ${one.load}`);
  console.log(`CPU per run, 3 instances: ${share(three.cpu)}; errors ${three.errors}; load ${three.load}`);
  console.log(`load average now ${load()}`);
  return true;
};

// A connection dropped by the PostgreSQL restart that no one listens on must not end the run (and orphan its children).
process.on('uncaughtException', (error) => log(`uncaught: ${error instanceof Error ? error.message : error}`));

let ok = false;
try {
  ok = THROUGHPUT ? await throughput() : await chaos();
} catch (error) {
  console.error(error);
} finally {
  stoppingInstances = true;
  for (const target of live.values()) await target.stop().catch(() => {});
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
  }
  for (const dataDir of [replicaDir, primaryDir]) {
    try {
      pgCtl(dataDir, '-m', 'fast', 'stop');
    } catch {
      // Not started.
    }
  }
  if (!env.CHAOS_KEEP) rmSync(workDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
