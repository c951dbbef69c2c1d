/**
 * npm run bench:missions — "my rank" on a mission leaderboard of 1,000,000 members (issue 28, decision 0097), against
 * the built server (dist/main.js, `npm run build -w @tessera/server` first) run as its own process at the README's
 * production defaults (info logging to a file, the default pool of 10, the demo seed) through harness.ts.
 *
 * Four signed-in members (bench0..bench3); today's daily board of the demo merchant is filled with a million members
 * on ~300 distinct scores (with the score counts the module keeps beside it) and bench0..bench2 placed at the top, in
 * the middle and near the bottom (bench3 is off the board). Then, from outside the server, interleaved in each
 * repeat at 1 and at 8 callers:
 * - measured: the leaderboard call (`MCSFE_getMissionLeaderboard`: the top 50 and the caller's own rank);
 * - baseline 1: a trivial authenticated member call on the same server (`MCSFE_getMissionSummaryDetails` of a
 *   merchant with no missions: session, access, two small reads);
 * - baseline 2: the leaderboard's one statement itself (the module's `BOARD_VIEW_SQL`: top 50 and the caller's
 *   place) from a separate PostgreSQL client.
 * p50/p95 of each, the ratio of the measured p95 to the HTTP baseline's and the load average; medians of
 * BENCH_REPEATS (3) runs of BENCH_SECONDS (8). The statement's EXPLAIN ANALYZE is printed once. Printed, never
 * asserted (target p95 ≤ 20 ms). Ports BENCH_PORT (9401) and up; databases prefixed by BENCH_DB_PREFIX.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { MISSION_BOARD_TOP } from '@tessera/contracts';
import pg from 'pg';
import { BOARD_VIEW_SQL } from '../src/modules/missions/missions.repository';
import { benchMembers } from './bench-support';
import { onBenchDatabase, withClient } from './databases';
import { benchPort, closedLoop, REPEATS, type Result, SECONDS, startApp } from './harness';
import { memberRead } from './requests';

const MEMBERS = Number(process.env.BENCH_MISSIONS_MEMBERS ?? 1_000_000);
const CALLERS = [1, 8] as const;

const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The leaderboard's statement (the module's `BOARD_VIEW_SQL`) from a client of its own, `callers` at a time, for `seconds`: p50/p95 in ms. */
const sqlLoop = async (url: string, callers: number, seconds: number, args: (i: number) => unknown[]) => {
  const pool = new pg.Pool({ connectionString: url, max: callers });
  const times: number[] = [];
  let i = 0;
  try {
    await Promise.all(Array.from({ length: callers }, () => pool.query('SELECT 1')));
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await pool.query(BOARD_VIEW_SQL, args(i++));
          times.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls: times.length };
};

