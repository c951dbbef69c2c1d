// `npm run contracts:verify`: recomputes every agent-contract statement from the raw rounds (bet_rounds) and checks
// it against what was written and paid (issue 25). For each statement: the rounds it counts, re-read from bet_rounds
// (a real-time, hourly or dividend statement: the rounds its accruals name; a daily salary: the team's settled
// rounds of the day), the members left out (decision 0110), the tier, rate and amount worked out again here from the
// contract's terms; the hash chain; and its payments against the ledger. Also counts the team's rounds of the period
// that no statement of the contract took. Prints one line per statement and a summary.
//   npm run contracts:verify [-- --merchant demo] [--contract <id>] [--since 2026-12-01T00:00:00Z] [--quiet]
// Exit code 0 when every statement matches, 1 on any mismatch, 2 on an error.
import { loadConfig } from '../platform/config';
import { runMigrations } from '../platform/db/migrate';
import { openDatabaseForTool } from '../platform/db/open-for-tool';
import { verifyStatements } from './statement-check';

const argument = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const main = async () => {
  const config = loadConfig();
  const { database, close } = await openDatabaseForTool(config);
  try {
    await runMigrations(database.pool);
    const { mismatches } = await verifyStatements(
      database.pool,
      {
        merchant: argument('merchant'),
        contract: argument('contract'),
        since: argument('since'),
        quiet: process.argv.includes('--quiet'),
      },
      (line) => process.stdout.write(line),
    );
    process.exitCode = mismatches === 0 ? 0 : 1;
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`contracts:verify failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 2;
});
