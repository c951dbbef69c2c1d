// `npm test`: static checks, a production build, then every vitest suite (unit, integration, e2e).
// Ends with one line `tests: N passed, N failed, N skipped` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const run = (label, command, args) => {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
};

const steps = [
  ['lint and format (Biome)', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['dependency boundaries', 'npm', ['run', '--silent', 'boundaries']],
  ['build', 'npm', ['run', '--silent', 'build']],
];
for (const [label, command, args] of steps) {
  if (run(label, command, args) !== 0) {
    process.stdout.write(`\n${label} failed\ntests: 0 passed, 1 failed\n`);
    process.exit(1);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
const status = run('tests (unit, integration, e2e)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
let failed = 1;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  // A suite that fails before its tests run (an import error, a throw at the top) counts no failed test, and an
  // unhandled error fails no test either: count both, and trust the report's own verdict.
  failed = summary.numFailedTests + summary.numFailedTestSuites;
  if (!summary.success && failed === 0) failed = 1;
  const skipped = summary.numPendingTests + summary.numTodoTests;
  process.stdout.write(`\ntests: ${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
} else {
  process.stdout.write('\ntests: 0 passed, 1 failed\n');
}
process.exit(status !== 0 || failed > 0 ? 1 : 0);