/** Fills the day's board with `MEMBERS` members and places bench0..bench2 at the top, middle and bottom. */
const fillBoard = (url: string, periodKey: string) =>
  withClient(url, async (client) => {
    const started = performance.now();
    await client.query('BEGIN');
    // Scores 5..1500 in steps of 5, skewed towards the low end as completions are; earlier members reached first.
    await client.query(
      `INSERT INTO mission_board (merchant_code, period, period_key, member_id, username, score, reached_at)
       SELECT 'demo', 'daily', $1, gen_random_uuid(), 'm' || i,
              5 * (1 + floor(299 * power(((i::bigint * 7919) % 1000003) / 1000003.0, 3)))::int,
              now() - make_interval(secs => i / 1000.0)
         FROM generate_series(1, $2::int) AS i`,
      [periodKey, MEMBERS],
    );
    await client.query(
      `INSERT INTO mission_board (merchant_code, period, period_key, member_id, username, score, reached_at)
       SELECT 'demo', 'daily', $1, id, username, (ARRAY[1500, 250, 5])[substr(username, 6)::int + 1], now()
         FROM members WHERE merchant_code = 'demo' AND username IN ('bench0', 'bench1', 'bench2')`,
      [periodKey],
    );
    await client.query(
      `INSERT INTO mission_board_counts (merchant_code, period, period_key, score, members)
       SELECT merchant_code, period, period_key, score, count(*)::int FROM mission_board
        GROUP BY merchant_code, period, period_key, score`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE mission_board; ANALYZE mission_board_counts');
    const { rows } = await client.query<{ board: number; scores: number }>(
      'SELECT (SELECT count(*)::int FROM mission_board) AS board, (SELECT count(*)::int FROM mission_board_counts) AS scores',
    );
    console.log(
      `board built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows[0]?.board} members on ${rows[0]?.scores} scores (load average ${load()})`,
    );
  });

const fmt = (r: { p50: number; p95: number }) => `p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms`;

export const missions = async (): Promise<void> => {
  await onBenchDatabase('bench_missions', async (db, start) => {
    const app = await start(startApp(db.url, benchPort(0)));
    const tokens = await benchMembers(db.url, 4);
    const read = (path: string) => (i: number) => memberRead(path, tokens[i % tokens.length] ?? '')();
    const boardPath = '/wps/relay/MCSFE_getMissionLeaderboard?period=daily';
    const board = read(boardPath);
    const summary = read('/wps/relay/MCSFE_getMissionSummaryDetails');

    const first = (await (await fetch(`${app.base}${boardPath}`, { headers: board(0).headers })).json()) as {
      value: { periodKey: string };
    };
    const periodKey = first.value.periodKey;
    await fillBoard(db.url, periodKey);
    const ids = await withClient(
      db.url,
      async (client) =>
        (
          await client.query<{ id: string }>(
            `SELECT id FROM members WHERE merchant_code = 'demo' AND username LIKE 'bench_' ORDER BY username`,
          )
        ).rows,
    );
    const rankArgs = (i: number) => ['demo', 'daily', periodKey, ids[i % ids.length]?.id, MISSION_BOARD_TOP];

    for (const [index, token] of tokens.entries()) {
      const answer = (await (
        await fetch(`${app.base}${boardPath}`, {
          headers: { ModuleId: 'COMM3', Authorization: `Bearer ${token}` },
        })
      ).json()) as { value: { members: number; me: { rank: number | null; score: number }; top: unknown[] } };
      console.log(
        `bench${index}: rank ${answer.value.me.rank ?? '—'} of ${answer.value.members}, score ${answer.value.me.score}, top ${answer.value.top.length}`,
      );
    }
    await withClient(db.url, async (client) => {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${BOARD_VIEW_SQL}`,
        rankArgs(1),
      );
      console.log("EXPLAIN ANALYZE of the leaderboard's statement (bench1, mid-board):");
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    });

    // Warm both paths (JIT, caches) before measuring.
    await closedLoop(app.base, 4, 2, board);
    await closedLoop(app.base, 4, 2, summary);

    for (const callers of CALLERS) {
      const measured: Result[] = [];
      const baseline: Result[] = [];
      const sql: { p50: number; p95: number }[] = [];
      for (let round = 0; round < REPEATS; round++) {
        // Interleaved, the order alternating: a drift in the machine's load falls on both sides.
        const runs = [
          async () => measured.push(await closedLoop(app.base, callers, SECONDS, board)),
          async () => baseline.push(await closedLoop(app.base, callers, SECONDS, summary)),
          async () => sql.push(await sqlLoop(db.url, callers, SECONDS, rankArgs)),
        ];
        for (const run of round % 2 === 0 ? runs : [...runs].reverse()) await run();
        const [m, b, s] = [measured.at(-1), baseline.at(-1), sql.at(-1)];
        if (!m || !b || !s) throw new Error('a run is missing');
        if (m.errors || b.errors) throw new Error(`${m.errors + b.errors} calls failed; run with BENCH_VERBOSE=1`);
        console.log(
          `${callers} caller(s), repeat ${round + 1}: my rank ${fmt(m)} (${m.perSecond.toFixed(0)}/s) | member call ${fmt(b)} | board SQL ${fmt(s)} | load average ${load()}`,
        );
      }
      const m = { p50: median(measured.map((r) => r.p50)), p95: median(measured.map((r) => r.p95)) };
      const b = { p50: median(baseline.map((r) => r.p50)), p95: median(baseline.map((r) => r.p95)) };
      const s = { p50: median(sql.map((r) => r.p50)), p95: median(sql.map((r) => r.p95)) };
      console.log(
        `${callers} caller(s), medians of ${REPEATS}: my rank ${fmt(m)} | member call ${fmt(b)} | ratio of p95 ${(m.p95 / b.p95).toFixed(2)} | board SQL ${fmt(s)} | target p95 ≤ 20 ms ${m.p95 <= 20 ? 'met' : 'NOT MET'} | load average ${load()}`,
      );
    }
    console.log(
      `load average (1, 5, 15 min): ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}; ${os.cpus().length} cores`,
    );
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  missions().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
