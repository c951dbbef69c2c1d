/**
 * npm run bench:agents — the agent centre at scale (issue 24): one agent with 100,000 descendants eight levels deep
 * (10, 40, 160, 640, 2,560, 10,240, 40,960 and 45,390 members per level, so each first-level branch holds 10,000)
 * and 3,000,000 daily rollup rows (30 days of every descendant), written straight into the agents module's tables.
 * Measures the 30-day team overview through the HTTP API at 8 callers, for that agent and for a leaf agent (five
 * members under it), then moves one 10,000-member branch under another agent through the service (audited, one
 * transaction) and times it. Figures are printed, never asserted (target: overview p95 ≤ 50 ms, move ≤ 1 s). Uses
 * DATABASE_URL's server when set, else an embedded PostgreSQL.
 */

import { loadavg } from 'node:os';
import { AGENT_RANGE_MAX_DAYS, agentRangeOf } from '@tessera/contracts';
import { MEMBER_DAYS_SQL } from '../src/modules/agents';
import { benchApp, benchDatabase, benchPlayers, measureFigures } from './bench-support';

const LEVELS = [10, 40, 160, 640, 2_560, 10_240, 40_960, 45_390];
const DAYS = 30;
/** Calls per measurement, and interleaved repeats (baseline, top, leaf) whose medians are printed. */
const CALLS = Number(process.env.BENCH_AGENTS_CALLS ?? 400);
const REPEATS = Number(process.env.BENCH_AGENTS_REPEATS ?? 3);

