/**
 * npm run bench — every bench with a goal, one after another, each as its own process (so one's processes,
 * database and memory are gone before the next starts), then one table of every goal: measured, baseline, ratio,
 * goal, met or not, the servers' CPU per request and the load average (decision 0049). A bench reports its goals
 * through the harness (`compare`, `latency`, `printTable`), which appends them to BENCH_ROWS_FILE; a bench that
 * fails, or reports no goal, gets a row saying so. `npm run bench -- lobby seamless` runs only those.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { printTable, type Row } from './harness';

const benchDir = import.meta.dirname;

const BENCHES: Record<string, string[]> = {
  lobby: ['bench.ts', 'lobby'],
  reads: ['bench.ts', 'reads'],
  logging: ['bench.ts', 'logging'],
  seamless: ['seamless.bench.ts'],
  inhouse: ['inhouse.bench.ts'],
  wallet: ['wallet.bench.ts'],
};

const run = (args: string[], rowsFile: string): Promise<number> =>
  new Promise((resolve) => {
    const [script, ...rest] = args;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, script ?? ''), ...rest], {
      env: { ...process.env, BENCH_ROWS_FILE: rowsFile },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const missing = (goal: string, why: string): Row => ({
  goal,
  measured: why,
  baseline: '—',
  ratio: '—',
  target: '—',
  met: false,
  cpu: '—',
  load: '—',
});

const main = async () => {
  const names = process.argv.slice(2);
  for (const name of names)
    if (!BENCHES[name]) throw new Error(`unknown bench ${name}; one of ${Object.keys(BENCHES)}`);
  const dir = path.resolve(benchDir, '../.tmp/bench');
  mkdirSync(dir, { recursive: true });
  const all: Row[] = [];
  for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
    const rowsFile = path.join(dir, `rows-${name}-${process.pid}.jsonl`);
    rmSync(rowsFile, { force: true });
    console.log(`\n=== bench ${name}`);
    const code = await run(BENCHES[name] ?? [], rowsFile);
    let found: Row[] = [];
    try {
      found = readFileSync(rowsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
    } catch {
      // no rows written
    }
    rmSync(rowsFile, { force: true });
    all.push(...found);
    if (code !== 0) all.push(missing(`${name}: the bench failed`, `exit code ${code}; see its output above`));
    else if (found.length === 0)
      all.push(missing(`${name}: no goal reported`, 'prints its figures, not on the harness'));
  }
  printTable(all);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
