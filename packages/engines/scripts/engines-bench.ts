/**
 * Outcomes per second per game, through the public outcome function with a new nonce each time (the cost of
 * settling one bet: key schedule, stream blocks, mapping and payout). Crash counts one round: a chain step
 * and the crash point. Run: npx tsx packages/engines/scripts/engines-bench.ts [--seconds 2] [--json]
 */
import { crashPoint } from '../src/crash/crash-point';
import { hashChainStep } from '../src/crash/hash-chain';
import { CRASH_CASE, ENGINE_CASES } from './engine-cases';

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const seconds = Number(argument('seconds', '2'));
const asJson = process.argv.includes('--json');
const serverSeed = 'b7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6';

/** Runs `step` repeatedly for the time budget (after a short warm-up) and returns calls per second. */
function measure(step: (i: number) => void): number {
  for (let i = 0; i < 2000; i += 1) step(i);
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let k = 0; k < 500; k += 1) step(calls + k);
    calls += 500;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

const results: { game: string; outcomesPerSecond: number }[] = [];
for (const c of ENGINE_CASES) {
  const perSecond = measure((nonce) => {
    c.play({ serverSeed, clientSeed: 'bench', nonce });
  });
  results.push({ game: c.label, outcomesPerSecond: Math.round(perSecond) });
}
let hash = serverSeed;
results.push({
  game: CRASH_CASE.label,
  outcomesPerSecond: Math.round(
    measure(() => {
      hash = hashChainStep(hash);
      crashPoint(hash, CRASH_CASE.salt);
    }),
  ),
});

if (asJson) {
  console.log(JSON.stringify({ bench: 'engines', node: process.version, seconds, results }, null, 2));
} else {
  for (const r of results) console.log(`${r.game.padEnd(26)} ${String(r.outcomesPerSecond).padStart(9)} outcomes/s`);
}
