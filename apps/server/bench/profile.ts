/**
 * npm run bench:profile -- <case> [seconds] — where one hot path's time goes (decision 0049): the built server runs
 * as in the benches (production defaults, its own database) under `node --cpu-prof`, 16 connections drive `<case>`
 * for `seconds` (20), and then it prints
 *   - the CPU profile's self time by function and by package, and the inclusive time of the heaviest functions,
 *   - the database's backends sampled every 100 ms from pg_stat_activity: state and wait event,
 *   - the server's own response time (from its log lines), p50 and p99.
 * Cases: category, search, balance, info, seamless (16 provider callers, each a bet then its round's win), dice
 * (16 members' in-house dice bets); PROFILE_GAMES=20000 grows the catalogue first. The .cpuprofile stays
 * under apps/server/.tmp/bench/profile for Chrome DevTools.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PROVIDER_SECRET, benchMembers } from './bench-support';
import { countGames, onBenchDatabase, scaleCatalogue, withClient } from './databases';
import { benchPort, closedLoop, memberToken, type Request, startApp } from './harness';
import { categoryPage, diceBets, memberRead, search } from './requests';
import { betAndWinCalls, providerTokens } from './seamless.bench';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  timeDeltas: number[];
}

/** Now on the clock V8 stamps profile samples with (CLOCK_MONOTONIC, in microseconds), the same in every process. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const CONNECTIONS = 16;
const serverDir = path.resolve(import.meta.dirname, '..');
const profileDir = path.join(serverDir, '.tmp/bench/profile');

const packageOf = (url: string): string => {
  if (!url) return '(native)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules?.[1]) return inModules[1];
  if (url.includes('/dist/main.js')) return 'tessera (dist/main.js)';
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  return url;
};

const labelOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${packageOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const top = (counts: Map<string, number>, total: number, n: number) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');

/** The profile's samples taken between `from` and `to` (the load's window: start-up and shutdown left out). */
const samplesBetween = (profile: Profile, from: number, to: number): number[] => {
  const kept: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) kept.push(id);
  });
  return kept;
};

const summarise = (profile: Profile, samples: number[]) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const id of samples) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += 1;
    self.set(labelOf(node), (self.get(labelOf(node)) ?? 0) + 1);
    const pkg = packageOf(node.callFrame.url) || node.callFrame.functionName;
    const key = pkg === '(native)' ? node.callFrame.functionName || '(native)' : pkg;
    packages.set(key, (packages.get(key) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const label = labelOf(frame);
      if (seen.has(label)) continue;
      seen.add(label);
      inclusive.set(label, (inclusive.get(label) ?? 0) + 1);
    }
  }
  const idle = samples.length - busy;
  console.log(
    `\nCPU profile of the load's window: ${samples.length} samples, ${((100 * idle) / Math.max(1, samples.length)).toFixed(1)}% idle`,
  );
  console.log(`\nself time by package (% of busy samples):\n${top(packages, busy, 15)}`);
  console.log(`\nself time by function:\n${top(self, busy, 30)}`);
  console.log(`\ninclusive time by function:\n${top(inclusive, busy, 40)}`);
};

/** pg_stat_activity every 100 ms while `during` runs: the bench database's backends by state and wait event. */
const sampleBackends = async (databaseUrl: string, during: Promise<unknown>) =>
  withClient(databaseUrl, async (client) => {
    const counts = new Map<string, number>();
    let samples = 0;
    let done = false;
    void during.finally(() => {
      done = true;
    });
    const name = new URL(databaseUrl).pathname.slice(1);
    while (!done) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT coalesce(state, '?') || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS what
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [name],
      );
      samples += 1;
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`\nPostgreSQL backends of the bench database, ${samples} samples (backends per sample):`);
    for (const [what, n] of [...counts.entries()].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(n / samples).toFixed(2).padStart(6)}  ${what}`);
    }
  });

const responseTimes = (logFile: string) => {
  const times: number[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const match = line.match(/"responseTime":([0-9.]+)/);
    if (match?.[1]) times.push(Number(match[1]));
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(2) ?? '?';
  console.log(
    `\nserver's own response time over ${times.length} logged requests: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
};

const main = async () => {
  const which = process.argv[2] ?? 'category';
  const seconds = Number(process.argv[3] ?? 20);
  await onBenchDatabase('bench_profile', async (db, start) => {
    // A first start migrates and seeds, and the catalogue grows, before the profiled process starts.
    const seeding = await startApp(db.url, benchPort(0));
    await seeding.stop();
    const games = Number(process.env.PROFILE_GAMES ?? 0);
    if (games > 0) await scaleCatalogue(db.url, games);
    rmSync(profileDir, { recursive: true, force: true });
    const app = await start(
      startApp(db.url, benchPort(0), { REFERENCE_PROVIDER_SECRET: BENCH_PROVIDER_SECRET }, [
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
      ]),
    );
    const cases: Record<string, () => Promise<(i: number, connection: number) => Request>> = {
      category: async () => categoryPage,
      search: async () => search,
      balance: async () => memberRead('/wps/v2/wallets/balance', await memberToken(app, db.url)),
      info: async () => memberRead('/wps/member/info', await memberToken(app, db.url)),
      seamless: async () => betAndWinCalls(await providerTokens(db.url, CONNECTIONS), 'p'),
      dice: async () => diceBets(await benchMembers(db.url, CONNECTIONS)),
    };
    const make = cases[which];
    if (!make) throw new Error(`unknown case ${which}; one of ${Object.keys(cases).join(', ')}`);
    const next = await make();
    await closedLoop(app.base, 2, 2, next); // warm-up: the catalogue loaded, the statements prepared
    const from = monotonicMicros();
    const load = closedLoop(app.base, CONNECTIONS, seconds, next);
    await sampleBackends(db.url, load);
    const result = await load;
    const to = monotonicMicros();
    console.log(
      `\n${which}: ${result.perSecond.toFixed(0)}/s p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors, load ${os.loadavg()[0]?.toFixed(1)}; ${await withClient(db.url, countGames)} games`,
    );
    await app.stop(60_000); // a SIGKILL would lose the profile, written as the process exits
    responseTimes(path.join(serverDir, '.tmp/bench', `${app.name}.log`));
    const newest = readdirSync(profileDir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .sort()
      .at(-1);
    if (!newest) throw new Error('no CPU profile written');
    console.log(`profile: ${path.join(profileDir, newest)}`);
    const profile = JSON.parse(readFileSync(path.join(profileDir, newest), 'utf8')) as Profile;
    summarise(profile, samplesBetween(profile, from, to));
  });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
