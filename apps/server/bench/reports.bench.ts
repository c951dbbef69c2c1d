/**
 * npm run bench:reports — the back office's dashboard and reports at scale (issue 26): the demo merchant with
 * 100,000 members and 10,000,000 settled rounds over 90 days, written set-based straight into the tables the
 * dashboard and reports read (the reports module's rollups, as its subscribers would have written them: every
 * round in its member's hour, game, lifetime row and the merchant's hour; each member's ordinal and the
 * bitmaps and ordinal sets of who played, decision 0143) plus the members, their registration
 * rows and the hourly counters of registrations and first depositors (decision 0147), in time order as the subscribers append them. The raw `bet_rounds` are not written: no figure measured here
 * reads them (decision 0079: the reports read only the rollups).
 *
 * Then, from the built server as its own process at production defaults (harness.ts, decision 0049):
 * - the dashboard (today, 7 and 30 days) at 4 callers, interleaved with a reference endpoint of the same server
 *   (the operator's export list: session, access, one indexed read); goal p95 ≤ 200 ms;
 * - the 30-day game-performance report (by game, category and provider) one caller at a time; goal ≤ 1 s;
 * - a 1,000,000-row export as a job. No report of the demo merchant has that many rows (the most is the players
 *   report, a row per member who played: 100,000), so a second merchant (`bulk`) is seeded with 1,000,000 members
 *   who each played in one to three hours of the last 89 days (members and reports_player_hours only, the tables
 *   that report reads), and its top players by stake over 90 days is exported as CSV. A first export alone sets the
 *   windows' length (1.1 times its time); then the reference endpoint at a fixed rate (BENCH_REPORTS_RATE, 50/s,
 *   open loop, as many requests in flight as it takes) for one window without an export and one window starting
 *   with the export's request, interleaved (without, with, with, without, ...); the p99 of each, the load average
 *   beside each, and the median of the pairs' ratios; the server's database sessions are sampled from
 *   pg_stat_activity every 100 ms during each export (by wait event). Goal: every export ready with
 *   1,000,000 rows, the p99 moved by at most 20 %. BENCH_REPORTS_ONLY=export measures only this.
 * Each figure is the median of BENCH_REPEATS (3) repeats, printed against its goal with the load average.
 * BENCH_REPORTS_KEEP=1 leaves the database for EXPLAIN ANALYZE by hand (drop it afterwards).
 */

import { loadavg } from 'node:os';
import pg from 'pg';
import { demoMerchantSettings } from '../src/modules/merchants';
import { ACTIVE_CHUNK_BITS, ACTIVE_CHUNK_MASK, ACTIVE_CHUNK_ZERO } from '../src/modules/reports/reports.backfill';
import { benchApp, benchDatabase } from './bench-support';
import { benchPort, closedLoop, openLoop, REPEATS, type Result, SECONDS, startApp, type Target } from './harness';

const OPERATOR_PASSWORD = 'Bench-Owner-2026';
const MEMBERS = Number(process.env.BENCH_REPORTS_MEMBERS ?? 100_000);
/** Play sessions per member (each in one hour and one game); rounds per session 1..4, 2.5 on average. */
const SESSIONS = Number(process.env.BENCH_REPORTS_SESSIONS ?? 40);
const DAYS = 90;
/**
 * The export's merchant: no report of the demo merchant has 1,000,000 rows (the most is a row per member who
 * played, 100,000), so a second merchant has EXPORT_MEMBERS members who each played in the 90 days, and its top
 * players by stake over them is the export measured.
 */
