/**
 * npm run bench:missions — "my rank" on a mission leaderboard of 1,000,000 members (issue 28, decision 0097). Fills
 * today's daily board of the demo merchant with a million members on ~300 distinct scores (and the score counts the
 * module keeps beside it), places four signed-in members at the top, in the middle, near the bottom and off the
 * board, then measures the leaderboard call (the top 50 and the caller's own rank) through the HTTP API at 8
 * callers, interleaved with a baseline of the same callers' mission summary (session, access, two small reads) in
 * the same run; medians of the repeats' p95, the ratio to the baseline, the load average beside each figure.
 * Printed, never asserted (target: p95 ≤ 20 ms). Uses DATABASE_URL's server when set, else an embedded PostgreSQL;
 * the pool is the default size (10).
 */

import { loadavg } from 'node:os';
import { periodKeyOf } from '../src/modules/missions/missions.rules';
import { benchApp, benchDatabase, benchPlayers, measureFigures } from './bench-support';

const MEMBERS = Number(process.env.BENCH_MISSIONS_MEMBERS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_MISSIONS_CALLS ?? 400);
const REPEATS = Number(process.env.BENCH_MISSIONS_REPEATS ?? 3);

const main = async () => {
  const { database, drop } = await benchDatabase(process.env.BENCH_MISSIONS_DB ?? 'h_missions_bench', 10);
  try {
    const { app, services } = await benchApp(database, undefined, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    const tokens = await benchPlayers(services, 4);
    const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
    const dayKey = periodKeyOf('daily', merchant.settings.timeZone, new Date());
    const placed = await Promise.all(
      ['bench0', 'bench1', 'bench2'].map((name) => services.members.findByUsername('demo', name)),
    );

    const building = performance.now();
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      // Scores 5..1500 in steps of 5, skewed towards the low end as completions are; earlier members reached first.
      await client.query(
        `INSERT INTO mission_board (merchant_code, period, period_key, member_id, username, score, reached_at)
         SELECT 'demo', 'daily', $1, gen_random_uuid(), 'm' || i,
                5 * (1 + floor(299 * power(((i::bigint * 7919) % 1000003) / 1000003.0, 3)))::int,
                now() - make_interval(secs => i / 1000.0)
           FROM generate_series(1, $2::int) AS i`,
        [dayKey, MEMBERS],
      );
      const scores = [1_500, 250, 5];
      for (const [index, member] of placed.entries()) {
        if (!member) throw new Error('bench member missing');
        await client.query(
          `INSERT INTO mission_board (merchant_code, period, period_key, member_id, username, score, reached_at)
           VALUES ('demo', 'daily', $1, $2, $3, $4, now())`,
          [dayKey, member.id, member.username, scores[index]],
        );
      }
      await client.query(
        `INSERT INTO mission_board_counts (merchant_code, period, period_key, score, members)
         SELECT merchant_code, period, period_key, score, count(*)::int FROM mission_board
          GROUP BY merchant_code, period, period_key, score`,
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    await database.pool.query('ANALYZE mission_board; ANALYZE mission_board_counts');
    const counts = await database.pool.query<{ board: number; scores: number }>(
      `SELECT (SELECT count(*)::int FROM mission_board) AS board, (SELECT count(*)::int FROM mission_board_counts) AS scores`,
    );
    console.log(
      `built in ${((performance.now() - building) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])} (board rows, distinct scores)`,
    );

    const get = (token: string, url: string) => async () => {
      const response = await app.inject({ method: 'GET', url, headers: { Merchant: 'demo', authorization: token } });
      if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.body}`);
      return response.json();
    };
    const board = (i: number) =>
      get(tokens[i % tokens.length] ?? '', '/wps/relay/MCSFE_getMissionLeaderboard?period=daily')();
    const summary = (i: number) => get(tokens[i % tokens.length] ?? '', '/wps/relay/MCSFE_getMissionSummaryDetails')();
    for (const [index, token] of tokens.entries()) {
      const answer = await get(token, '/wps/relay/MCSFE_getMissionLeaderboard?period=daily')();
      console.log(
        `bench${index}: rank ${answer.value.me.rank ?? '—'} of ${answer.value.members}, score ${answer.value.me.score}, top ${answer.value.top.length}`,
      );
    }

    const load = () => loadavg()[0]?.toFixed(2) ?? '?';
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const figures = { baseline: [] as number[], board: [] as number[] };
    for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
      console.log(`repeat ${repeat} (load average ${load()})`);
      figures.baseline.push((await measureFigures('baseline: mission summary', 8, CALLS, summary)).p95);
      figures.board.push((await measureFigures('leaderboard: top 50 + my rank (1M)', 8, CALLS, board)).p95);
    }
    const base = median(figures.baseline);
    const rank = median(figures.board);
    console.log(
      `median p95 of ${REPEATS}: leaderboard with my rank ${rank.toFixed(2)} ms, baseline ${base.toFixed(2)} ms, ratio ${(rank / base).toFixed(2)} (target ≤ 20 ms; load average ${load()})`,
    );
    console.log(
      `load average (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await drop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
