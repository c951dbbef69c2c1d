/**
 * npm run chaos (after npm run build): the seamless wallet under load while server instances are killed and
 * PostgreSQL restarts, then proof that nothing was lost or applied twice (issue 33, decision 0163).
 *
 * - A PostgreSQL 15 of its own (Debian's packages, .tmp/chaos/pg, port CHAOS_PG_PORT 5450), so it can be restarted.
 * - CHAOS_INSTANCES (3) built servers at production defaults on ports from CHAOS_FIRST_PORT (8190).
 * - CHAOS_CALLERS (16) provider callers, each its own member: a bet, then the win that closes its round, then the
 *   next round, signed as the provider signs. Each call goes to a live instance picked at random; a call that gets
 *   no answer (refused, reset, 5xx, 5 s without a reply) is sent again with the same transaction id to another
 *   one until it is answered, as a provider retries.
 * - For CHAOS_SECONDS (60): every CHAOS_KILL_EVERY_S (8) seconds one instance gets SIGKILL and is started again
 *   (skipped while the last one killed is not serving yet); at half time PostgreSQL restarts (fast shutdown: every
 *   connection drops).
 * - Every other kill is aimed at the instance leading the crash rounds (its lock connection's `application_name`
 *   names its process id); afterwards each step of the rounds (open, start, crash) is compared with when it was
 *   due, and the first step after each leader kill must come less than one round late (issue 33: leaders fail
 *   over within one round).
 * - Then: every answered call is in the wallet exactly once (one provider transaction, one ledger movement where it
 *   moved money), none that was never sent, every member's balance equals its funding less its bets plus its wins,
 *   every round is closed, and the ledger reconciles. Exit code 1 if any check fails.
 */
import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { initDataDir, runPostgresTool, serverOptions, waitForPostgres } from '../../../scripts/local-postgres.mjs';

