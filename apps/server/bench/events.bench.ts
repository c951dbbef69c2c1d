/**
 * npm run bench:events — events between modules (decision 0050) under the in-house bench load: 16 players bet dice
 * through the HTTP API while this process's dispatcher delivers every `bet.settled` to a subscriber. Prints the
 * events delivered per second and the delay from the round's settlement (its transaction's last statement, just
 * before commit) to the subscriber's handler, p50 and p99, with the load average. Figures are printed, never
 * asserted. Uses DATABASE_URL's server when set, else an embedded PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { subscribe } from '../src/platform/events';
import { benchApp, benchDatabase, benchPlayers, measure, percentile } from './bench-support';

const PLAYERS = 16;
const BETS = Number(process.env.BENCH_EVENTS_BETS ?? 4_000);

const main = async () => {
  const { database, drop } = await benchDatabase('bench_events', 10);
  const delays: number[] = [];
  let firstDelivery = 0;
  let lastDelivery = 0;
  const { app, services } = await benchApp(database, undefined, {
    runJobs: false,
    crash: { drive: false },
    events: {
      subscribers: [
        subscribe('bench.bets', 'bet.settled', async (payload) => {
          const now = Date.now();
          delays.push(now - Date.parse(payload.settledAt));
          if (firstDelivery === 0) firstDelivery = now;
          lastDelivery = now;
        }),
      ],
    },
  });
  const tokens = await benchPlayers(services, PLAYERS);
  const bet = (player: number) =>
    app
      .inject({
        method: 'POST',
        url: '/wps/inhouse/bets',
        headers: { Merchant: 'demo', ModuleId: 'COMM3', authorization: tokens[player] ?? '' },
        payload: {
          game: 'dice',
          params: { target: 5000, direction: 'under' },
          stake: '1.00',
          idempotencyKey: randomUUID(),
        },
      })
      .then((response) => {
        if (response.statusCode !== 200) throw new Error(`bet failed: ${response.body}`);
      });

  for (let p = 0; p < PLAYERS; p += 1) await bet(p);
  while (delays.length < PLAYERS) await new Promise((resolve) => setTimeout(resolve, 20));
  delays.length = 0;
  firstDelivery = 0;
  const started = Date.now();
  await measure('API bet: dice (events delivered)', PLAYERS, BETS, (i) => bet(i % PLAYERS));
  const loadEnded = Date.now();
  const before = loadavg();
  while (delays.length < BETS) {
    if (Date.now() - loadEnded > 120_000) throw new Error(`only ${delays.length} of ${BETS} events delivered`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const seconds = (lastDelivery - Math.min(firstDelivery, started)) / 1000;
  console.log(
    `events delivered: ${delays.length} bet.settled in ${seconds.toFixed(2)} s (${(delays.length / seconds).toFixed(1)}/s); last delivered ${lastDelivery - loadEnded} ms after the last bet answered`,
  );
  console.log(
    `settle→delivery delay: p50 ${percentile(sorted, 50)} ms  p99 ${percentile(sorted, 99)} ms  max ${sorted.at(-1)} ms`,
  );
  console.log(`load average (1, 5, 15 min): ${before.map((value) => value.toFixed(2)).join(' ')}`);
  await app.close();
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
