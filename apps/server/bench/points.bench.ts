/**
 * npm run bench:points — points accrual under the in-house bench load (issue 27, decision 0059), against the built
 * server (dist/main.js, `npm run build -w @tessera/server` first) on its own database, through harness.ts.
 *
 * 16 players bet dice over HTTP (123.45 a bet: 12 points at the demo's in-house rate of 10 per 100, floored per
 * round) for BENCH_REPEATS (3) runs of BENCH_SECONDS (8). After each run, from the database: the settled bets the
 * load produced per second (the baseline, measured in the same run) and the points accruals the server's own
 * dispatcher delivered per second (`points.bets` receipts), with the one-minute load average beside them.
 *
 * Then it proves the accrual, as the issue asks:
 * - drift: every member's points from bets equal a recomputation from the settled rounds (`bet_rounds`, the
 *   merchant's rates, `pointsForBet`); the drift printed must be 0;
 * - replay: every `bet.settled` event is handed again to the points subscriber's handler, each in a transaction of
 *   its own (the receipts that stop the dispatcher from delivering twice are bypassed on purpose); no entry may be
 *   added and no balance may move.
 * Either failing exits with 1. Ports BENCH_PORT (9401) and up; databases prefixed by BENCH_DB_PREFIX.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { pointsForBet, ratesOf } from '../src/modules/points';
import { connectDatabase } from '../src/platform/db/database';
import { inTransaction } from '../src/platform/db/transaction';
import { EVENT_CATALOGUE } from '../src/platform/events';
import { benchApp, benchMembers } from './bench-support';
import { onBenchDatabase, withClient } from './databases';
import { benchPort, closedLoop, REPEATS, type Request, SECONDS, startApp } from './harness';

const PLAYERS = 16;
const STAKE = '123.45';
/** How long the dispatcher may take to deliver what a run produced before the bench gives up on it. */
const CATCH_UP_MS = 120_000;

const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/** Members' points from bets (the bet categories' entries) and every member's balance and entry count. */
const snapshot = (url: string) =>
  withClient(url, async (client) => {
    const balances = await client.query<{ member: string; balance: string }>(
      `SELECT member_id AS member, balance::text FROM points_balances WHERE merchant_code = 'demo' ORDER BY member_id`,
    );
    const entries = await client.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM points_entries WHERE merchant_code = 'demo'",
    );
    const fromBets = await client.query<{ member: string; points: string }>(
      `SELECT member_id AS member, sum(delta)::text AS points FROM points_entries
        WHERE merchant_code = 'demo' AND type IN ('live', 'lott', 'pvp', 'rng', 'sports', 'inhouse')
        GROUP BY member_id`,
    );
    return {
      balances: new Map(balances.rows.map((row) => [row.member, BigInt(row.balance)])),
      entries: Number(entries.rows[0]?.n ?? 0),
      fromBets: new Map(fromBets.rows.map((row) => [row.member, BigInt(row.points)])),
    };
  });

/** Every member's points from a recomputation of the settled rounds at the merchant's rates. */
const recompute = (url: string) =>
  withClient(url, async (client) => {
    const rules = await client.query<{ rates: Record<string, string> }>(
      "SELECT rates FROM points_rules WHERE merchant_code = 'demo'",
    );
    const rates = ratesOf(rules.rows[0]?.rates);
    const rounds = await client.query<{ member: string; gameType: string; validBet: string; currency: string }>(
      `SELECT member_id AS member, game_type AS "gameType", valid_bet::text AS "validBet", currency
         FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'`,
    );
    const points = new Map<string, bigint>();
    for (const round of rounds.rows) {
      const earned = pointsForBet(rates, { ...round, validBet: BigInt(round.validBet) });
      if (earned) points.set(round.member, (points.get(round.member) ?? 0n) + earned.points);
    }
    return { rounds: rounds.rowCount ?? 0, points };
  });

const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n);

