import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runnerEntry = path.join(repoRoot, 'apps/server/test/settlement-runner.ts');

/** Polls `check` every 300 ms until it holds; throws after `timeoutMs`. */
export const waitUntil = async (check: () => Promise<boolean>, timeoutMs: number): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

/**
 * Settles agent contracts as of `at` the way the 60 s job does, by the settlement service in its own process against
 * the test server's database, until `settled` holds (at most `timeoutMs`); the runner is killed either way.
 */
export const settleAgentContracts = async (
  server: Pick<TestServer, 'databaseUrl'>,
  at: Date,
  settled: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> => {
  const runner = spawn(process.execPath, ['--import', 'tsx', runnerEntry], {
    env: { ...process.env, DATABASE_URL: server.databaseUrl, AT_ISO: at.toISOString() },
    stdio: 'ignore',
  });
  try {
    await waitUntil(settled, timeoutMs);
  } finally {
    runner.kill('SIGKILL');
  }
};
