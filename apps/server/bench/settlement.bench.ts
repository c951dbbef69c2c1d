/**
 * npm run bench:settlement — one real-time salary window at scale (issue 25): a top agent with 1,000 agents under it,
 * each with 100 players (100,000 members, their tree and closure rows written straight into the agents module's
 * tables), a running real-time salary from the top agent to each of the 1,000 agents, and 1,000,000 settled rounds
 * (ten per player) inside one 5-minute window, as the module's `bet.settled` subscriber leaves them (one accrual row
 * per round and running contract: settlement reads nothing else). Times `settleDue` for that window through the
 * service (1,000 statements, chained, each paid through the ledger in its transaction) while a member reads its balance
 * through the HTTP API in a closed loop; the same read runs alone before and after (the baseline, interleaved in the
 * same run). Figures are printed, never asserted (targets: settlement < 10 s, read p99 ≤ 50 ms), each with the load
 * average. Uses DATABASE_URL's server when set, else an embedded PostgreSQL.
 */

import { loadavg } from 'node:os';
import { SETTLE_BATCH_SIZE, SETTLE_BATCHES_AT_ONCE } from '../src/modules/agent-contracts/agent-contracts.service';
import { benchApp, benchDatabase, benchPlayers, percentile } from './bench-support';

const AGENTS = Number(process.env.BENCH_SETTLEMENT_AGENTS ?? 1_000);
const PLAYERS_PER_AGENT = Number(process.env.BENCH_SETTLEMENT_PLAYERS ?? 100);
const ROUNDS_PER_PLAYER = Number(process.env.BENCH_SETTLEMENT_ROUNDS ?? 10);
/** Contracts settled at once on the per-period path (default: the engine's SETTLE_CONCURRENCY; this bench's real-time contracts take the batched path). */
const CONCURRENCY = process.env.BENCH_SETTLEMENT_CONCURRENCY
  ? Number(process.env.BENCH_SETTLEMENT_CONCURRENCY)
  : undefined;