const EXPORT_MERCHANT = 'bulk';
const EXPORT_MEMBERS = Number(process.env.BENCH_REPORTS_EXPORT_MEMBERS ?? 1_000_000);
const GAMES: [string, string, string][] = [
  ['SLOT', 'seamless', 'pgsoft'],
  ['SLOT', 'seamless', 'jili'],
  ['SLOT', 'seamless', 'pragmatic'],
  ['LIVE', 'seamless', 'evolution'],
  ['LIVE', 'inhouse', 'livetable'],
  ['FISH', 'inhouse', 'fishing'],
  ['SPORTS', 'inhouse', 'sportsbook'],
  ['ELOTTO', 'inhouse', 'lottery'],
  ['CARD', 'inhouse', 'crash'],
  ['COCKFIGHT', 'inhouse', 'cockfight'],
];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const seed = async (pool: import('pg').Pool, currency: string) => {
  const started = performance.now();
  const client = await pool.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    console.log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('SET synchronous_commit = off');
    // Members: registered over the 90 days (a few each hour), the first deposit of most of them soon after.
    await step(
      'members',
      `INSERT INTO members (id, merchant_code, username, account, password_hash, nickname, referral_code, created_at)
       SELECT gen_random_uuid(), 'demo', 'r' || n, 'r' || n, 'bench-not-a-password', 'r' || n, 'RB' || n,
              now() - (n::float8 / $1) * interval '${DAYS} days'
         FROM generate_series(1, $1) AS n`,
      [MEMBERS],
    );
    await client.query(
      `CREATE TEMP TABLE bench_members AS
       SELECT id, row_number() OVER (ORDER BY username) AS n, created_at FROM members
        WHERE merchant_code = 'demo' AND username ~ '^r[0-9]+$'`,
    );
    await step(
      'reports_members',
      `INSERT INTO reports_members (member_id, merchant_code, registered_at, source, first_deposit_at,
         first_deposit_currency, first_deposit)
       SELECT id, 'demo', created_at, (ARRAY['direct', 'referral', 'affiliate'])[1 + n % 3],
              CASE WHEN n % 5 <> 0 THEN created_at + interval '20 minutes' END,
              CASE WHEN n % 5 <> 0 THEN $1 END, CASE WHEN n % 5 <> 0 THEN 10000 + (n % 50) * 1000 END
         FROM bench_members`,
      [currency],
    );
    // Their hourly counters (decision 0147), as the registration and deposit subscribers keep them.
    await step(
      'reports_registration_hourly',
      `INSERT INTO reports_registration_hourly (merchant_code, hour, source, registrations)
       SELECT 'demo', date_trunc('hour', registered_at), source, count(*) FROM reports_members
        WHERE merchant_code = 'demo' GROUP BY 2, 3 ORDER BY 2`,
    );
    await step(
      'reports_hourly (first depositors)',
      `INSERT INTO reports_hourly (merchant_code, currency, hour, first_depositors)
       SELECT 'demo', first_deposit_currency, date_trunc('hour', first_deposit_at), count(*) FROM reports_members
        WHERE merchant_code = 'demo' AND first_deposit_at IS NOT NULL GROUP BY 2, 3 ORDER BY 3`,
    );
    // Sessions: SESSIONS per member, each in one hour of the 90 days and one game, 1..4 rounds.
    await step(
      'sessions',
      `CREATE TEMP TABLE bench_sessions AS
       SELECT m.id AS member_id, (m.n - 1)::int AS ordinal,
              date_trunc('hour', now() - ((((m.n * 7919 + k * 104729) % ${DAYS * 24}) + 0.5) * interval '1 hour'))
                AS hour,
              (m.n + k * 3) % ${GAMES.length} + 1 AS game,
              1 + (m.n + k) % 4 AS rounds,
              (1 + (m.n + k) % 4) * (100 + (m.n * 31 + k) % 900) AS stakes,
              CASE WHEN (m.n + k) % 9 = 0 THEN 50000 ELSE 0 END AS deposits,
              CASE WHEN (m.n + k) % 23 = 0 THEN 30000 ELSE 0 END AS withdrawals
         FROM bench_members m CROSS JOIN generate_series(0, $1 - 1) AS k`,
      [SESSIONS],
    );
    await client.query('CREATE TEMP TABLE bench_games (game int, category text, source text, provider text)');
    await client.query('INSERT INTO bench_games SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])', [
      GAMES.map((_, i) => i + 1),
      GAMES.map((g) => g[0]),
      GAMES.map((g) => g[1]),
      GAMES.map((g) => g[2]),
    ]);
    // Payouts: 96 % of stakes on average (per session 0..192 %).
    const payouts = `(s.stakes * ((s.rounds * 37 + s.game * 11) % 193)::bigint / 100)`;
    await step(
      'reports_player_hours',
      `INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rounds, stakes, valid_bets, payouts,
         deposits, withdrawals, deposit_count, withdrawal_count)
       SELECT 'demo', s.member_id, s.hour, $1, sum(s.rounds), sum(s.stakes), sum(s.stakes), sum(${payouts}),
              sum(s.deposits), sum(s.withdrawals), count(*) FILTER (WHERE s.deposits > 0),
              count(*) FILTER (WHERE s.withdrawals > 0)
         FROM bench_sessions s GROUP BY s.member_id, s.hour ORDER BY s.hour`,
      [currency],
    );
    // Who played (decision 0143): each member's ordinal, each hour's bitmap chunks, each game and hour's ordinals.
    await step(
      'reports_member_ordinals',
      `INSERT INTO reports_member_ordinals (member_id, merchant_code, ordinal)
       SELECT id, 'demo', (n - 1)::int FROM bench_members`,
    );
    await step(
      'reports_active_hours',
      `INSERT INTO reports_active_hours (merchant_code, hour, chunk, members)
       SELECT 'demo', hour, ordinal >> ${ACTIVE_CHUNK_BITS},
              bit_or(set_bit(${ACTIVE_CHUNK_ZERO}, ordinal & ${ACTIVE_CHUNK_MASK}, 1))
         FROM (SELECT DISTINCT hour, ordinal FROM bench_sessions) s
        GROUP BY hour, ordinal >> ${ACTIVE_CHUNK_BITS} ORDER BY hour`,
    );
    await step(
      'reports_game_days',
      `INSERT INTO reports_game_days (merchant_code, day, category, source, provider, chunk, members)
       SELECT 'demo', day, g.category, g.source, g.provider, ordinal >> ${ACTIVE_CHUNK_BITS},
              bit_or(set_bit(${ACTIVE_CHUNK_ZERO}, ordinal & ${ACTIVE_CHUNK_MASK}, 1))
         FROM (SELECT DISTINCT (hour AT TIME ZONE 'UTC')::date AS day, game, ordinal FROM bench_sessions) s
         JOIN bench_games g USING (game)
        GROUP BY day, g.category, g.source, g.provider, ordinal >> ${ACTIVE_CHUNK_BITS} ORDER BY day`,
    );
    await step(
      'reports_game_players',
      `INSERT INTO reports_game_players (merchant_code, hour, category, source, provider, members)
       SELECT 'demo', s.hour, g.category, g.source, g.provider, array_agg(DISTINCT s.ordinal)
         FROM bench_sessions s JOIN bench_games g USING (game)
        GROUP BY s.hour, g.category, g.source, g.provider ORDER BY s.hour`,
    );
    await step(
      'reports_game_hourly',
      `INSERT INTO reports_game_hourly (merchant_code, currency, hour, category, source, provider, rounds, stakes,
         valid_bets, payouts)
       SELECT 'demo', $1, s.hour, g.category, g.source, g.provider, sum(s.rounds), sum(s.stakes), sum(s.stakes),
              sum(${payouts})
         FROM bench_sessions s JOIN bench_games g USING (game) GROUP BY s.hour, g.category, g.source, g.provider`,
      [currency],
    );
    await step(
      'reports_hourly',
      `INSERT INTO reports_hourly (merchant_code, currency, hour, rounds, stakes, valid_bets, payouts, deposit_count,
         deposits, withdrawal_count, withdrawals)
       SELECT 'demo', $1, s.hour, sum(s.rounds), sum(s.stakes), sum(s.stakes), sum(${payouts}),
              count(*) FILTER (WHERE s.deposits > 0), sum(s.deposits), count(*) FILTER (WHERE s.withdrawals > 0),
              sum(s.withdrawals)
         FROM bench_sessions s GROUP BY s.hour
       ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET rounds = reports_hourly.rounds + EXCLUDED.rounds,
         stakes = reports_hourly.stakes + EXCLUDED.stakes, valid_bets = reports_hourly.valid_bets + EXCLUDED.valid_bets,
         payouts = reports_hourly.payouts + EXCLUDED.payouts,
         deposit_count = reports_hourly.deposit_count + EXCLUDED.deposit_count,
         deposits = reports_hourly.deposits + EXCLUDED.deposits,
         withdrawal_count = reports_hourly.withdrawal_count + EXCLUDED.withdrawal_count,
         withdrawals = reports_hourly.withdrawals + EXCLUDED.withdrawals`,
      [currency],
    );
    await step(
      'reports_member_games',
      `INSERT INTO reports_member_games (merchant_code, member_id, currency, category, source, provider, rounds,
         stakes, valid_bets, payouts, last_at)
       SELECT 'demo', s.member_id, $1, g.category, g.source, g.provider, sum(s.rounds), sum(s.stakes), sum(s.stakes),
              sum(${payouts}), max(s.hour)
         FROM bench_sessions s JOIN bench_games g USING (game) GROUP BY s.member_id, g.category, g.source, g.provider`,
      [currency],
    );
    const rounds = await client.query<{ n: string }>('SELECT sum(rounds)::text AS n FROM bench_sessions');
    console.log(`  settled rounds in the rollups: ${rounds.rows[0]?.n}`);
    await client.query('DROP TABLE bench_sessions');
  } finally {
    client.release();
  }
  await pool.query(
    'VACUUM ANALYZE members, reports_members, reports_registration_hourly, reports_player_hours, reports_member_ordinals, reports_active_hours, reports_game_days, reports_game_players, reports_game_hourly, reports_hourly, reports_member_games',
  );
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s (load average ${load()})`);
};

/**
 * The export's merchant, set-based: its members and their play hours (reports_player_hours, 1 to 3 sessions each in
 * one to three hours of the last 89 days, so every member falls in the export's 90 local days), the only rollup the players report reads. Its other rollups stay empty: no
 * figure here reads them.
 */
const seedExportMerchant = async (pool: import('pg').Pool, currency: string) => {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(
      `INSERT INTO members (id, merchant_code, username, account, password_hash, nickname, referral_code, created_at)
       SELECT gen_random_uuid(), $2, 'x' || n, 'x' || n, 'bench-not-a-password', 'x' || n, 'XB' || n,
              now() - (n::float8 / $1) * interval '${DAYS} days'
         FROM generate_series(1, $1) AS n`,
      [EXPORT_MEMBERS, EXPORT_MERCHANT],
    );
    const { rowCount } = await client.query(
      `INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rounds, stakes, valid_bets, payouts,
         deposits, withdrawals, deposit_count, withdrawal_count)
       SELECT $1, m.id,
              date_trunc('hour', now() - (((n * 7919 + k * 104729) % ${(DAYS - 1) * 24}) + 0.5) * interval '1 hour'),
              $2, 1 + (n + k) % 4, (1 + (n + k) % 4) * (100 + (n * 31 + k) % 900),
              (1 + (n + k) % 4) * (100 + (n * 31 + k) % 900), (1 + (n + k) % 4) * (100 + (n * 31 + k) % 900) * ((n + k) % 193) / 100,
              CASE WHEN (n + k) % 9 = 0 THEN 50000 ELSE 0 END, 0, CASE WHEN (n + k) % 9 = 0 THEN 1 ELSE 0 END, 0
         FROM (SELECT id, substr(username, 2)::bigint AS n FROM members WHERE merchant_code = $1) m
        CROSS JOIN LATERAL generate_series(0, n % 3) AS k
       ON CONFLICT DO NOTHING`,
      [EXPORT_MERCHANT, currency],
    );
    console.log(
      `  ${EXPORT_MERCHANT}: ${EXPORT_MEMBERS} members, ${rowCount} player hours in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    client.release();
  }
  await pool.query('VACUUM ANALYZE members, reports_player_hours');
};

