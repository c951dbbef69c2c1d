import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@tessera/testkit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs `npm run ledger:reconcile` against the test server's database: its output and exit code. */
export const reconcileLedger = (server: TestServer): { output: string; status: number | null } => {
  const result = spawnSync('npm', ['run', '--silent', 'ledger:reconcile'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: server.databaseUrl },
    encoding: 'utf8',
  });
  return { output: `${result.stdout}${result.stderr}`, status: result.status };
};
