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
  server: Pick<TestServer, 'databaseUrl' | 'query'>,
  at: Date,
  settled: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> => {
  const runner = spawn(process.execPath, ['--import', 'tsx', runnerEntry], {
    env: { ...process.env, DATABASE_URL: server.databaseUrl, AT_ISO: at.toISOString() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What the runner reported (each settleDue failure), for the failure's report when the condition is never met.
  let errors = '';
  runner.stderr?.on('data', (chunk: Buffer) => {
    errors = `${errors}${chunk.toString()}`.slice(-4000);
    if (process.env.SETTLEMENT_RUNNER_LOG) process.stderr.write(chunk);
  });
  const spawned = Date.now();
  try {
    await waitUntil(settled, timeoutMs).catch(async (error: unknown) => {
      // What was settled and what failed, beside what the runner printed, for the failure's report.
      const runs = await server.query(
        `SELECT c.kind, r.period_start, r.period_end, r.status, r.attempts, r.error, s.status AS statement, s.amount
           FROM agent_contract_runs r JOIN agent_contracts c ON c.id = r.contract_id
           LEFT JOIN agent_contract_statements s ON s.id = r.statement_id ORDER BY r.period_start`,
      );
      throw new Error(
        `settlement not done in ${timeoutMs} ms; runs: ${JSON.stringify(runs)}; the runner's stderr: ${errors || '(empty)'}`,
        { cause: error },
      );
    });
    if (process.env.SETTLEMENT_RUNNER_LOG) process.stderr.write(`settled ${Date.now() - spawned} ms after the spawn\n`);
  } finally {
    runner.kill('SIGKILL');
  }
};