/** The suite on its own database; its server is stopped and the database dropped however it ends. */
export const points = async (): Promise<void> => {
  let failed: string | null = null;
  await onBenchDatabase('bench_points', async (db, start) => {
    const app = await start(startApp(db.url, benchPort(0)));
    const tokens = await benchMembers(db.url, PLAYERS);
    const bet = (_i: number, connection: number): Request => ({
      path: '/wps/inhouse/bets',
      method: 'POST',
      headers: {
        ModuleId: 'COMM3',
        Authorization: `Bearer ${tokens[connection % tokens.length]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        game: 'dice',
        params: { target: 5000, direction: 'under' },
        stake: STAKE,
        idempotencyKey: randomUUID(),
      }),
    });

    for (let round = 0; round < REPEATS; round++) {
      const from = await withClient(
        db.url,
        async (client) =>
          (await client.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM events')).rows[0]?.id ??
          '0',
      );
      const run = await closedLoop(app.base, PLAYERS, SECONDS, bet);
      const loadAtRun = load();
      if (run.errors) throw new Error(`${run.errors} bets failed; run with BENCH_VERBOSE=1`);
      const figures = await withClient(db.url, async (client) => {
        const counts = async () =>
          (
            await client.query<{ produced: string; delivered: string }>(
              `SELECT (SELECT count(*) FROM events WHERE name = 'bet.settled' AND id > $1)::text AS produced,
                      (SELECT count(*) FROM event_receipts r JOIN events e ON e.id = r.event_id
                        WHERE r.subscriber = 'points.bets' AND e.name = 'bet.settled' AND e.id > $1)::text AS delivered`,
              [from],
            )
          ).rows[0] ?? { produced: '0', delivered: '0' };
        const waitUntil = Date.now() + CATCH_UP_MS;
        let now = await counts();
        while (Number(now.delivered) < Number(now.produced) && Date.now() < waitUntil) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          now = await counts();
        }
        const rates = await client.query<{ produced: string; delivered: string; p99: string }>(
          `WITH e AS (SELECT id, created_at FROM events WHERE name = 'bet.settled' AND id > $1),
                d AS (SELECT r.delivered_at, e.created_at FROM event_receipts r JOIN e ON e.id = r.event_id
                       WHERE r.subscriber = 'points.bets')
           SELECT (count(*) / greatest(extract(epoch FROM max(created_at) - min(created_at)), 0.001))::text AS produced,
                  ((SELECT count(*) FROM d) / greatest(extract(epoch FROM (SELECT max(delivered_at) FROM d) - min(created_at)), 0.001))::text AS delivered,
                  (SELECT percentile_disc(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - created_at) * 1000) FROM d)::text AS p99
             FROM e`,
          [from],
        );
        return {
          producedCount: now.produced,
          deliveredCount: now.delivered,
          ...(rates.rows[0] ?? { produced: '0', delivered: '0', p99: '0' }),
        };
      });
      console.log(
        `run ${round + 1}: ${run.perSecond.toFixed(0)} bets/s answered over HTTP | settled bets produced ${Number(figures.produced).toFixed(1)}/s | points accruals delivered ${Number(figures.delivered).toFixed(1)}/s (ratio ${(Number(figures.delivered) / Math.max(Number(figures.produced), 0.001)).toFixed(2)}; ${figures.deliveredCount} of ${figures.producedCount} delivered, delay p99 ${Number(figures.p99).toFixed(0)} ms) | load ${loadAtRun} during, ${load()} after`,
      );
    }

    // Drift: what was credited against what the settled rounds earn.
    const accrued = await snapshot(db.url);
    const expected = await recompute(db.url);
    const members = new Set([...accrued.fromBets.keys(), ...expected.points.keys()]);
    const differing = [...members].filter((member) => accrued.fromBets.get(member) !== expected.points.get(member));
    const drift = sum(accrued.fromBets.values()) - sum(expected.points.values());
    console.log(
      `drift: ${expected.rounds} settled rounds recomputed: ${sum(expected.points.values())} points; accrued ${sum(accrued.fromBets.values())} points; drift ${drift} points, ${differing.length} members differ | load ${load()}`,
    );

    // Replay: every bet.settled event through the subscriber's handler again.
    const database = connectDatabase(db.url, 4);
    let replayed = 0;
    try {
      const { app: inProcess, services } = await benchApp(database, undefined, {
        runJobs: false,
        crash: { drive: false },
        events: { deliver: false },
      });
      try {
        const { rows } = await database.pool.query<{ payload: unknown }>(
          "SELECT payload FROM events WHERE name = 'bet.settled' ORDER BY id",
        );
        for (const row of rows) {
          const payload = EVENT_CATALOGUE['bet.settled'].parse(row.payload);
          await inTransaction(database.pool, (client) => services.points.earnFromBet(client, payload));
          replayed += 1;
        }
      } finally {
        await inProcess.close();
      }
    } finally {
      await database.close();
    }
    const after = await snapshot(db.url);
    const moved = [...new Set([...accrued.balances.keys(), ...after.balances.keys()])].filter(
      (member) => accrued.balances.get(member) !== after.balances.get(member),
    );
    console.log(
      `replay: ${replayed} bet.settled events handed to the points subscriber again: ${after.entries - accrued.entries} entries added, ${moved.length} balances changed | load ${load()}`,
    );

    if (drift !== 0n || differing.length > 0) failed = 'points accrual differs from the settled rounds';
    else if (after.entries !== accrued.entries || moved.length > 0) failed = 'replaying the events changed points';
    else if (expected.rounds === 0) failed = 'no settled rounds to check';
  });
  if (failed) throw new Error(failed);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  points().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
