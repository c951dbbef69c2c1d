/**
 * The bench harness (decision 0049): the built server (dist/main.js) runs as its own process at the README's
 * production defaults (info logging to a file, the default pool, the demo seed) on its own database and port; a
 * bare Fastify server (baseline-server.ts) runs as another process on the same PostgreSQL; an HTTP load generator
 * in this process drives both. Each figure is the median of interleaved repeats (measured, baseline, measured, ...)
 * and is printed with the one-minute load average taken when it was measured.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverDir = path.resolve(import.meta.dirname, '..');
const tmpDir = path.join(serverDir, '.tmp/bench');

export const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The ports a bench's processes listen on: BENCH_PORT (9401) and the next few, so that benches run side by side on
 * a shared machine stay out of each other's way (with BENCH_DB_PREFIX for their databases' names).
 */
export const benchPort = (offset: number): number => Number(process.env.BENCH_PORT ?? 9_401) + offset;

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
  const name = `${process.env.BENCH_DB_PREFIX ?? ''}${prefix}_${process.pid}_${Date.now()}`;
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
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs` (5 s). */
  stop: (graceMs?: number) => Promise<void>;
}

const waitForHealth = async (base: string, child: ChildProcess, name: string) => {
  // A first start migrates and seeds the demo: minutes on a loaded two-core machine.
  for (let i = 0; i < 3_000; i++) {
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

/** The process serving each base address the harness started, whose CPU time each run reads. */
const pidOfBase = new Map<string, number>();
/** The kernel's clock tick for /proc's CPU times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/**
 * CPU milliseconds (user and system) a process has used so far, from /proc; null where there is no /proc. Per
 * request, it is a path's cost whatever the machine's load: the load changes how long a request waits for a core,
 * not how much core it needs.
 */
export const cpuMsOf = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
};

/**
 * Waits until every server at `bases` has been idle (under 5% of a core) for a second. Returns the seconds waited
 * (at most two minutes; past that the runs go ahead).
 */
export const untilIdle = async (bases: readonly string[], maxMs = 120_000): Promise<number> => {
  const started = Date.now();
  for (;;) {
    const before = bases.map((base) => cpuMsOf(pidOfBase.get(base)));
    await sleep(1_000);
    const busy = bases.some((base, i) => {
      const now = cpuMsOf(pidOfBase.get(base));
      const was = before[i] ?? null;
      return now !== null && was !== null && now - was > 50;
    });
    const waited = (Date.now() - started) / 1000;
    if (!busy || Date.now() - started > maxMs) return waited;
  }
};

/** The database each base address's process uses (its name), whose backends' CPU time each run reads too. */
const databaseOfBase = new Map<string, string>();

/**
 * CPU milliseconds each PostgreSQL client backend of `database` has used so far, by pid (the server runs on this
 * machine, so /proc tells); empty where /proc cannot tell. Read through an admin connection to another database.
 */
const backendCpu = async (database: string | undefined): Promise<Map<number, number>> => {
  const used = new Map<number, number>();
  if (database === undefined) return used;
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
      [database],
    );
    for (const { pid } of rows) {
      const ms = cpuMsOf(pid);
      if (ms !== null) used.set(pid, ms);
    }
  } finally {
    await client.end();
  }
  return used;
};

/**
 * A run's CPU use in ms per answered request: the server's (by its /proc times), the database's (its client
 * backends' /proc times: a backend started during the run counts whole, one that ended during it is missed, so it
 * is a lower bound) and this generator's. With two cores, the three together bound the rate a path can reach.
 */
const cpuMeter = async (base: string) => {
  const pid = pidOfBase.get(base);
  const database = await databaseCpuMeter(databaseOfBase.get(base));
  const server = cpuMsOf(pid);
  const generator = process.cpuUsage();
  return async (requests: number) => {
    const serverNow = cpuMsOf(pid);
    const used = process.cpuUsage(generator);
    const per = (ms: number) => (requests > 0 ? ms / requests : 0);
    return {
      serverCpuMs: server === null || serverNow === null ? null : per(serverNow - server),
      databaseCpuMs: await database(requests),
      generatorCpuMs: per((used.user + used.system) / 1000),
    };
  };
};

/**
 * The CPU time of `database`'s client backends from now: the returned function gives it in ms per request over
 * `requests` (null where /proc cannot tell). A lower bound, as said at cpuMeter.
 */
export const databaseCpuMeter = async (database: string | undefined) => {
  const before = await backendCpu(database);
  return async (requests: number): Promise<number | null> => {
    const now = await backendCpu(database);
    if (now.size === 0) return null;
    let used = 0;
    for (const [backend, ms] of now) used += ms - (before.get(backend) ?? 0);
    return requests > 0 ? used / requests : 0;
  };
};

const startProcess = async (
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  { idle = true }: { idle?: boolean } = {},
) => {
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
  if (child.pid !== undefined) pidOfBase.set(base, child.pid);
  if (env.DATABASE_URL) databaseOfBase.set(base, new URL(env.DATABASE_URL).pathname.slice(1));
  // A server just started may still be seeding or taking its first events' backlog: not the cost of what is measured.
  // (Not when it joins a balancer's live traffic, as a killed instance started again does: it never goes idle.)
  const waited = idle ? await untilIdle([base]) : 0;
  if (waited > 2) console.log(`${name}: idle ${waited.toFixed(0)} s after it answered /healthz`);
  const stop = async (graceMs = 5_000) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(graceMs)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { name, base, process: child, stop };
};

/**
 * The built server at production defaults (NODE_ENV=production, LOG_LEVEL unset = info, DB_POOL_SIZE unset = 10,
 * the demo seed). `env` adds or overrides variables (the logging bench sets LOG_LEVEL); `idle: false` answers as soon
 * as it serves, without waiting for it to go idle.
 */
export const startApp = async (
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  options: { idle?: boolean } = {},
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
    options,
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
  p95: number;
  p99: number;
  errors: number;
  load: number;
  /** The server's CPU time per answered request, in ms (null where /proc cannot tell). */
  serverCpuMs: number | null;
  /** The database's client backends' CPU time per answered request, in ms (null where /proc cannot tell). */
  databaseCpuMs: number | null;
  /** The generator's (this process's) CPU time per answered request, in ms. */
  generatorCpuMs: number;
}

const summary = async (
  times: number[],
  errors: number,
  started: number,
  cpu: (
    requests: number,
  ) => Promise<{ serverCpuMs: number | null; databaseCpuMs: number | null; generatorCpuMs: number }>,
): Promise<Result> => {
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    load: os.loadavg()[0] ?? 0,
    ...(await cpu(times.length)),
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
  const cpu = await cpuMeter(base);
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
  return summary(times, errors, started, cpu);
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
  const cpu = await cpuMeter(base);
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
  const result = await summary(times, errors, started, cpu);
  return { ...result, perSecond: answered / ((now - started) / 1000) };
};

export interface Row {
  goal: string;
  measured: string;
  baseline: string;
  ratio: string;
  /** What the goal asks: a least ratio, a greatest p99. */
  target: string;
  met: boolean;
  /** CPU time per request, server and database, measured side and baseline side. */
  cpu: string;
  load: string;
}

export const rows: Row[] = [];

/** Repeats, each one measured run then one baseline run (order alternating), for `seconds` each. */
export const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const fmt = (r: Result) =>
  `${r.perSecond.toFixed(0)}/s p99 ${r.p99.toFixed(1)} ms${r.errors ? ` (${r.errors} errors)` : ''}`;
const fmtMs = (ms: number | null) => (ms === null ? '?' : ms.toFixed(2));
/** A run's CPU per request: the server's, then the database's. */
const fmtCpu = (r: Result) => `${fmtMs(r.serverCpuMs)}+${fmtMs(r.databaseCpuMs)}`;

/** The median of each figure over runs (errors summed). */
const pick = (results: Result[]): Result => {
  const known = (pick: (r: Result) => number | null) => {
    const values = results.map(pick).filter((ms): ms is number => ms !== null);
    return values.length > 0 ? median(values) : null;
  };
  return {
    perSecond: median(results.map((r) => r.perSecond)),
    p50: median(results.map((r) => r.p50)),
    p95: median(results.map((r) => r.p95)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    load: median(results.map((r) => r.load)),
    serverCpuMs: known((r) => r.serverCpuMs),
    databaseCpuMs: known((r) => r.databaseCpuMs),
    generatorCpuMs: median(results.map((r) => r.generatorCpuMs)),
  };
};

const loadRange = (results: Result[]) => {
  const loads = results.map((r) => r.load);
  return `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
};

