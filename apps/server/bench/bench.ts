/**
 * npm run bench [suite...] — the server's hot paths against bare baselines, through harness.ts (decision 0049).
 * Suites: lobby, reads, logging, events (all when none is named). Prints one table: goal | measured | baseline | ratio | load.
 * Needs the built server (npm run build, or node apps/server/build.mjs) and DATABASE_URL's PostgreSQL (default
 * postgres://postgres@127.0.0.1:5432/postgres). BENCH_SECONDS (8) and BENCH_REPEATS (3) set each run's length and
 * the number of interleaved repeats.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { benchMembers } from './bench-support';
import { countGames, onBenchDatabase, scaleCatalogue, withClient } from './databases';
import {
  benchPort,
  closedLoop,
  compare,
  memberToken,
  printTable,
  REPEATS,
  type Request,
  SECONDS,
  startApp,
  startBaseline,
  untilIdle,
} from './harness';
import { bare, categoryPage, memberRead, search, select } from './requests';

const APP_PORT = benchPort(0);
const BASELINE_PORT = benchPort(1);
const QUIET_APP_PORT = benchPort(2);
const CONNECTIONS = 16;
const TARGET_GAMES = 20_000;
/** Members whose sessions the reads bench also spreads its reads over. */
const MEMBERS_IN_TURN = 2_000;

const lobby = () =>
  onBenchDatabase('bench_lobby', async (db, start) => {
    const app = await start(startApp(db.url, APP_PORT));
    const baseline = await start(startBaseline(db.url, BASELINE_PORT));
    const base = (await closedLoop(app.base, 1, 1, categoryPage)).errors;
    if (base) throw new Error('gameList answers errors; run with BENCH_VERBOSE=1');
    const games = async (label: string) => {
      for (const [name, next] of [
        ['category page', categoryPage],
        ['search', search],
      ] as const) {
        await compare({
          goal: `gameList ${name}, ${label}, ${CONNECTIONS} conns`,
          measured: () => closedLoop(app.base, CONNECTIONS, SECONDS, next),
          baseline: () => closedLoop(baseline.base, CONNECTIONS, SECONDS, bare),
          minRatio: 0.25,
          maxP99Ms: 30,
        });
      }
    };
    await games(`demo catalogue (${await withClient(db.url, countGames)} games)`);
    const total = await scaleCatalogue(db.url, TARGET_GAMES);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await games(`${total} games`);
  });

const reads = () =>
  onBenchDatabase('bench_reads', async (db, start) => {
    const app = await start(startApp(db.url, APP_PORT));
    const baseline = await start(startBaseline(db.url, BASELINE_PORT));
    const token = await memberToken(app, db.url);
    for (const [name, path] of [
      ['wallet balance', '/wps/v2/wallets/balance'],
      ['member info', '/wps/member/info'],
    ] as const) {
      await compare({
        goal: `${name} (member token), ${CONNECTIONS} conns`,
        measured: () => closedLoop(app.base, CONNECTIONS, SECONDS, memberRead(path, token)),
        baseline: () => closedLoop(baseline.base, CONNECTIONS, SECONDS, select),
        minRatio: 0.6,
      });
    }
    // Sessions are kept in memory for seconds (decision 0149), so one token flatters: the same read spread over
    // many members' sessions in turn, each met again only after all the others.
    const tokens = await benchMembers(db.url, MEMBERS_IN_TURN);
    // Each session's first read after its minute is up writes its idle clock and counts responsible gaming's
    // session time (once a minute a session, decision 0049): one pass before each run, so it measures reads.
    const firstReads = async () => {
      const started = performance.now();
      for (let at = 0; at < tokens.length; at += CONNECTIONS) {
        await Promise.all(
          tokens.slice(at, at + CONNECTIONS).map(async (member) => {
            const answer = await fetch(`${app.base}/wps/member/info`, {
              headers: { ModuleId: 'COMM3', Authorization: `Bearer ${member}` },
            });
            await answer.arrayBuffer();
          }),
        );
      }
      console.log(
        `first read of ${tokens.length} sessions (idle clock written): ${Math.round(performance.now() - started)} ms`,
      );
    };
    await compare({
      goal: `member info, ${MEMBERS_IN_TURN} members' tokens in turn, ${CONNECTIONS} conns`,
      measured: async () => {
        await firstReads();
        return closedLoop(app.base, CONNECTIONS, SECONDS, (i) =>
          memberRead('/wps/member/info', tokens[i % tokens.length] ?? token)(),
        );
      },
      baseline: () => closedLoop(baseline.base, CONNECTIONS, SECONDS, select),
      minRatio: 0.6,
    });
    const writes = await withClient(db.url, (client) =>
      client.query<{ n: string }>("SELECT n_tup_upd AS n FROM pg_stat_user_tables WHERE relname = 'member_sessions'"),
    );
    console.log(`member_sessions rows updated during the reads: ${writes.rows[0]?.n ?? '?'}`);
  });

