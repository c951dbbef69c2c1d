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
import type pg from 'pg';
import { MEMBER_DAYS_SQL } from '../src/modules/agents';
// The move's own statements, to explain them one by one (BENCH_AGENTS_EXPLAIN); nothing else reaches inside.
import { moveBranch as moveBranchOf } from '../src/modules/agents/agents.repository';
import { benchApp, benchDatabase, benchPlayers } from './bench-support';
import { benchPort, closedLoop, REPEATS, type Result, SECONDS, startApp, type Target } from './harness';

const BENCH_OPERATOR_PASSWORD = 'Bench-Owner-2026';

const LEVELS = [10, 40, 160, 640, 2_560, 10_240, 40_960, 45_390];
/** Days of rollups per member (30 for the figures; fewer only to explain the move quickly). */
const DAYS = Number(process.env.BENCH_AGENTS_DAYS ?? 30);

const main = async () => {
  const { database, drop, url } = await benchDatabase(process.env.BENCH_AGENTS_DB ?? 'bench_agents', 10);
  const { app, services } = await benchApp(database, BENCH_OPERATOR_PASSWORD, {
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

  const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
  const idOf = async (account: string) => {
    const { rows } = await database.pool.query<{ id: string }>(
      'SELECT member_id AS id FROM agent_nodes WHERE account = $1',
      [account],
    );
    return rows[0]?.id ?? '';
  };
  const [branch, target, leafKid] = await Promise.all([idOf('b1_0'), idOf('b1_1'), idOf('leafkid1')]);
  if (process.env.BENCH_AGENTS_EXPLAIN) {
    await explainMove(database.pool, merchant.code, branch, target);
    await explainMove(database.pool, merchant.code, branch, await idOf('b2_1'));
    if (process.env.BENCH_AGENTS_EXPLAIN === 'only') {
      await app.close();
      await drop();
      return;
    }
  }
  // The set-up app is done: the figures below come from the built server as its own process, at the README's
  // production defaults (info logging to a file, the default pool of 10), over HTTP (harness.ts, decision 0049).
  await app.close();
  const server = await startApp(url, benchPort(0));
  try {
    await measureServer(server, database.pool, {
      topToken,
      leafToken,
      top: top.id,
      leaf: leaf.id,
      branch,
      target,
      leafKid,
    });
  } finally {
    await server.stop();
  }
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  // BENCH_AGENTS_KEEP=1 leaves the database for EXPLAIN ANALYZE by hand (drop it afterwards).
  if (process.env.BENCH_AGENTS_KEEP) {
    console.log(`database kept: ${url}`);
    await database.close();
  } else await drop();
};

interface Overview {
  teamMembers: number;
  directMembers: number;
  activeMembers: number;
  figures: { bets: string };
}

const load = () => loadavg()[0]?.toFixed(2) ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const measureServer = async (
  server: Target,
  pool: pg.Pool,
  ids: {
    topToken: string;
    leafToken: string;
    top: string;
    leaf: string;
    branch: string;
    target: string;
    leafKid: string;
  },
) => {
  const range = agentRangeOf('30d', new Date());
  const call = async <T = Overview>(
    path: string,
    init: { method?: string; token: string; body?: unknown; moduleId?: string },
  ) => {
    // fetch sends the URL's own host (a `host` header is dropped), and the set-up seeded the demo on localhost only.
    const response = await fetch(`${server.base.replace('//127.0.0.1', '//localhost')}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        host: 'localhost',
        authorization: init.token,
        ...(init.moduleId ? { ModuleId: init.moduleId } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await response.json()) as { success: boolean; value: T };
    if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.value;
  };
  const overviewPath = `/wps/agent/team/overview?from=${range.from}&to=${range.to}`;
  const first = await call(overviewPath, { token: ids.topToken, moduleId: 'AGEINFO3' });
  console.log(
    `top agent: team ${first.teamMembers}, direct ${first.directMembers}, active ${first.activeMembers}, bets ${first.figures.bets}`,
  );
  const leafView = await call(overviewPath, { token: ids.leafToken, moduleId: 'AGEINFO3' });
  console.log(`leaf agent: team ${leafView.teamMembers}`);

  const loop = (token: string, path: string, moduleId: string) => () =>
    closedLoop(server.base, 8, SECONDS, () => ({ path, headers: { authorization: token, ModuleId: moduleId } }));
  // The baseline: the same caller's cheapest agent call (session, access, one primary-key read) on the same server.
  const runs = {
    baseline: loop(ids.topToken, '/wps/agent/link', 'REGCEN'),
    top: loop(ids.topToken, overviewPath, 'AGEINFO3'),
    leaf: loop(ids.leafToken, overviewPath, 'AGEINFO3'),
  };
  const figures: Record<keyof typeof runs, Result[]> = { baseline: [], top: [], leaf: [] };
  const order: (keyof typeof runs)[] = ['baseline', 'top', 'leaf'];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    // Interleaved, the order turning each repeat so no case always runs first.
    for (const name of [...order.slice(repeat % 3), ...order.slice(0, repeat % 3)]) {
      const result = await runs[name]();
      figures[name].push(result);
      console.log(
        `  ${name.padEnd(8)} 8 callers ${SECONDS} s: ${result.perSecond.toFixed(0)}/s p50 ${result.p50.toFixed(2)} ms p95 ${result.p95.toFixed(2)} ms p99 ${result.p99.toFixed(2)} ms, ${result.errors} errors (load average ${result.load.toFixed(2)})`,
      );
    }
  }
  const p95 = (name: keyof typeof runs) => median(figures[name].map((r) => r.p95));
  const errors = Object.values(figures)
    .flat()
    .reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `team overview 30 days, median p95 of ${REPEATS}: top agent (100,006) ${p95('top').toFixed(2)} ms, leaf agent (5) ${p95('leaf').toFixed(2)} ms, baseline (agent link) ${p95('baseline').toFixed(2)} ms; ${errors} errors (target p95 ≤ 50 ms at 8 callers; load average ${load()})`,
  );

  // The branch move through the back office's endpoint, as an operator makes it.
  const login = await fetch(`${server.base}/api/admin/session/login`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: BENCH_OPERATOR_PASSWORD }),
  });
  const operator = ((await login.json()) as { value: { token: string } }).value.token;
  const move = async (memberId: string, newParentId: string) => {
    const waits = sampleWaits(pool);
    const started = performance.now();
    await call(`/api/admin/merchants/demo/agent-tree/${memberId}/move`, {
      method: 'POST',
      token: operator,
      body: { newParentId },
    });
    const ms = performance.now() - started;
    return { ms, waits: await waits.stop() };
  };
  const moves: number[] = [];
  const smallMoves: number[] = [];
  const waits = new Map<string, number>();
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    // Baseline: the same call for a one-member branch; then the 10,006-member branch, there and back alternately.
    const small = await move(ids.leafKid, repeat % 2 === 0 ? ids.top : ids.leaf);
    smallMoves.push(small.ms);
    const large = await move(ids.branch, repeat % 2 === 0 ? ids.target : ids.top);
    moves.push(large.ms);
    for (const [event, count] of large.waits) waits.set(event, (waits.get(event) ?? 0) + count);
    console.log(
      `branch move ${repeat + 1}: 10,006 members ${large.ms.toFixed(0)} ms, baseline one member ${small.ms.toFixed(0)} ms (load average ${load()})`,
    );
  }
  console.log(
    `median branch move of ${REPEATS}: ${median(moves).toFixed(0)} ms, baseline ${median(smallMoves).toFixed(0)} ms (target ≤ 1000 ms; load average ${load()})`,
  );
  const total = [...waits.values()].reduce((a, b) => a + b, 0);
  console.log(
    `the server's database session during the large moves (pg_stat_activity every 5 ms, ${total} samples): ${[...waits]
      .sort((a, b) => b[1] - a[1])
      .map(([event, count]) => `${event} ${((100 * count) / Math.max(1, total)).toFixed(0)}%`)
      .join(', ')}`,
  );
  const after = await call(overviewPath, { token: ids.topToken, moduleId: 'AGEINFO3' });
  console.log(
    `top agent after the moves: team ${after.teamMembers}, active ${after.activeMembers}, bets ${after.figures.bets} (${
      after.teamMembers === first.teamMembers && after.figures.bets === first.figures.bets ? 'unchanged' : 'CHANGED'
    })`,
  );
};

/**
 * Samples what the server's busy database sessions are doing (pg_stat_activity every 5 ms) until stopped: a wait
 * event, CPU (active, no wait) or ClientRead while a transaction waits for the server's next statement.
 */
const sampleWaits = (pool: pg.Pool) => {
  const counts = new Map<string, number>();
  let running = true;
  const done = (async () => {
    const client = await pool.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ state: string; event: string | null }>(
          `SELECT state, wait_event_type || ':' || wait_event AS event FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
              AND state IN ('active', 'idle in transaction')`,
        );
        for (const row of rows) {
          const key = row.state === 'active' ? (row.event ?? 'CPU') : `${row.state} (${row.event ?? '-'})`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      client.release();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return counts;
    },
  };
};

/**
 * BENCH_AGENTS_EXPLAIN=1: the move's statements one by one under EXPLAIN (ANALYZE, BUFFERS) in a transaction rolled
 * back, each with its plan, time and rows, to see where the time goes.
 */
const explainMove = async (pool: pg.Pool, merchantCode: string, memberId: string, newParentId: string) => {
  const client = await pool.connect();
  const statements: { sql: string; params: unknown[] }[] = [];
  const recorder = {
    query: async (sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      const started = performance.now();
      const isSelect = /^\s*SELECT/i.test(sql) && !/pg_advisory/.test(sql);
      let result: pg.QueryResult;
      if (isSelect) result = await client.query(sql, params);
      else {
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL) ${sql}`, params);
        console.log(`--- ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
        for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
        result = { rows: [], rowCount: 0 } as unknown as pg.QueryResult;
      }
      if (isSelect)
        console.log(`--- ${(performance.now() - started).toFixed(1)} ms: ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      return result;
    },
  };
  try {
    await client.query('BEGIN');
    const parent = await client.query<{ depth: number }>('SELECT depth FROM agent_nodes WHERE member_id = $1', [
      newParentId,
    ]);
    const node = await client.query<{ depth: number }>('SELECT depth FROM agent_nodes WHERE member_id = $1', [
      memberId,
    ]);
    console.log(`EXPLAIN of the move of ${memberId} (merchant ${merchantCode}), rolled back:`);
    await moveBranchOf(
      recorder as unknown as pg.PoolClient,
      memberId,
      newParentId,
      (parent.rows[0]?.depth ?? 0) + 1 - (node.rows[0]?.depth ?? 0),
    );
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