const env = process.env;
const SECONDS = Number(env.CHAOS_SECONDS ?? 60);
const INSTANCES = Number(env.CHAOS_INSTANCES ?? 3);
const CALLERS = Number(env.CHAOS_CALLERS ?? 16);
const PG_PORT = Number(env.CHAOS_PG_PORT ?? 5450);
const FIRST_PORT = Number(env.CHAOS_FIRST_PORT ?? 8190);
const KILL_EVERY_MS = Number(env.CHAOS_KILL_EVERY_S ?? 8) * 1000;
const CALL_TIMEOUT_MS = 5_000;
const FUNDING = 10_000_000_00n;
const PROVIDER = 'DEMO';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(serverDir, '.tmp/chaos/pg/data');
const serverUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/tessera`;
// The harness's admin connection (its idle check) reads this server, not the machine's.
env.DATABASE_URL = serverUrl;
const { startApp } = await import('./harness');
const { providerTokens, signedSeamless } = await import('./seamless.bench');
const { BENCH_PROVIDER_SECRET } = await import('./bench-support');
const { reconcileLedger } = await import('../src/modules/ledger');
const { crashElapsedAt } = await import('@tessera/engines');
const { DEFAULT_CRASH_TIMING } = await import('../src/modules/inhouse/crash.driver');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const pgCtl = (...args: string[]) =>
  runPostgresTool('pg_ctl', ['-D', dataDir, '-w', '-l', `${dataDir}/../server.log`, ...args]);
const pgOptions = serverOptions(dataDir, PG_PORT).join(' ');

interface Call {
  caller: number;
  kind: 'bet' | 'win';
  transactionId: string;
  roundId: string;
  amount: bigint;
}

const main = async () => {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  initDataDir(dataDir);
  pgCtl('-o', pgOptions, 'start');
  await waitForPostgres(PG_PORT);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE tessera');
  await admin.end();
  const appEnv = { REFERENCE_PROVIDER_SECRET: BENCH_PROVIDER_SECRET };

  const live = new Map<number, Awaited<ReturnType<typeof startApp>>>();
  const startInstance = async (port: number) => live.set(port, await startApp(databaseUrl, port, appEnv));
  /** Starts a killed instance again, trying until it comes up (PostgreSQL may be restarting meanwhile). */
  const restarts: Promise<void>[] = [];
  const restartInstance = async (port: number) => {
    for (;;) {
      try {
        await startInstance(port);
        return;
      } catch (error) {
        log(`instance on ${port} did not start (${error instanceof Error ? error.message : error}); trying again`);
        await sleep(1_000);
      }
    }
  };
  const ports = Array.from({ length: INSTANCES }, (_, i) => FIRST_PORT + i);
  // The first migrates and seeds the demo merchant; then the others, and the callers' members and game sessions.
  await startInstance(ports[0] ?? FIRST_PORT);
  await Promise.all(ports.slice(1).map(startInstance));
  const tokens = await providerTokens(databaseUrl, CALLERS);
  log(`${INSTANCES} instances on ${ports.join(', ')}, PostgreSQL on ${PG_PORT}, ${CALLERS} callers (load ${load()})`);

  // The load: each caller's calls in turn, each sent until an instance answers it.
  const answered: Call[] = [];
  const refused: { call: Call; status: number; body: string }[] = [];
  const latencies: number[] = [];
  let resent = 0;
  let stopping = false;
  const send = async (call: Call) => {
    const request = signedSeamless(call.kind, {
      token: tokens[call.caller],
      transactionId: call.transactionId,
      roundId: call.roundId,
      amount: (Number(call.amount) / 100).toFixed(2),
      currency: 'USD',
      ...(call.kind === 'win' ? { roundClosed: true } : {}),
    });
    const started = performance.now();
    for (;;) {
      const bases = [...live.values()].map((target) => target.base);
      const base = bases[randomInt(Math.max(bases.length, 1))];
      if (base) {
        try {
          const response = await fetch(`${base}${request.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...request.headers },
            body: request.body,
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          });
          const body = await response.text();
          if (response.status < 500) {
            latencies.push(performance.now() - started);
            if (response.ok) answered.push(call);
            else refused.push({ call, status: response.status, body });
            return;
          }
        } catch {
          // Refused, reset or timed out: the provider sends the same call again.
        }
      }
      resent += 1;
      await sleep(100);
    }
  };
  const callers = tokens.map(async (_, caller) => {
    for (let round = 0; !stopping; round++) {
      const roundId = `chaos-${caller}-${round}`;
      await send({ caller, kind: 'bet', transactionId: `b-${roundId}`, roundId, amount: 100n });
      await send({ caller, kind: 'win', transactionId: `w-${roundId}`, roundId, amount: round % 2 === 0 ? 150n : 0n });
    }
  });

  /** The live instance whose process holds the crash leader's lock connection, if one does now. */
  const crashLeader = async (): Promise<number | undefined> => {
    const client = new pg.Client({ connectionString: databaseUrl });
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

  // The chaos.
  const began = Date.now();
  let kills = 0;
  const leaderKills: number[] = [];
  let restartedPostgres = false;
  while (Date.now() - began < SECONDS * 1000) {
    await sleep(KILL_EVERY_MS);
    if (!restartedPostgres && Date.now() - began >= (SECONDS * 1000) / 2) {
      restartedPostgres = true;
      log(`PostgreSQL restarts (fast shutdown; load ${load()})`);
      pgCtl('-m', 'fast', '-o', pgOptions, 'restart');
      continue;
    }
    // One instance down at a time: the next kill waits until the last one killed is serving again.
    if (live.size < INSTANCES) continue;
    const leader = kills % 2 === 0 ? await crashLeader() : undefined;
    const port = leader ?? [...live.keys()][randomInt(live.size)];
    const target = port === undefined ? undefined : live.get(port);
    if (port === undefined || !target) continue;
    live.delete(port);
    target.process.kill('SIGKILL');
    kills += 1;
    if (leader !== undefined) leaderKills.push(Date.now());
    log(
      `SIGKILL ${target.name}${leader === undefined ? '' : ', the crash leader,'} (load ${load()}); started again in 2 s`,
    );
    restarts.push(sleep(2_000).then(() => restartInstance(port)));
  }
  stopping = true;
  await Promise.all(callers);
  const seconds = (Date.now() - began) / 1000;
  log(`load stopped after ${seconds.toFixed(0)} s; checking`);

  // The proof.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const checks: [string, boolean, string][] = [];
  const crash = { rounds: 0, roundMs: 0, late: [] as number[], afterKills: [] as number[] };
  try {
    const { rows: members } = await pool.query<{ username: string; id: string }>(
      "SELECT username, id::text FROM members WHERE username LIKE 'seamless%'",
    );
    const memberOf = new Map(members.map((m) => [m.username, m.id]));
    const { rows: recorded } = await pool.query<{ transaction_id: string; ledger: string | null; n: number }>(
      `SELECT transaction_id, max(ledger_transaction_id)::text AS ledger, count(*)::int AS n
         FROM seamless_transactions WHERE provider = $1 AND round_id LIKE 'chaos-%' GROUP BY transaction_id`,
      [PROVIDER],
    );
    const byId = new Map(recorded.map((row) => [row.transaction_id, row]));
    const missing = answered.filter((call) => !byId.has(call.transactionId));
    const unmoved = answered.filter((call) => call.amount > 0n && !byId.get(call.transactionId)?.ledger);
    const answeredIds = new Set(answered.map((call) => call.transactionId));
    const unasked = recorded.filter((row) => !answeredIds.has(row.transaction_id));
    checks.push([
      'no call was refused',
      refused.length === 0,
      `${refused.length} refused ${JSON.stringify(refused[0] ?? '')}`,
    ]);
    checks.push(['every answered call is recorded', missing.length === 0, `${missing.length} missing`]);
    checks.push(['each once', recorded.every((row) => row.n === 1), `${recorded.filter((r) => r.n > 1).length} twice`]);
    checks.push(['each money call moved money', unmoved.length === 0, `${unmoved.length} without a movement`]);
    checks.push(['nothing recorded that was not answered', unasked.length === 0, `${unasked.length} extra`]);
    const { rows: doubled } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT ledger_transaction_id FROM seamless_transactions
         WHERE ledger_transaction_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d`,
    );
    checks.push(['no ledger movement serves two calls', doubled[0]?.n === 0, `${doubled[0]?.n}`]);
    const wrongBalances: string[] = [];
    for (let caller = 0; caller < tokens.length; caller++) {
      const memberId = memberOf.get(`seamless${caller}`);
      const expected = answered
        .filter((call) => call.caller === caller)
        .reduce((sum, call) => (call.kind === 'bet' ? sum - call.amount : sum + call.amount), FUNDING);
      const { rows } = await pool.query<{ balance: bigint }>(
        "SELECT balance FROM ledger_accounts WHERE owner_type = 'member' AND owner_id = $1 AND kind = 'main'",
        [memberId],
      );
      if (rows[0]?.balance !== expected) wrongBalances.push(`seamless${caller}: ${rows[0]?.balance} ≠ ${expected}`);
    }
    checks.push(['every balance = funding − bets + wins', wrongBalances.length === 0, wrongBalances.join('; ')]);
    const { rows: open } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bet_rounds WHERE round_ref LIKE 'chaos-%' AND status <> 'settled'",
    );
    checks.push(['every round is closed', open[0]?.n === 0, `${open[0]?.n} open`]);
    // The crash rounds' steps against when each was due: a round opens PAUSE after the last crashed, starts when its
    // betting ends, crashes when the multiplier reaches its crash point.
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
    const lengths = rounds
      .slice(1)
      .map((round, i) => round.ends.getTime() - (rounds[i]?.ends.getTime() ?? 0))
      .sort((a, b) => a - b);
    crash.roundMs = lengths[Math.floor(lengths.length / 2)] ?? 0;
    crash.rounds = rounds.length;
    crash.late = steps.map((step) => Math.round(step.at - step.due)).sort((a, b) => a - b);
    crash.afterKills = leaderKills.map((killedAt) => {
      const next = steps.filter((step) => step.at > killedAt).sort((a, b) => a.at - b.at)[0];
      return next ? Math.round(next.at - next.due) : Number.NaN;
    });
    checks.push([
      'the crash rounds went on after each leader kill within one round',
      leaderKills.length > 0 && crash.afterKills.every((late) => late < crash.roundMs),
      `${leaderKills.length} leader kills; first steps after them late by ${crash.afterKills.join(', ')} ms; a round ${crash.roundMs} ms`,
    ]);
    const report = await reconcileLedger(pool);
    const failing = report.filter((check) => check.discrepancies > 0).map((check) => check.name);
    checks.push(['the ledger reconciles', failing.length === 0, failing.join(', ')]);
  } finally {
    await pool.end();
  }

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log('');
  console.log(
    `calls answered      ${answered.length} in ${seconds.toFixed(0)} s (${(answered.length / seconds).toFixed(0)}/s)`,
  );
  console.log(`sent again          ${resent} times (no answer from an instance, or PostgreSQL down)`);
  console.log(`instances killed    ${kills} (SIGKILL); PostgreSQL restarted ${restartedPostgres ? 'once' : 'never'}`);
  console.log(
    `call latency        p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms (with resends)`,
  );
  const late = (q: number) => crash.late[Math.min(crash.late.length - 1, Math.floor(q * crash.late.length))] ?? 0;
  console.log(
    `crash rounds        ${crash.rounds}, a round ${(crash.roundMs / 1000).toFixed(1)} s (median); steps late p50 ${late(0.5)} ms, p99 ${late(0.99)} ms, max ${late(1)} ms`,
  );
  console.log(
    `crash leader killed ${leaderKills.length} times; the first step after each came late by ${crash.afterKills.map((ms) => `${ms} ms`).join(', ')}`,
  );
  console.log(`load average        ${load()}`);
  for (const [name, ok, detail] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${detail}`}`);
  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(failed === 0 ? 'Nothing lost, nothing twice.' : `${failed} check(s) failed.`);

  // Instances still being started again are stopped too, once they are up.
  await Promise.all(restarts);
  for (const target of live.values()) await target.stop();
  return failed === 0;
};

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  try {
    pgCtl('-m', 'fast', 'stop');
  } catch {
    // Not started.
  }
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