/** The same paths on two instances of the app, one at info and one silent: what the default logging costs. */
const logging = () =>
  onBenchDatabase('bench_logging', async (db, start) => {
    const app = await start(startApp(db.url, APP_PORT));
    const quiet = await start(startApp(db.url, QUIET_APP_PORT, { LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
    const token = await memberToken(app, db.url);
    // The first instance seeded the demo and delivers its first events: that start-up work is not logging's cost.
    await untilIdle([app.base, quiet.base]);
    const balance = memberRead('/wps/v2/wallets/balance', token);
    for (const [name, next] of [
      ['gameList category page', categoryPage],
      ['wallet balance', balance],
    ] as const) {
      await compare({
        goal: `logging at info vs silent: ${name}`,
        measured: () => closedLoop(app.base, CONNECTIONS, SECONDS, next),
        baseline: () => closedLoop(quiet.base, CONNECTIONS, SECONDS, next),
        minRatio: 0.9,
      });
    }
  });

/**
 * Events between modules under the in-house bench load (issue 21): 16 players bet dice over HTTP against the built
 * server, whose own dispatcher delivers every `bet.settled` to the modules' subscribers. From the database after
 * each run: per subscriber, the events delivered per second against the events produced per second (the ratio:
 * 1.00 keeps up), and the delay from the event's transaction to its delivery (`events.created_at`, the producing
 * transaction's start, to `event_receipts.delivered_at`, the handler's turn), p50 and p99.
 * BENCH_INSTANCES=3 starts three instances of the built server on the one database (as the README's "Several
 * instances on one database") and spreads the players over them; each instance's dispatcher competes for the same
 * events, and the run then checks that every subscriber got every event exactly once (no event missing, none twice).
 */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);

const events = () =>
  onBenchDatabase('bench_events', async (db, start) => {
    const apps = [];
    for (let n = 0; n < INSTANCES; n++) apps.push(await start(startApp(db.url, n === 0 ? APP_PORT : benchPort(2 + n))));
    const tokens = await benchMembers(db.url, CONNECTIONS);
    const bet = (i: number): Request => ({
      path: '/wps/inhouse/bets',
      method: 'POST',
      headers: {
        ModuleId: 'COMM3',
        Authorization: `Bearer ${tokens[i % tokens.length]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        game: 'dice',
        params: { target: 5000, direction: 'under' },
        stake: '1.00',
        idempotencyKey: randomUUID(),
      }),
    });
    for (let round = 0; round < REPEATS; round++) {
      const from = await withClient(
        db.url,
        async (client) =>
          (await client.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM events')).rows[0]?.id,
      );
      // The players spread over the instances (each instance's share of the connections, the same members).
      const shares = await Promise.all(
        apps.map((app, n) =>
          closedLoop(app.base, Math.ceil(CONNECTIONS / apps.length), SECONDS, (i) => bet(i * apps.length + n)),
        ),
      );
      const load = {
        perSecond: shares.reduce((sum, share) => sum + share.perSecond, 0),
        errors: shares.reduce((sum, share) => sum + share.errors, 0),
      };
      if (load.errors) throw new Error(`${load.errors} bets failed; run with BENCH_VERBOSE=1`);
      const figures = await withClient(db.url, async (client) => {
        const produced = async () =>
          Number(
            (
              await client.query<{ n: string }>(
                `SELECT count(*) AS n FROM events WHERE name = 'bet.settled' AND id > $1`,
                [from],
              )
            ).rows[0]?.n ?? 0,
          );
        const subscribers = async () =>
          (
            await client.query<{ subscriber: string; n: string }>(
              `SELECT r.subscriber, count(*) AS n FROM event_receipts r JOIN events e ON e.id = r.event_id
                WHERE e.name = 'bet.settled' AND e.id > $1 GROUP BY r.subscriber`,
              [from],
            )
          ).rows;
        const total = await produced();
        const waitUntil = Date.now() + 60_000;
        while ((await subscribers()).some((row) => Number(row.n) < total) && Date.now() < waitUntil) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return (
          await client.query<{
            subscriber: string;
            n: string;
            per_second: string;
            produced: string;
            p50: string;
            p99: string;
          }>(
            `WITH d AS (
               SELECT r.subscriber, e.created_at, r.delivered_at,
                      extract(epoch FROM r.delivered_at - e.created_at) * 1000 AS delay_ms
                 FROM event_receipts r JOIN events e ON e.id = r.event_id
                WHERE e.name = 'bet.settled' AND e.id > $1),
             span AS (SELECT min(created_at) AS first, max(created_at) AS last FROM events
                       WHERE name = 'bet.settled' AND id > $1)
             SELECT d.subscriber, count(*)::text AS n,
                    (count(*) / greatest(extract(epoch FROM max(d.delivered_at) - span.first), 0.001))::text AS per_second,
                    (count(*) / greatest(extract(epoch FROM span.last - span.first), 0.001))::text AS produced,
                    percentile_disc(0.5) WITHIN GROUP (ORDER BY delay_ms)::text AS p50,
                    percentile_disc(0.99) WITHIN GROUP (ORDER BY delay_ms)::text AS p99
               FROM d, span GROUP BY d.subscriber, span.first, span.last ORDER BY d.subscriber`,
            [from],
          )
        ).rows.map((row) => ({ ...row, total }));
      });
      // Exactly once across the instances: per subscriber, every event of the run has one receipt, none has two.
      const once = await withClient(
        db.url,
        async (client) =>
          (
            await client.query<{ subscriber: string; missing: string; doubled: string }>(
              `WITH s AS (SELECT DISTINCT r.subscriber FROM event_receipts r JOIN events ev ON ev.id = r.event_id
                            WHERE ev.name = 'bet.settled'),
                    e AS (SELECT id FROM events WHERE name = 'bet.settled' AND id > $1)
               SELECT s.subscriber,
                      (SELECT count(*) FROM e WHERE NOT EXISTS (SELECT 1 FROM event_receipts r
                         WHERE r.subscriber = s.subscriber AND r.event_id = e.id))::text AS missing,
                      (SELECT count(*) FROM (SELECT r.event_id FROM event_receipts r JOIN e ON e.id = r.event_id
                         WHERE r.subscriber = s.subscriber GROUP BY r.event_id HAVING count(*) > 1) twice)::text AS doubled
                 FROM s ORDER BY s.subscriber`,
              [from],
            )
          ).rows,
      );
      const loadNow = os.loadavg()[0]?.toFixed(1);
      console.log(
        `round ${round + 1}: ${load.perSecond.toFixed(0)} bets/s over HTTP to ${apps.length} instance(s), load ${loadNow}`,
      );
      for (const row of figures) {
        const ratio = Number(row.per_second) / Math.max(Number(row.produced), 0.001);
        console.log(
          `  ${row.subscriber}: ${row.n} of ${row.total} delivered, ${Number(row.per_second).toFixed(1)}/s against ${Number(row.produced).toFixed(1)}/s produced (ratio ${ratio.toFixed(2)}); delay p50 ${Number(row.p50).toFixed(0)} ms p99 ${Number(row.p99).toFixed(0)} ms | load ${loadNow}`,
        );
      }
      const wrong = once.filter((row) => row.missing !== '0' || row.doubled !== '0');
      console.log(
        wrong.length === 0
          ? `  exactly once: each of ${once.length} subscribers has one receipt for every event, none twice`
          : `  NOT exactly once: ${wrong.map((row) => `${row.subscriber} missing ${row.missing}, twice ${row.doubled}`).join('; ')}`,
      );
      if (wrong.length > 0) process.exitCode = 1;
    }
  });

const suites: Record<string, () => Promise<void>> = { lobby, reads, logging, events };

const main = async () => {
  const names = process.argv.slice(2);
  for (const name of names.length > 0 ? names : Object.keys(suites)) {
    const suite = suites[name];
    if (!suite) throw new Error(`unknown suite ${name}; one of ${Object.keys(suites).join(', ')}`);
    console.log(`== ${name}`);
    await suite();
  }
  printTable();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