const main = async () => {
  const { database, drop, url } = await benchDatabase(`${process.env.BENCH_DB_PREFIX ?? ''}bench_reports`, 4);
  let server: Target | undefined;
  try {
    const { app, services } = await benchApp(database, OPERATOR_PASSWORD, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
    await services.merchants.createIfAbsent(EXPORT_MERCHANT, {
      ...demoMerchantSettings([], 0),
      name: 'Bench exports',
    });
    await app.close();
    const before = await database.pool.query<{ id: string }>('SELECT COALESCE(max(id), 0)::text AS id FROM events');
    await seed(database.pool, merchant.settings.currency);
    await seedExportMerchant(database.pool, merchant.settings.currency);
    // The members' insert trigger queued a member.registered event each (1,100,000). Their effects are seeded above
    // (the registration rollups), so they are not delivered: the server would spend its first minutes applying them
    // (during the figures) and count each registration twice.
    const dropped = await database.pool.query(`DELETE FROM events WHERE id > $1 AND name = 'member.registered'`, [
      before.rows[0]?.id ?? '0',
    ]);
    await database.pool.query('VACUUM ANALYZE events');
    console.log(`  the seeded members' registration events, not delivered: ${dropped.rowCount} dropped`);

    // The figures: the built server as its own process, at production defaults (its jobs run the export).
    server = await startApp(url, benchPort(0));
    await measure(server, url);
  } finally {
    await server?.stop();
    console.log(`load average (1, 5, 15 min): ${load()}`);
    if (process.env.BENCH_REPORTS_KEEP) {
      console.log(`database kept: ${url}`);
      await database.close();
    } else await drop();
  }
};

/**
 * What the server's database sessions are doing while an export runs: pg_stat_activity of the bench database
 * sampled every 100 ms, counted by state and wait event (`active CPU` is running, not waiting). Stopped by the
 * returned function.
 */
const sampleWaits = (url: string) => {
  const counts = new Map<string, number>();
  const database = new URL(url).pathname.slice(1);
  let stopped = false;
  const client = new pg.Client({ connectionString: url });
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT state || ' ' || COALESCE(wait_event_type || ':' || wait_event, 'CPU') AS what FROM pg_stat_activity
          WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND state = 'active'`,
        [database],
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await sampling;
    return counts;
  };
};

interface Row {
  figure: string;
  measured: string;
  goal: string;
  met: boolean;
  load: string;
}
const table: Row[] = [];
const record = (row: Row) => {
  table.push(row);
  console.log(`${row.figure}: ${row.measured} | goal ${row.goal} ${row.met ? 'met' : 'NOT MET'} | load ${row.load}`);
};

const measure = async (server: Target, url: string) => {
  const base = server.base;
  const login = await fetch(`${base}/api/admin/session/login`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: OPERATOR_PASSWORD }),
  });
  const token = ((await login.json()) as { value: { token: string } }).value.token;
  const headers = { authorization: token };
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base.replace('//127.0.0.1', '//localhost')}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await response.json()) as { success: boolean; value: T };
    if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.value;
  };
  const m = '/api/admin/merchants/demo';
  const reference = `${m}/report-exports`;
  const dashboard = (period: string) => `${m}/dashboard?period=${period}&timeZone=Asia%2FShanghai`;
  const from30 = day(29);
  const games = (groupBy: string) =>
    `${m}/reports/games?from=${from30}&to=${day(0)}&timeZone=Asia%2FShanghai&groupBy=${groupBy}&pageSize=50`;

  // A first answer of each (and what it says), so a broken path fails before it is timed.
  // The first read in a zone keeps the merchant's players per local day of it, filled from the hours (decision 0157).
  const firstRead = performance.now();
  const thirty = await call<{ figures: { key: string; value: string }[] }>(dashboard('30d'));
  console.log(
    `dashboard 30 days (first read in Asia/Shanghai, its days filled: ${(performance.now() - firstRead).toFixed(0)} ms, load ${load()}): ${thirty.figures
      .filter((f) => ['bets', 'ggr', 'activePlayers', 'registrations', 'deposits'].includes(f.key))
      .map((f) => `${f.key} ${f.value}`)
      .join(', ')}`,
  );
  const report = await call<{ total: number; totals: string[] }>(games('game'));
  console.log(`games report 30 days by game: ${report.total} rows, totals ${report.totals.join(' ')}`);

  // BENCH_REPORTS_ONLY=export measures only the export (3).
  if (process.env.BENCH_REPORTS_ONLY !== 'export') {
    // 1. The dashboard at 4 callers, each period against the reference endpoint, interleaved.
    const loop = (path: string) => () => closedLoop(base, 4, SECONDS, () => ({ path, headers }));
    const cases: Record<string, () => Promise<Result>> = {
      reference: loop(reference),
      today: loop(dashboard('today')),
      '7d': loop(dashboard('7d')),
      '30d': loop(dashboard('30d')),
    };
    const names = Object.keys(cases);
    const results: Record<string, Result[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let repeat = 0; repeat < REPEATS; repeat += 1)
      for (const name of [...names.slice(repeat % names.length), ...names.slice(0, repeat % names.length)]) {
        const result = await (cases[name] as () => Promise<Result>)();
        results[name]?.push(result);
        console.log(
          `  ${name.padEnd(9)} 4 callers ${SECONDS} s: ${result.perSecond.toFixed(1)}/s p50 ${result.p50.toFixed(1)} ms p95 ${result.p95.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors (load ${result.load.toFixed(2)})`,
        );
      }
    const p95 = (name: string) => median((results[name] ?? []).map((r) => r.p95));
    const errors = (name: string) => (results[name] ?? []).reduce((sum, r) => sum + r.errors, 0);
    for (const period of ['today', '7d', '30d'])
      record({
        figure: `dashboard ${period}, 4 callers, median p95 of ${REPEATS}`,
        measured: `${p95(period).toFixed(1)} ms (reference endpoint ${p95('reference').toFixed(1)} ms)${errors(period) ? `, ${errors(period)} errors` : ''}`,
        goal: 'p95 ≤ 200 ms',
        met: p95(period) <= 200 && errors(period) === 0,
        load: load(),
      });

    // 2. The 30-day game-performance report, one caller, each grouping in turn (5 calls a repeat each).
    for (const groupBy of ['game', 'category', 'provider', 'day']) {
      const times: number[] = [];
      for (let repeat = 0; repeat < REPEATS; repeat += 1)
        for (let i = 0; i < 5; i += 1) {
          const t0 = performance.now();
          await call(games(groupBy));
          times.push(performance.now() - t0);
        }
      times.sort((a, b) => a - b);
      const worst = times[Math.floor(times.length * 0.95)] ?? 0;
      record({
        figure: `games report 30 days by ${groupBy}, ${times.length} calls`,
        measured: `median ${median(times).toFixed(0)} ms, p95 ${worst.toFixed(0)} ms`,
        goal: 'p95 ≤ 1000 ms',
        met: worst <= 1000,
        load: load(),
      });
    }
  }

  // 3. A 1,000,000-row export as a job (the export merchant's top players by stake over 90 days), while the
  // reference endpoint runs at a fixed rate: its p99 over the export's whole run against the same length of time
  // without it, interleaved (without, with, with, without, ...).
  const RATE = Number(process.env.BENCH_REPORTS_RATE ?? 50);
  const x = `/api/admin/merchants/${EXPORT_MERCHANT}`;
  const exportQuery = { from: day(DAYS - 1), to: day(0), timeZone: 'UTC', view: 'topStake' };
  interface ExportRun {
    rows: number;
    status: string;
    ms: number;
    waits: Map<string, number>;
  }
  const runExport = async (): Promise<ExportRun> => {
    const started = performance.now();
    const queued = await call<{ id: string }>(`${x}/report-exports`, {
      method: 'POST',
      body: { report: 'players', format: 'csv', query: exportQuery },
    });
    const stopSampling = sampleWaits(url);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const list = await call<{ list: { id: string; status: string; rowCount: number | null }[] }>(
        `${x}/report-exports`,
      );
      const done = list.list.find((e) => e.id === queued.id);
      if (done && (done.status === 'ready' || done.status === 'failed'))
        return {
          rows: done.rowCount ?? 0,
          status: done.status,
          ms: performance.now() - started,
          waits: await stopSampling(),
        };
    }
  };
  const waitsOf = (waits: Map<string, number>) =>
    [...waits]
      .sort((p, q) => q[1] - p[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  // A first export alone: its time sets the windows' length (every window covers a whole export).
  const first = await runExport();
  console.log(
    `  export alone: ${first.status}, ${first.rows} rows in ${(first.ms / 1000).toFixed(1)} s (load ${load()}); backends' samples: ${waitsOf(first.waits)}`,
  );
  const windowSeconds = Math.max(SECONDS, Math.ceil((first.ms * 1.1) / 1000));
  const referenceLoad = () => openLoop(base, RATE, windowSeconds, () => ({ path: reference, headers }));
  const pairs: { alone: Result; busy: Result; run: ExportRun }[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const aloneRun = async () => {
      const r = await referenceLoad();
      console.log(
        `  reference ${RATE}/s ${windowSeconds} s alone: p99 ${r.p99.toFixed(1)} ms p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors (load ${r.load.toFixed(2)})`,
      );
      return r;
    };
    const busyRun = async () => {
      const [r, run] = await Promise.all([referenceLoad(), runExport()]);
      console.log(
        `  reference ${RATE}/s ${windowSeconds} s during the export: p99 ${r.p99.toFixed(1)} ms p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors; export ${run.status}, ${run.rows} rows in ${(run.ms / 1000).toFixed(1)} s (load ${r.load.toFixed(2)}); backends' samples: ${waitsOf(run.waits)}`,
      );
      return { r, run };
    };
    if (repeat % 2 === 0) {
      const alone = await aloneRun();
      const { r, run } = await busyRun();
      pairs.push({ alone, busy: r, run });
    } else {
      const { r, run } = await busyRun();
      const alone = await aloneRun();
      pairs.push({ alone, busy: r, run });
    }
  }
  const alone = median(pairs.map((p) => p.alone.p99));
  const busy = median(pairs.map((p) => p.busy.p99));
  const ratio = median(pairs.map((p) => p.busy.p99 / Math.max(p.alone.p99, 0.001)));
  const rows = median(pairs.map((p) => p.run.rows));
  record({
    figure: `export players/topStake 90 days CSV (${rows} rows) as a job: reference endpoint p99 at ${RATE}/s, median of ${REPEATS} pairs`,
    measured: `${busy.toFixed(1)} ms during the export vs ${alone.toFixed(1)} ms without (loads ${pairs.map((p) => `${p.busy.load.toFixed(2)}/${p.alone.load.toFixed(2)}`).join(', ')}); ratio ${ratio.toFixed(2)} (median of pairs), export done in ${(median(pairs.map((p) => p.run.ms)) / 1000).toFixed(1)} s`,
    goal: 'every export ready with ≥ 1,000,000 rows, p99 moved ≤ 20 %',
    met: pairs.every((p) => p.run.status === 'ready' && p.run.rows >= 1_000_000) && ratio <= 1.2,
    load: load(),
  });

  console.log('\nfigure | measured | goal | verdict | load (1, 5, 15 min)');
  for (const row of table)
    console.log(`${row.figure} | ${row.measured} | ${row.goal} | ${row.met ? 'met' : 'NOT MET'} | ${row.load}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
