/**
 * npm run bench:seamless — the seamless wallet's bet and win calls against the built server (dist/main.js) at the
 * README's production defaults, over HTTP, through harness.ts (decision 0049): signature check, game token, the
 * one-statement bet or win with its ledger movement, round, provider transaction and betting record.
 *
 * - 64 closed-loop provider callers, each its own member, each alternating a bet and the win that settles its
 *   round; against the bare baseline server's one guarded single-statement UPDATE (goal: ratio ≥ 0.5).
 * - An open-loop offered rate of 500 calls/s (bets, then the wins of those rounds) as a provider's traffic
 *   arrives, latency counted from each call's scheduled time (goal: p99 ≤ 50 ms).
 * Medians of BENCH_REPEATS (3) interleaved runs of BENCH_SECONDS (8); the load average beside each figure.
 */
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { connectDatabase } from '../src/platform/db/database';
import { BENCH_PROVIDER_SECRET, benchApp } from './bench-support';
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

const APP_PORT = 9_110;
const BASELINE_PORT = 9_111;
const CALLERS = 64;
const OFFERED = 500;
const PROVIDER = 'DEMO';

/** `count` funded demo members, each with a real-money game session of the demo provider: their game tokens. */
export const providerTokens = async (url: string, count: number): Promise<string[]> => {
  const database = connectDatabase(url, 2);
  try {
    const { app, services } = await benchApp(database, undefined, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    try {
      const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
      const { rows } = await database.pool.query<{ id: number }>(
        "SELECT id FROM games WHERE game_type = 'RNG' AND vendor_code = 'PT' ORDER BY id LIMIT 1",
      );
      const nodeId = String(rows[0]?.id);
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const created = await services.members.create({
          merchantCode: 'demo',
          username: `seamless${i}`,
          account: `seamless${i}`,
          nickname: 's',
          passwordHash: 'not-a-login',
        });
        if (!('row' in created)) throw new Error('member not created');
        await services.ledger.transfer({
          merchantCode: 'demo',
          currency: merchant.settings.currency,
          type: 'deposit',
          idempotencyKey: `bench-funding-${i}`,
          from: { house: 'deposits' },
          to: { member: created.row.id, wallet: 'main' },
          amount: 10_000_000_00n,
        });
        const launched = await services.games.launch(
          merchant,
          { memberId: created.row.id, merchantCode: 'demo', sessionId: 'bench', type: 0 },
          { nodeId, accountType: 1, language: 'EN' },
        );
        tokens.push(new URL(launched.game_url).searchParams.get('token') ?? '');
      }
      return tokens;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

/** A provider's call to the seamless wallet, signed with the bench provider's secret. */
export const signedSeamless = (action: string, body: object): Request => {
  const raw = JSON.stringify(body);
  return {
    path: `/seamless/v1/${PROVIDER}/${action}`,
    method: 'POST',
    headers: { 'x-signature': createHmac('sha256', BENCH_PROVIDER_SECRET).update(raw).digest('hex') },
    body: raw,
  };
};

/**
 * Closed-loop provider calls: caller c bets on a new round of its own member (`label`-c-n), then the win that closes
 * it (every other win pays 1.50, the rest 0), then the next round; `calls` counts what was sent.
 */
export const betAndWinCalls = (tokens: string[], label: string, calls = { bet: 0, win: 0 }) => {
  const step = new Array<number>(tokens.length).fill(0);
  return (_i: number, c: number): Request => {
    const k = step[c] ?? 0;
    step[c] = k + 1;
    const round = `${label}-${c}-${k >> 1}`;
    const token = tokens[c % tokens.length];
    if (k % 2 === 0) {
      calls.bet += 1;
      return signedSeamless('bet', {
        token,
        transactionId: `b-${round}`,
        roundId: round,
        amount: '1.00',
        currency: 'USD',
      });
    }
    calls.win += 1;
    return signedSeamless('win', {
      token,
      transactionId: `w-${round}`,
      roundId: round,
      amount: k % 4 === 1 ? '1.50' : '0',
      currency: 'USD',
      roundClosed: true,
    });
  };
};

const update = (i: number): Request => ({ path: `/update?id=${1 + ((i * 7919) % 10_000)}`, method: 'POST' });

/** The suite, on its own database and ports; every process it starts is stopped and the database dropped. */
export const seamless = async (): Promise<void> => {
  const db = await createBenchDatabase('h_perf_seamless');
  const started: Target[] = [];
  try {
    const app = await startApp(db.url, APP_PORT, { REFERENCE_PROVIDER_SECRET: BENCH_PROVIDER_SECRET });
    started.push(app);
    const baseline = await startBaseline(db.url, BASELINE_PORT);
    started.push(baseline);
    const tokens = await providerTokens(db.url, CALLERS);
    let run = 0;
    const calls = { bet: 0, win: 0 };

    // Closed loop: caller c bets on a round of its own member, then wins it, then the next round.
    const betAndWin = () => {
      run += 1;
      return betAndWinCalls(tokens, `c${run}`, calls);
    };
    const first = await closedLoop(app.base, 1, 1, betAndWin());
    if (first.errors) throw new Error('seamless calls answer errors; run with BENCH_VERBOSE=1');

    await compare({
      goal: `seamless bet+win, ${CALLERS} closed-loop callers`,
      measured: () => closedLoop(app.base, CALLERS, SECONDS, betAndWin()),
      baseline: () => closedLoop(baseline.base, CALLERS, SECONDS, update),
      minRatio: 0.5,
    });

    // Open loop: bets at the offered rate, then the wins of those rounds at the same rate.
    const openBets = () => {
      run += 1;
      const label = run;
      return (i: number): Request =>
        signedSeamless('bet', {
          token: tokens[i % tokens.length],
          transactionId: `ob-${label}-${i}`,
          roundId: `o${label}-${i}`,
          amount: '1.00',
          currency: 'USD',
        });
    };
    const openWins =
      (label: number) =>
      (i: number): Request =>
        signedSeamless('win', {
          token: tokens[i % tokens.length],
          transactionId: `ow-${label}-${i}`,
          roundId: `o${label}-${i}`,
          amount: i % 2 === 0 ? '1.50' : '0',
          currency: 'USD',
          roundClosed: true,
        });
    const betRuns: number[] = [];
    await latency({
      goal: `seamless bet, offered ${OFFERED}/s (open loop)`,
      run: () => {
        const next = openBets();
        betRuns.push(run);
        return openLoop(app.base, OFFERED, SECONDS, next);
      },
      baseline: () => openLoop(baseline.base, OFFERED, SECONDS, update),
      maxP99Ms: 50,
    });
    // Each win run settles the rounds of one bet run (each bet run opened distinct rounds).
    let winRun = 0;
    await latency({
      goal: `seamless win, offered ${OFFERED}/s (open loop)`,
      run: () => openLoop(app.base, OFFERED, SECONDS, openWins(betRuns[winRun++ % betRuns.length] ?? 0)),
      baseline: () => openLoop(baseline.base, OFFERED, SECONDS, update),
      maxP99Ms: 50,
    });
    console.log(`calls sent in the closed loops: ${calls.bet} bets, ${calls.win} wins`);
  } finally {
    for (const target of started.reverse()) await target.stop();
    await db.drop();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  seamless()
    .then(() => printTable())
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