const main = async () => {
  const { database, drop, url } = await benchDatabase(process.env.BENCH_AGENTS_DB ?? 'bench_agents', 10);
  const { app, services } = await benchApp(database, undefined, {
    runJobs: false,
    crash: { drive: false },
    events: { deliver: false },
  });
  const [topToken = '', leafToken = ''] = await benchPlayers(services, 2);
  const top = await services.members.findByUsername('demo', 'bench0');
  const leaf = await services.members.findByUsername('demo', 'bench1');
  if (!top || !leaf) throw new Error('bench agents not created');
  for (const agent of [top, leaf]) await services.members.update(agent.id, { type: 1 });

  const building = performance.now();
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth) VALUES ($1, 'demo', 'bench0', NULL, 0)`,
      [top.id],
    );
    await client.query(
      `CREATE TEMP TABLE bench_levels ON COMMIT DROP AS
       SELECT l.level, i AS idx, gen_random_uuid() AS id, l.n
         FROM unnest($1::int[]) WITH ORDINALITY AS l(n, level), generate_series(0, l.n - 1) AS i`,
      [LEVELS],
    );
    await client.query('CREATE INDEX ON bench_levels (level, idx)');
    await client.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth, joined_at)
       SELECT c.id, 'demo', 'b' || c.level || '_' || c.idx, COALESCE(p.id, $1::uuid), c.level,
              now() - (c.idx % 60) * interval '1 day'
         FROM bench_levels c
         LEFT JOIN bench_levels p ON p.level = c.level - 1 AND p.idx = c.idx % ($2::int[])[c.level - 1]`,
      [top.id, LEVELS],
    );
    // The leaf agent: under a level-6 member, with five members of its own.
    const parent = await client.query<{ id: string }>('SELECT id FROM bench_levels WHERE level = 6 AND idx = 0');
    await client.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth) VALUES ($1, 'demo', 'bench1', $2, 7)`,
      [leaf.id, parent.rows[0]?.id],
    );
    await client.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth)
       SELECT gen_random_uuid(), 'demo', 'leafkid' || i, $1, 8 FROM generate_series(1, 5) AS i`,
      [leaf.id],
    );
    await client.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
       SELECT member_id, member_id, 0 FROM agent_nodes WHERE merchant_code = 'demo'`,
    );
    for (let depth = 1; depth <= LEVELS.length; depth += 1) {
      await client.query(
        `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
         SELECT c.ancestor_id, n.member_id, c.distance + 1
           FROM agent_nodes n JOIN agent_closure c ON c.descendant_id = n.parent_id
          WHERE n.depth = $1 AND n.merchant_code = 'demo'`,
        [depth],
      );
    }
    const target = await client.query<{ id: string }>('SELECT id FROM bench_levels WHERE level = 1 AND idx = 1');
    await client.query(
      `INSERT INTO agent_profiles (member_id, merchant_code, agent_type, affiliate_code)
       VALUES ($1, 'demo', 1, 'BENCHTOP'), ($2, 'demo', 1, 'BENCHLEAF'), ($3, 'demo', 1, 'BENCHMOVE')`,
      [top.id, leaf.id, target.rows[0]?.id],
    );
    await client.query(
      `INSERT INTO agent_daily_rollups (member_id, day, merchant_code, deposits, deposit_count, withdrawals,
         withdrawal_count, bets, valid_bets, payouts, bet_count)
       SELECT n.member_id, (now() AT TIME ZONE 'UTC')::date - d, 'demo', (d % 7) * 1000, d % 2, (d % 5) * 500, d % 3,
              10000 + d * 100, 9000 + d * 90, 9500 + d * 80, 1 + d % 4
         FROM agent_nodes n CROSS JOIN generate_series(0, ${DAYS - 1}) AS d
        WHERE n.merchant_code = 'demo' AND n.member_id <> $1`,
      [top.id],
    );
    // The team totals the agents module keeps incrementally (decision 0057), built here as its placements and
    // subscribers would have left them: each member's own rows, then level by level upwards (a parent's rows are
    // its own plus its children's), which reads each row once instead of once per ancestor.
    const figures =
      'deposits, deposit_count, withdrawals, withdrawal_count, bets, valid_bets, payouts, bet_count, joined';
    const summed = figures
      .split(', ')
      .map((column) => `sum(t.${column})`)
      .join(', ');
    const added = figures
      .split(', ')
      .map((column) => `${column} = r.${column} + EXCLUDED.${column}`)
      .join(', ');
    await client.query(
      `INSERT INTO agent_team_daily (ancestor_id, day, merchant_code, ${figures})
       SELECT t.member_id, t.day, 'demo', ${summed} FROM (${MEMBER_DAYS_SQL}) t GROUP BY t.member_id, t.day`,
    );
    await client.query(
      `INSERT INTO agent_team_active (ancestor_id, day, prev_day, members)
       SELECT member_id, day, CASE WHEN prev > day - ${AGENT_RANGE_MAX_DAYS} THEN prev ELSE '-infinity' END, 1
         FROM (SELECT member_id, day, lag(day) OVER (PARTITION BY member_id ORDER BY day) AS prev
                 FROM agent_daily_rollups WHERE bet_count > 0) s`,
    );
    for (let depth = LEVELS.length; depth >= 1; depth -= 1) {
      await client.query(
        `UPDATE agent_nodes p SET team_size = s.size
           FROM (SELECT parent_id, sum(team_size + 1)::int AS size FROM agent_nodes WHERE depth = $1 GROUP BY 1) s
          WHERE p.member_id = s.parent_id`,
        [depth],
      );
      await client.query(
        `INSERT INTO agent_team_daily AS r (ancestor_id, day, merchant_code, ${figures})
         SELECT n.parent_id, t.day, 'demo', ${summed} FROM agent_team_daily t
           JOIN agent_nodes n ON n.member_id = t.ancestor_id WHERE n.depth = $1 GROUP BY n.parent_id, t.day
         ON CONFLICT (ancestor_id, day) DO UPDATE SET ${added}`,
        [depth],
      );
      await client.query(
        `INSERT INTO agent_team_active AS r (ancestor_id, day, prev_day, members)
         SELECT n.parent_id, t.day, t.prev_day, sum(t.members) FROM agent_team_active t
           JOIN agent_nodes n ON n.member_id = t.ancestor_id WHERE n.depth = $1 GROUP BY 1, 2, 3
         ON CONFLICT (ancestor_id, day, prev_day) DO UPDATE SET members = r.members + EXCLUDED.members`,
        [depth],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  await database.pool.query(
    'ANALYZE agent_nodes; ANALYZE agent_closure; ANALYZE agent_daily_rollups; ANALYZE agent_team_daily; ANALYZE agent_team_active',
  );
  const counts = await database.pool.query<{ nodes: number; closure: number; rollups: number; team: number }>(
    `SELECT (SELECT count(*)::int FROM agent_nodes) AS nodes, (SELECT count(*)::int FROM agent_closure) AS closure,
            (SELECT count(*)::int FROM agent_daily_rollups) AS rollups, (SELECT count(*)::int FROM agent_team_daily) AS team`,
  );
  console.log(
    `built in ${((performance.now() - building) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])} (nodes, closure rows, rollup rows, team rows)`,
  );

  const range = agentRangeOf('30d', new Date());
  const get = (token: string, url: string, moduleId: string) => async () => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { Merchant: 'demo', ModuleId: moduleId, authorization: token },
    });
    if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.body}`);
    return response.json();
  };
  const overview = (token: string) =>
    get(token, `/wps/agent/team/overview?from=${range.from}&to=${range.to}`, 'AGEINFO3');
  // The baseline: the same caller's cheapest agent call (session, access, one primary-key read), same path.
  const baseline = get(topToken, '/wps/agent/link', 'REGCEN');
  const first = await overview(topToken)();
  console.log(
    `top agent: team ${first.value.teamMembers}, direct ${first.value.directMembers}, active ${first.value.activeMembers}, bets ${first.value.figures.bets}`,
  );
  const leafView = await overview(leafToken)();
  console.log(`leaf agent: team ${leafView.value.teamMembers}`);
  const load = () => loadavg()[0]?.toFixed(2) ?? '?';
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const figures: Record<string, number[]> = { baseline: [], top: [], leaf: [] };
  for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
    console.log(`repeat ${repeat} (load average ${load()})`);
    figures.baseline?.push((await measureFigures('baseline: agent link', 8, CALLS, baseline)).p95);
    figures.top?.push(
      (await measureFigures('team overview 30 days, top agent (100,006)', 8, CALLS, overview(topToken))).p95,
    );
    figures.leaf?.push(
      (await measureFigures('team overview 30 days, leaf agent (5)', 8, CALLS, overview(leafToken))).p95,
    );
  }
  const base = median(figures.baseline ?? []);
  console.log(
    `median p95 of ${REPEATS}: baseline ${base.toFixed(2)} ms, top agent ${median(figures.top ?? []).toFixed(2)} ms (${(median(figures.top ?? []) / base).toFixed(2)}× baseline), leaf agent ${median(figures.leaf ?? []).toFixed(2)} ms (${(median(figures.leaf ?? []) / base).toFixed(2)}× baseline) (target ≤ 50 ms; load average ${load()})`,
  );

  const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
  const owner = await database.pool.query<{ id: string; username: string }>(
    "SELECT id, username FROM operators WHERE role = 'owner' LIMIT 1",
  );
  const idOf = async (account: string) => {
    const { rows } = await database.pool.query<{ id: string }>(
      'SELECT member_id AS id FROM agent_nodes WHERE account = $1',
      [account],
    );
    return rows[0]?.id ?? '';
  };
  const [branch, home, target, leafKid] = await Promise.all([
    idOf('b1_0'),
    Promise.resolve(top.id),
    idOf('b1_1'),
    idOf('leafkid1'),
  ]);
  const actor = {
    operator: { operatorId: owner.rows[0]?.id ?? '', username: owner.rows[0]?.username ?? '' },
    caller: { ip: '127.0.0.1', userAgent: null },
  };
  const timed = async (memberId: string, parentId: string) => {
    const started = performance.now();
    await services.agents.move(merchant, memberId, parentId, actor);
    return performance.now() - started;
  };
  const moves: number[] = [];
  const smallMoves: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    // Baseline: the same call for a one-member branch; then the 10,006-member branch, there and back alternately.
    smallMoves.push(await timed(leafKid, repeat % 2 === 0 ? top.id : leaf.id));
    moves.push(await timed(branch, repeat % 2 === 0 ? target : home));
    console.log(
      `branch move ${repeat + 1}: 10,006 members ${moves.at(-1)?.toFixed(0)} ms, baseline one member ${smallMoves.at(-1)?.toFixed(0)} ms (load average ${load()})`,
    );
  }
  console.log(
    `median branch move of ${REPEATS}: ${median(moves).toFixed(0)} ms, baseline ${median(smallMoves).toFixed(0)} ms, ratio ${(median(moves) / Math.max(1, median(smallMoves))).toFixed(1)}× (target ≤ 1000 ms; load average ${load()})`,
  );
  const after = await overview(topToken)();
  console.log(
    `top agent after the moves: team ${after.value.teamMembers}, active ${after.value.activeMembers}, bets ${after.value.figures.bets} (unchanged)`,
  );
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  await app.close();
  // BENCH_AGENTS_KEEP=1 leaves the database for EXPLAIN ANALYZE by hand (drop it afterwards).
  if (process.env.BENCH_AGENTS_KEEP) {
    console.log(`database kept: ${url}`);
    await database.close();
  } else await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