const record = (row: Row) => {
  rows.push(row);
  console.log(
    `${row.goal}: ${row.measured} | baseline ${row.baseline} | ratio ${row.ratio} | goal ${row.target} ${row.met ? 'met' : 'NOT MET'} | cpu ms/req ${row.cpu} | load ${row.load}`,
  );
};

/**
 * Compares a measured case with its baseline, interleaved: `measured` and `baseline` alternate for REPEATS rounds
 * (measured first, then baseline first, ...); the medians are recorded in the table with the goal's verdict.
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
  const m = pick(measured);
  const b = pick(baseline);
  const ratio = b.perSecond > 0 ? m.perSecond / b.perSecond : 0;
  const met = ratio >= input.minRatio && (input.maxP99Ms === undefined || m.p99 <= input.maxP99Ms) && m.errors === 0;
  record({
    goal: input.goal,
    measured: fmt(m),
    baseline: fmt(b),
    ratio: ratio.toFixed(2),
    target: `≥ ${input.minRatio}${input.maxP99Ms !== undefined ? `, p99 ≤ ${input.maxP99Ms} ms` : ''}`,
    met,
    cpu: `${fmtCpu(m)} / ${fmtCpu(b)}`,
    load: loadRange([...measured, ...baseline]),
  });
};

/** A latency goal (an open-loop p99), with its baseline's p99 measured in the same rounds, recorded in the table. */
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
  const m = pick(results);
  const b = pick(baselines);
  record({
    goal: input.goal,
    measured: `${m.perSecond.toFixed(0)}/s served, p99 ${m.p99.toFixed(1)} ms${m.errors ? ` (${m.errors} errors)` : ''}`,
    baseline: `p99 ${b.p99.toFixed(1)} ms`,
    ratio: '—',
    target: `p99 ≤ ${input.maxP99Ms} ms`,
    met: m.p99 <= input.maxP99Ms && m.errors === 0,
    cpu: `${fmtCpu(m)} / ${fmtCpu(b)}`,
    load: loadRange([...results, ...baselines]),
  });
};

