/**
 * The bench harness (decision 0049): the built server (dist/main.js) runs as its own process at the README's
 * production defaults (info logging to a file, the default pool, the demo seed) on its own database and port; a
 * bare Fastify server (baseline-server.ts) runs as another process on the same PostgreSQL; an HTTP load generator
 * in this process drives both. Each figure is the median of interleaved repeats (measured, baseline, measured, ...)
 * and is printed with the one-minute load average taken when it was measured.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverDir = path.resolve(import.meta.dirname, '..');
const tmpDir = path.join(serverDir, '.tmp/bench');

export const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the database's time went: with BENCH_TRACK_FUNCTIONS=1 the bench database counts calls and time of every
 * SQL function and trigger (track_functions = all, set on that database only), printed before it is dropped.
 */
const printFunctionTimes = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; calls: string; total: string; self: string }>(
      `SELECT funcname AS name, calls::text, round(total_time::numeric, 1)::text AS total,
              round(self_time::numeric, 1)::text AS self
         FROM pg_stat_user_functions ORDER BY self_time DESC LIMIT 25`,
    );
    console.log('SQL functions and triggers (ms): name | calls | total | self | self per call');
    for (const row of rows) {
      const perCall = Number(row.self) / Math.max(1, Number(row.calls));
      console.log(`  ${row.name} | ${row.calls} | ${row.total} | ${row.self} | ${perCall.toFixed(3)}`);
    }
  } finally {
    await client.end();
  }
};

