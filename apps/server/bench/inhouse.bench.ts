/**
 * npm run bench:inhouse — seeded in-house dice bets against the built server (dist/main.js) at the README's
 * production defaults, over HTTP, through harness.ts (decision 0049): session, validation, limits, one transaction
 * with the seed pair, the ledger and the betting record.
 *
 * - 16 closed-loop players, each its own member (one member's bets queue on its seed pair by design); against the
 *   bare baseline server's one guarded single-statement UPDATE (goal: ratio ≥ 0.4).
 * - An open-loop offered rate of 200 bets/s over the same players, latency counted from each bet's scheduled time
 *   (goal: p99 ≤ 50 ms).
 * Medians of BENCH_REPEATS (3) interleaved runs of BENCH_SECONDS (8); the load average beside each figure.
 *
 * Then it proves the bets fair after the fact, as a player would: every player rotates its seed pair over HTTP
 * (revealing the server seed), and every stored round is recomputed by the engines from the revealed seed, its
 * client seed, nonce and choices; the outcome and the multiplier must be the stored ones. A difference exits with 1.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { hashServerSeed, playSeededBet, type SeededBet } from '@tessera/engines';
import pg from 'pg';
import { benchMembers } from './bench-support';
import {
  closedLoop,
  compare,
  createBenchDatabase,
  latency,
  openLoop,
  printTable,
  type Request,
  SECONDS,
  startApp,
  startBaseline,
  type Target,
} from './harness';
import { diceBets } from './requests';

const APP_PORT = 9_112;
const BASELINE_PORT = 9_113;
const PLAYERS = 16;
const OFFERED = 200;

const update = (i: number): Request => ({ path: `/update?id=${1 + ((i * 7919) % 10_000)}`, method: 'POST' });

/** Recomputes every settled round of revealed pairs; returns how many were checked and how many differ. */
const verify = async (url: string): Promise<{ checked: number; differ: number }> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      game: SeededBet['game'];
      params: SeededBet['params'];
      outcome: unknown;
      numerator: string;
      denominator: string;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: string;
    }>(
      `SELECT r.game, r.params, r.outcome, r.multiplier_numerator AS numerator,
              r.multiplier_denominator AS denominator, p.server_seed AS "serverSeed",
              r.server_seed_hash AS "serverSeedHash", r.client_seed AS "clientSeed", r.nonce
         FROM inhouse_rounds r JOIN inhouse_seed_pairs p ON p.id = r.seed_pair_id
        WHERE r.merchant_code = 'demo' AND r.status = 'settled' AND p.revealed_at IS NOT NULL`,
    );
    // jsonb keeps no key order: compare outcomes as canonical JSON.
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, inner) =>
        inner && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
          : inner,
      );
    let differ = 0;
    for (const row of rows) {
      const again = playSeededBet(
        { serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: Number(row.nonce) },
        { game: row.game, params: row.params } as SeededBet,
      );
      const sameMultiplier =
        BigInt(again.multiplier.numerator) * BigInt(row.denominator) ===
        BigInt(row.numerator) * BigInt(again.multiplier.denominator);
      const sameSeed = hashServerSeed(row.serverSeed) === row.serverSeedHash;
      if (!sameSeed || !sameMultiplier || canonical(again.outcome) !== canonical(row.outcome)) differ += 1;
    }
    return { checked: rows.length, differ };
  } finally {
    await client.end();
  }
};

/** The suite, on its own database and ports; every process it starts is stopped and the database dropped. */
export const inhouse = async (): Promise<void> => {
  const db = await createBenchDatabase('h_perf_inhouse');
  const started: Target[] = [];
  let unfair = false;
  try {
    const app = await startApp(db.url, APP_PORT);
    started.push(app);
    const baseline = await startBaseline(db.url, BASELINE_PORT);
    started.push(baseline);
    const tokens = await benchMembers(db.url, PLAYERS);
    const headers = (player: number) => ({ ModuleId: 'COMM3', Authorization: `Bearer ${tokens[player]}` });
    const bet = diceBets(tokens);
    const dice = (player: number): Request => bet(0, player);
    const first = await closedLoop(app.base, PLAYERS, 1, (_i, c) => dice(c));
    if (first.errors) throw new Error('dice bets answer errors; run with BENCH_VERBOSE=1');

    await compare({
      goal: `dice bet, ${PLAYERS} players (connections)`,
      measured: () => closedLoop(app.base, PLAYERS, SECONDS, (_i, c) => dice(c)),
      baseline: () => closedLoop(baseline.base, PLAYERS, SECONDS, update),
      minRatio: 0.4,
    });
    await latency({
      goal: `dice bet, offered ${OFFERED}/s (open loop)`,
      run: () => openLoop(app.base, OFFERED, SECONDS, (i) => dice(i % PLAYERS)),
      baseline: () => openLoop(baseline.base, OFFERED, SECONDS, update),
      maxP99Ms: 50,
    });

    for (let player = 0; player < PLAYERS; player++) {
      const rotated = await fetch(`${app.base}/wps/inhouse/seeds/rotate`, {
        method: 'POST',
        headers: { ...headers(player), 'content-type': 'application/json' },
        body: JSON.stringify({ clientSeed: randomUUID() }),
      });
      const body = (await rotated.json()) as { success: boolean };
      if (!body.success) throw new Error(`rotation failed: ${JSON.stringify(body)}`);
    }
    const { checked, differ } = await verify(db.url);
    console.log(
      `verification: ${checked} stored bets recomputed from their revealed seeds, ${checked - differ} match, ${differ} differ`,
    );
    unfair = differ > 0 || checked === 0;
  } finally {
    for (const target of started.reverse()) await target.stop();
    await db.drop();
  }
  if (unfair) throw new Error('stored bets differ from their recomputation');
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  inhouse()
    .then(() => printTable())
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
