// `npm run ledger:reconcile`: checks every ledger invariant over the whole database and prints the result.
// Exit code 0 when the books hold, 1 when any check finds a discrepancy.
import { reconcileLedger } from '../modules/ledger';
import { loadConfig } from '../platform/config';
import { runMigrations } from '../platform/db/migrate';
import { openDatabaseForTool } from '../platform/db/open-for-tool';

const main = async () => {
  const config = loadConfig();
  const { database, close } = await openDatabaseForTool(config);
  try {
    await runMigrations(database.pool);
    const report = await reconcileLedger(database.pool);
    const counts = await database.pool.query<{ transactions: string; postings: string; accounts: string }>(
      `SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
              (SELECT count(*) FROM ledger_postings)::text AS postings,
              (SELECT count(*) FROM ledger_accounts)::text AS accounts`,
    );
    const c = counts.rows[0];
    process.stdout.write(
      `Ledger reconciliation over ${c?.accounts} accounts, ${c?.transactions} transactions, ${c?.postings} postings\n`,
    );
    for (const check of report) {
      process.stdout.write(`  ${check.discrepancies === 0 ? 'ok  ' : 'FAIL'} ${check.name}`);
      process.stdout.write(
        check.discrepancies === 0
          ? '\n'
          : `: ${check.discrepancies} (e.g. ${JSON.stringify(check.samples, (_, v) => (typeof v === 'bigint' ? v.toString() : v))})\n`,
      );
    }
    const failed = report.filter((check) => check.discrepancies > 0).length;
    process.stdout.write(failed === 0 ? 'Zero discrepancies.\n' : `${failed} check(s) found discrepancies.\n`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`reconciliation failed to run: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