/** A database of its own on the PostgreSQL server, dropped by `drop`. */
export const createBenchDatabase = async (prefix: string) => {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (process.env.BENCH_TRACK_FUNCTIONS) await admin.query(`ALTER DATABASE ${name} SET track_functions = 'all'`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (process.env.BENCH_TRACK_FUNCTIONS) await printFunctionTimes(url.toString()).catch(console.error);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

export interface Target {
  name: string;
  base: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

const waitForHealth = async (base: string, child: ChildProcess, name: string) => {
  // Up to three minutes: migrations and the demo seed take over one on a loaded two-core machine.
  for (let i = 0; i < 1_800; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not start`);
};

const startProcess = async (name: string, args: string[], env: Record<string, string>, port: number) => {
  mkdirSync(tmpDir, { recursive: true });
  // Logs go to a file, as production's go to a collector: writing them is part of the cost measured.
  const out = openSync(path.join(tmpDir, `${name}.log`), 'w');
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, name);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { name, base, process: child, stop };
};

/**
 * The built server at production defaults (NODE_ENV=production, LOG_LEVEL unset = info, DB_POOL_SIZE unset = 10,
 * the demo seed). `env` adds or overrides variables (the logging bench sets LOG_LEVEL).
 */
export const startApp = async (
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Target> =>
  startProcess(
    `app-${port}`,
    [
      // BENCH_CPU_PROF=1: a CPU profile of the app, written to .tmp/bench/prof when it stops.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.join(tmpDir, 'prof')] : []),
      ...nodeArgs,
      'dist/main.js',
    ],
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DOMAINS: 'localhost,127.0.0.1',
      SANDBOX_GATEWAY_URL: 'http://127.0.0.1:9',
      ...env,
    },
    port,
  );

/** The bare Fastify server of baseline-server.ts on `databaseUrl` (its own table, created at start). */
export const startBaseline = async (databaseUrl: string, port: number): Promise<Target> =>
  startProcess(
    `baseline-${port}`,
    ['--import', 'tsx', 'bench/baseline-server.ts'],
    { DATABASE_URL: databaseUrl, PORT: String(port) },
    port,
  );

export interface Request {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Result {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
}

const summary = (times: number[], errors: number, started: number): Result => {
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
    load: os.loadavg()[0] ?? 0,
  };
};

const agentFor = (connections: number) => new http.Agent({ keepAlive: true, maxSockets: connections });

const send = (agent: http.Agent, base: URL, request: Request): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: request.path,
        method: request.method ?? 'GET',
        headers: {
          host: 'localhost',
          ...(request.body ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          const ok = response.statusCode === 200 && !body.includes('"success":false');
          if (!ok && process.env.BENCH_VERBOSE) console.error(request.path, response.statusCode, body.slice(0, 200));
          resolve(ok ? 0 : 1);
        });
      },
    );
    req.on('error', reject);
    if (request.body) req.write(request.body);
    req.end();
  });

/**
 * `connections` callers, each sending its next request when its last one is answered, for `seconds`. `next` is
 * told the caller's number too, for sequences that must stay in order (a provider's bet, then its win).
 */
export const closedLoop = async (
  base: string,
  connections: number,
  seconds: number,
  next: (i: number, connection: number) => Request,
): Promise<Result> => {
  const agent = agentFor(connections);
  const url = new URL(base);
  const times: number[] = [];
  let errors = 0;
  let i = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        errors += await send(agent, url, next(i++, connection));
        times.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  return summary(times, errors, started);
};

/** How long an open loop waits for its last answers after its last request was sent. */
const OPEN_LOOP_GRACE_MS = 10_000;

/**
 * Requests sent at a constant `rate` per second whatever the answers do, as a provider's traffic arrives; each
 * latency counts from the request's scheduled time, so a stalled server is not hidden (no coordinated omission).
 * A request still unanswered OPEN_LOOP_GRACE_MS after the last was sent counts as an error, its latency the time
 * waited so far (a server far slower than the offered rate would otherwise hold the run for minutes).
 */
export const openLoop = async (
  base: string,
  rate: number,
  seconds: number,
  next: (i: number) => Request,
): Promise<Result> => {
  const agent = agentFor(256);
  const url = new URL(base);
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  const unanswered = new Set<number>();
  let errors = 0;
  let cutOff = false;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const scheduled = started + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    unanswered.add(scheduled);
    pending.push(
      send(agent, url, next(i)).then(
        (error) => {
          if (cutOff) return;
          unanswered.delete(scheduled);
          errors += error;
          times.push(performance.now() - scheduled);
        },
        () => {
          if (cutOff) return;
          unanswered.delete(scheduled);
          errors++;
        },
      ),
    );
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise((resolve) => {
      timer = setTimeout(resolve, OPEN_LOOP_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
  cutOff = true;
  const now = performance.now();
  const answered = times.length;
  for (const scheduled of unanswered) {
    errors++;
    times.push(now - scheduled);
  }
  agent.destroy();
  const result = summary(times, errors, started);
  return { ...result, perSecond: answered / ((now - started) / 1000) };
};

export interface Row {
  goal: string;
  measured: string;
  baseline: string;
  ratio: string;
  load: string;
  met: boolean;
}

export const rows: Row[] = [];

/** Repeats, each one measured run then one baseline run (order alternating), for `seconds` each. */
export const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const fmt = (r: Result) =>
  `${r.perSecond.toFixed(0)}/s p99 ${r.p99.toFixed(1)} ms${r.errors ? ` (${r.errors} errors)` : ''}`;

/**
 * Compares a measured case with its baseline, interleaved: `run(measured)` and `run(baseline)` alternate for
 * REPEATS rounds; the medians are recorded in the table with the goal's verdict.
 */
export const compare = async (input: {
  goal: string;
  measured: () => Promise<Result>;
  baseline: () => Promise<Result>;
  minRatio: number;
  maxP99Ms?: number;
}): Promise<void> => {
  const measured: Result[] = [];
  const baseline: Result[] = [];
  for (let round = 0; round < REPEATS; round++) {
    if (round % 2 === 0) {
      measured.push(await input.measured());
      baseline.push(await input.baseline());
    } else {
      baseline.push(await input.baseline());
      measured.push(await input.measured());
    }
  }
  const pick = (results: Result[]): Result => ({
    perSecond: median(results.map((r) => r.perSecond)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    load: median(results.map((r) => r.load)),
  });
  const m = pick(measured);
  const b = pick(baseline);
  const ratio = b.perSecond > 0 ? m.perSecond / b.perSecond : 0;
  const met = ratio >= input.minRatio && (input.maxP99Ms === undefined || m.p99 <= input.maxP99Ms) && m.errors === 0;
  const loads = [...measured, ...baseline].map((r) => r.load);
  const row: Row = {
    goal: input.goal,
    measured: fmt(m),
    baseline: fmt(b),
    ratio: `${ratio.toFixed(2)} (goal ${input.minRatio}${input.maxP99Ms !== undefined ? `, p99 ≤ ${input.maxP99Ms} ms` : ''})${met ? '' : ' NOT MET'}`,
    load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    met,
  };
  rows.push(row);
  console.log(`${row.goal}: ${row.measured} | baseline ${row.baseline} | ratio ${row.ratio} | load ${row.load}`);
};

/** A single figure with no baseline ratio goal (an open-loop latency check), recorded in the same table. */
export const latency = async (input: {
  goal: string;
  run: () => Promise<Result>;
  baseline: () => Promise<Result>;
  maxP99Ms: number;
}): Promise<void> => {
  const results: Result[] = [];
  const baselines: Result[] = [];
  for (let round = 0; round < REPEATS; round++) {
    results.push(await input.run());
    baselines.push(await input.baseline());
  }
  const p99 = median(results.map((r) => r.p99));
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  const met = p99 <= input.maxP99Ms && errors === 0;
  const loads = [...results, ...baselines].map((r) => r.load);
  const row: Row = {
    goal: input.goal,
    measured: `${median(results.map((r) => r.perSecond)).toFixed(0)}/s served, p99 ${p99.toFixed(1)} ms${errors ? ` (${errors} errors)` : ''}`,
    baseline: `p99 ${median(baselines.map((r) => r.p99)).toFixed(1)} ms`,
    ratio: `p99 goal ≤ ${input.maxP99Ms} ms${met ? '' : ' NOT MET'}`,
    load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    met,
  };
  rows.push(row);
  console.log(`${row.goal}: ${row.measured} | baseline ${row.baseline} | ${row.ratio} | load ${row.load}`);
};

export const printTable = () => {
  const header: Row = {
    goal: 'goal',
    measured: 'measured',
    baseline: 'baseline',
    ratio: 'ratio',
    load: 'load',
    met: true,
  };
  const all = [header, ...rows];
  const widths = (['goal', 'measured', 'baseline', 'ratio', 'load'] as const).map((key) =>
    Math.max(...all.map((row) => row[key].length)),
  );
  const line = (row: Row) =>
    `| ${(['goal', 'measured', 'baseline', 'ratio', 'load'] as const).map((key, i) => row[key].padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log('');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(`\n${os.cpus().length} cores; load = one-minute load average while measuring (min–max over runs)`);
};

/** A member session over HTTP: a free-play login (proof of work solved here), then made an ordinary member. */
export const memberToken = async (app: Target, databaseUrl: string): Promise<string> => {
  const challenge = (await (
    await fetch(`${app.base}/wps/verification/challenge`, { headers: { ModuleId: 'COMM3' } })
  ).json()) as { value: { salt: string; challenge: string; maxNumber: number } };
  const c = challenge.value;
  let botCheck = '';
  for (let n = 0; n <= c.maxNumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    ) {
      botCheck = Buffer.from(JSON.stringify({ ...c, number: n, maxNumber: undefined })).toString('base64');
      break;
    }
  }
  const response = await fetch(`${app.base}/wps/session/login/freeplay`, {
    method: 'POST',
    headers: { ModuleId: 'FREEPLAY3', 'content-type': 'application/json' },
    body: JSON.stringify({ botCheck }),
  });
  const body = (await response.json()) as { success: boolean; value: { token: string; member: { id: string } } };
  if (!body.success) throw new Error(`free-play login failed: ${JSON.stringify(body)}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('UPDATE members SET type = 0 WHERE id = $1', [body.value.member.id]);
  await client.end();
  return body.value.token;
};
