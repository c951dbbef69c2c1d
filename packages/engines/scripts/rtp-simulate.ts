/**
 * Plays at least 10^6 rounds of every in-house game through its public outcome function (one nonce per
 * round, as bets are played) and checks that the mean payout is within 3 standard errors of the declared RTP.
 * Crash is played on a freshly generated hash chain, and its 52-bit round values also go through the
 * uniformity tests. Exits non-zero on any miss.
 * Run: npx tsx packages/engines/scripts/rtp-simulate.ts [--rounds 1000000] [--only dice]
 */
import { crashPoint, crashUniform } from '../src/crash/crash-point';
import { CRASH_DECLARED_RTP } from '../src/crash/crash-rtp';
import { generateChain } from '../src/crash/hash-chain';
import { CURVE_RESOLUTION } from '../src/math/edge-curve';
import { multiplierToNumber } from '../src/money/multiplier';
import { uniformityVerdicts } from '../src/stats/uniformity';
import { CRASH_CASE, crashPayoutMultiplier, ENGINE_CASES } from './engine-cases';

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const rounds = Number(argument('rounds', '1000000'));
const only = argument('only', '');
const serverSeed = argument('server-seed', 'd4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3');

type Row = { label: string; declared: number; simulated: number; standardError: number; ok: boolean; seconds: number };
const rows: Row[] = [];

function record(label: string, declared: number, sum: number, sumOfSquares: number, n: number, started: number): void {
  const mean = sum / n;
  const variance = Math.max(0, sumOfSquares / n - mean * mean) * (n / (n - 1));
  const standardError = Math.sqrt(variance / n);
  const ok = Math.abs(mean - declared) <= 3 * standardError;
  rows.push({ label, declared, simulated: mean, standardError, ok, seconds: (performance.now() - started) / 1000 });
  const r = rows[rows.length - 1] as Row;
  console.log(
    `${label.padEnd(26)} declared ${declared.toFixed(4)}  simulated ${mean.toFixed(6)}  3 SE ${(3 * standardError).toFixed(6)}  ` +
      `|diff| ${Math.abs(mean - declared).toFixed(6)}  ${ok ? 'ok' : 'MISS'}  (${n} rounds, ${r.seconds.toFixed(1)} s)`,
  );
}

for (const c of ENGINE_CASES) {
  if (only !== '' && !c.label.startsWith(only)) continue;
  const started = performance.now();
  let sum = 0;
  let sumOfSquares = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const m = multiplierToNumber(c.play({ serverSeed, clientSeed: `simulate-${c.game}`, nonce }));
    sum += m;
    sumOfSquares += m * m;
  }
  record(c.label, c.declaredRtp, sum, sumOfSquares, rounds, started);
}

if (only === '' || CRASH_CASE.label.startsWith(only)) {
  const started = performance.now();
  const chain = generateChain(serverSeed, rounds);
  let sum = 0;
  let sumOfSquares = 0;
  const values = new Float64Array(rounds);
  chain.gameHashes.forEach((hash, i) => {
    values[i] = crashUniform(hash, CRASH_CASE.salt);
    const m = multiplierToNumber(crashPayoutMultiplier(crashPoint(hash, CRASH_CASE.salt), CRASH_CASE.target));
    sum += m;
    sumOfSquares += m * m;
  });
  record(CRASH_CASE.label, CRASH_DECLARED_RTP, sum, sumOfSquares, rounds, started);
  const verdicts = uniformityVerdicts({
    values,
    maxes: new Float64Array(rounds).fill(CURVE_RESOLUTION),
    length: rounds,
  });
  for (const v of verdicts) {
    console.log(
      `  crash u ${v.name.padEnd(26)} ${v.statistic.toFixed(3)} (critical ${v.critical.toFixed(3)}) ${v.passed ? 'ok' : 'FAIL'}`,
    );
    if (!v.passed) rows.push({ ...(rows[rows.length - 1] as Row), label: `crash ${v.name}`, ok: false });
  }
}

const misses = rows.filter((r) => !r.ok);
console.log(
  misses.length === 0
    ? `rtp simulation: all ${rows.length} games within 3 SE`
    : `rtp simulation: ${misses.length} MISS`,
);
process.exit(misses.length === 0 ? 0 : 1);
