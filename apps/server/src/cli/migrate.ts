// `npm run db:migrate`: applies the pending migrations to DATABASE_URL's database (else the embedded one) and
// exits. The server applies them itself at start; this is for a release step run before the instances start, and
// for the browser tests' template database (packages/testkit).
import { loadConfig } from '../platform/config';
import { runMigrations } from '../platform/db/migrate';
import { openDatabaseForTool } from '../platform/db/open-for-tool';

const main = async () => {
  const { database, close } = await openDatabaseForTool(loadConfig());
  try {
    await runMigrations(database.pool);
    process.stdout.write('Migrations applied.\n');
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