const COLUMNS = [
  ['goal', 'goal'],
  ['measured', 'measured'],
  ['baseline', 'baseline'],
  ['ratio', 'ratio'],
  ['target', 'goal'],
  ['verdict', 'met'],
  ['cpu', 'CPU ms/req, server+database (measured / baseline)'],
  ['load', 'load'],
] as const;

/** The table of `all` rows (default: this process's), one line each. */
export const printTable = (all: readonly Row[] = rows) => {
  const cells = (row: Row): Record<(typeof COLUMNS)[number][0], string> => ({
    ...row,
    verdict: row.met ? 'met' : 'NOT MET',
  });
  const table = [
    Object.fromEntries(COLUMNS.map(([key, title]) => [key, title])) as ReturnType<typeof cells>,
    ...all.map(cells),
  ];
  const widths = COLUMNS.map(([key]) => Math.max(...table.map((row) => row[key].length)));
  const line = (row: ReturnType<typeof cells>) =>
    `| ${COLUMNS.map(([key], i) => row[key].padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log('');
  console.log(line(table[0] as ReturnType<typeof cells>));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.slice(1)) console.log(line(row));
  console.log(
    `\n${os.cpus().length} cores; figures are medians of ${REPEATS} interleaved runs of ${SECONDS} s; load = one-minute load average while measuring (min–max over runs)`,
  );
  // `npm run bench` collects every suite's rows, also from benches run as their own processes (bench-all.ts).
  if (process.env.BENCH_ROWS_FILE && all === rows) {
    appendFileSync(process.env.BENCH_ROWS_FILE, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  }
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
