// `npm test`: static checks, a production build, then every vitest suite (unit, integration, e2e).
// Ends with one line `tests: N passed, N failed, N skipped` that CI reads.
// CI's second pass under Node 24 (decision 0169) calls it with `--suites-only --label=<name>`: no static checks and no
// build (they do not depend on the Node release that runs the tests), its own report file, and a summary line of its
// own, `tests (<name>): …`, so the one `tests:` line stays the README command's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const run = (label, command, args) => {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
};

const args = process.argv.slice(2);
const suitesOnly = args.includes('--suites-only');
const label = args.find((arg) => arg.startsWith('--label='))?.slice('--label='.length);
const vitestArgs = args.filter((arg) => arg !== '--suites-only' && !arg.startsWith('--label='));
const summaryPrefix = label ? `tests (${label}):` : 'tests:';

const steps = suitesOnly
  ? []
  : [
      ['lint and format (Biome)', 'npm', ['run', '--silent', 'lint']],
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['dependency boundaries', 'npm', ['run', '--silent', 'boundaries']],
      ['build', 'npm', ['run', '--silent', 'build']],
    ];
for (const [step, command, stepArgs] of steps) {
  if (run(step, command, stepArgs) !== 0) {
    process.stdout.write(`\n${step} failed\n${summaryPrefix} 0 passed, 1 failed\n`);
    process.exit(1);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = label ? `.tmp/vitest-report-${label.replace(/[^a-z0-9]+/gi, '-')}.json` : '.tmp/vitest-report.json';
const status = run(label ? `tests (${label}, Node ${process.version})` : 'tests (unit, integration, e2e)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...vitestArgs,
]);
let failed = 1;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  // A suite that fails before its tests run (an import error, a throw at the top) counts no failed test, and an
  // unhandled error fails no test either: count both, and trust the report's own verdict.
  failed = summary.numFailedTests + summary.numFailedTestSuites;
  if (!summary.success && failed === 0) failed = 1;
  const skipped = summary.numPendingTests + summary.numTodoTests;
  process.stdout.write(`\n${summaryPrefix} ${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
} else {
  process.stdout.write(`\n${summaryPrefix} 0 passed, 1 failed\n`);
}
process.exit(status !== 0 || failed > 0 ? 1 : 0);