/** Concurrent balance readers. */
const READERS = Number(process.env.BENCH_SETTLEMENT_READERS ?? 2);
const WINDOW_MS = 300_000;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Reads with `readers` callers until `until` resolves (or for `ms`); answers the sorted latencies. */
const readWhile = async (read: () => Promise<void>, readers: number, until: Promise<unknown>) => {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (!done) {
        const t0 = performance.now();
        await read();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
};

const describeReads = (label: string, times: number[]) =>
  `${label.padEnd(34)} ${String(times.length).padStart(6)} reads  p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (load ${load()})`;

const main = async () => {
  const { database, drop } = await benchDatabase(process.env.BENCH_SETTLEMENT_DB ?? 'bench_settlement', 12);
  try {
    const { app, services } = await benchApp(database, undefined, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    const [readerToken = ''] = await benchPlayers(services, 1);
    const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
    const currency = merchant.settings.currency;
    // The window: the last whole 5 minutes before now, settled at its end plus the engine's grace.
    const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS - WINDOW_MS);
    const settleAt = new Date(windowStart.getTime() + WINDOW_MS + 61_000);

    const building = performance.now();
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `CREATE TEMP TABLE bench_agents ON COMMIT DROP AS
         SELECT i AS idx, gen_random_uuid() AS id FROM generate_series(0, $1::int - 1) AS i`,
        [AGENTS],
      );
      const top = (await client.query<{ id: string }>('SELECT gen_random_uuid() AS id')).rows[0]?.id;
      await client.query(
        `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth) VALUES ($1, 'demo', 'stop', NULL, 0)`,
        [top],
      );
      await client.query(
        `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth)
         SELECT id, 'demo', 'sa' || idx, $1, 1 FROM bench_agents`,
        [top],
      );
      await client.query(
        `CREATE TEMP TABLE bench_players ON COMMIT DROP AS
         SELECT a.idx AS agent_idx, a.id AS agent_id, p AS idx, gen_random_uuid() AS id
           FROM bench_agents a CROSS JOIN generate_series(0, $1::int - 1) AS p`,
        [PLAYERS_PER_AGENT],
      );
      await client.query(
        `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth)
         SELECT id, 'demo', 'sp' || agent_idx || '_' || idx, agent_id, 2 FROM bench_players`,
      );
      await client.query(
        `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
         SELECT member_id, member_id, 0 FROM agent_nodes WHERE merchant_code = 'demo'
         UNION ALL SELECT parent_id, member_id, 1 FROM agent_nodes WHERE merchant_code = 'demo' AND parent_id IS NOT NULL
         UNION ALL SELECT $1::uuid, member_id, 2 FROM agent_nodes WHERE merchant_code = 'demo' AND depth = 2`,
        [top],
      );
      await client.query(
        `INSERT INTO agent_contracts (merchant_code, currency, kind, status, terms, top_rate_bp, period, upline_id,
                                      upline_account, downline_id, downline_account, payer, decided_at, starts_at)
         SELECT 'demo', $1, 'realtime', 'active',
                '{"kind":"realtime","winRate":"0.80","lossRate":"1.50","minBet":"0.00"}'::jsonb, 150, 'window',
                $2, 'stop', id, 'sa' || idx, 'platform', $3::timestamptz - interval '1 day', $3::timestamptz - interval '1 day'
           FROM bench_agents`,
        [currency, top, windowStart],
      );
      // Ten rounds per player inside the window: a stake of 1.00-50.00, one in three won; the share as the
      // subscriber keeps it (valid bet × the win or loss rate, in basis-point units).
      await client.query(
        `INSERT INTO agent_contract_accruals (contract_id, round_id, settled_at, valid_bet, won, share)
         SELECT c.id, 'br' || p.agent_idx || '_' || p.idx || '_' || r, $1::timestamptz + (r * 29 + p.idx) % 299 * interval '1 second',
                s.stake, s.won, s.stake * CASE WHEN s.won THEN 80 ELSE 150 END
           FROM bench_players p
           JOIN agent_contracts c ON c.downline_id = p.agent_id
           CROSS JOIN generate_series(0, $2::int - 1) AS r
           CROSS JOIN LATERAL (SELECT 100 + (p.idx * 7919 + r * 104729) % 4901 AS stake,
                                      (p.idx + r) % 3 = 0 AS won) s`,
        [windowStart, ROUNDS_PER_PLAYER],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    await database.pool.query(
      'ANALYZE agent_nodes; ANALYZE agent_closure; ANALYZE agent_contracts; ANALYZE agent_contract_accruals',
    );
    const counts = await database.pool.query<{ members: number; contracts: number; rounds: number }>(
      `SELECT (SELECT count(*)::int FROM agent_nodes WHERE depth = 2) AS members,
              (SELECT count(*)::int FROM agent_contracts) AS contracts,
              (SELECT count(*)::int FROM agent_contract_accruals) AS rounds`,
    );
    console.log(
      `built in ${((performance.now() - building) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])} (players, contracts, settled rounds in the window ${windowStart.toISOString()})`,
    );

    const read = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { Merchant: 'demo', ModuleId: 'COMM3', authorization: readerToken },
      });
      if (response.statusCode !== 200) throw new Error(`balance read failed: ${response.body}`);
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let i = 0; i < 50; i += 1) await read(); // warm-up

    const before = await readWhile(read, READERS, pause(8_000));
    console.log(describeReads('balance read, baseline (before)', before));

    const started = performance.now();
    let seconds = 0;
    const settling = services.agentContracts.settleDue(settleAt, { concurrency: CONCURRENCY }).then((outcome) => {
      seconds = (performance.now() - started) / 1000;
      return outcome;
    });
    const during = await readWhile(read, READERS, settling);
    const outcome = await settling;
    console.log(
      `settlement of the window              ${seconds.toFixed(2)} s  (${outcome.settled} statements settled, ${outcome.failed} failed, batches of ${SETTLE_BATCH_SIZE}, ${SETTLE_BATCHES_AT_ONCE} at once; load ${load()})`,
    );
    console.log(describeReads('balance read, during settlement', during));

    const after = await readWhile(read, READERS, pause(8_000));
    console.log(describeReads('balance read, baseline (after)', after));

    const check = await database.pool.query<{ statements: number; paid: string; owed: string; open: number }>(
      `SELECT count(*)::int AS statements, sum(paid)::text AS paid,
              (SELECT sum(share) / 10000 FROM agent_contract_accruals)::text AS owed,
              (SELECT count(*)::int FROM agent_contract_accruals a WHERE NOT EXISTS (
                 SELECT 1 FROM agent_contract_statements s WHERE s.contract_id = a.contract_id
                    AND s.taken_through >= a.seq AND s.period_end > a.settled_at)) AS open
         FROM agent_contract_statements`,
    );
    console.log(
      `check: ${JSON.stringify(check.rows[0])} (statements, paid in minor units, the rounds' shares / 10,000 as a bound, rounds left open)`,
    );
    console.log(
      `targets: settlement < 10 s (${seconds.toFixed(2)} s), read p99 during ≤ 50 ms (${percentile(during, 99).toFixed(2)} ms; baseline ${percentile(before, 99).toFixed(2)} / ${percentile(after, 99).toFixed(2)} ms)`,
    );
    await app.close();
  } finally {
    await drop();
  }
};

await main();
