// `npm run reports:backfill -- --merchant <code> --from <YYYY-MM-DD> --to <YYYY-MM-DD>`: rebuilds a merchant's
// report rollups for those UTC days from the raw rows (decision 0123), a day per transaction, printing each day.
// Safe to run twice and while the server delivers events. Exit code 0 when done, 1 on bad arguments, 2 on failure.
import { backfillRollups } from '../modules/reports';
import { loadConfig } from '../platform/config';
import { runMigrations } from '../platform/db/migrate';
import { openDatabaseForTool } from '../platform/db/open-for-tool';

const MAX_DAYS = 366;

const argsOf = (argv: readonly string[]) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (key && value !== undefined) out[key] = value;
  }
  return out;
};

const isDay = (value: string | undefined): value is string =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const fail = (message: string) => {
  process.stderr.write(
    `${message}\nUsage: npm run reports:backfill -- --merchant <code> --from <YYYY-MM-DD> --to <YYYY-MM-DD>\n`,
  );
  process.exit(1);
};

const main = async () => {
  const { merchant, from, to } = argsOf(process.argv.slice(2));
  if (!merchant) fail('--merchant is required');
  if (!isDay(from) || !isDay(to)) fail('--from and --to must be days (YYYY-MM-DD)');
  const days = (Date.parse(to as string) - Date.parse(from as string)) / 86_400_000 + 1;
  if (days < 1) fail('--to must not be before --from');
  if (days > MAX_DAYS) fail(`at most ${MAX_DAYS} days at once`);
  const config = loadConfig();
  const { database, close } = await openDatabaseForTool(config);
  try {
    await runMigrations(database.pool);
    const known = await database.pool.query('SELECT 1 FROM merchants WHERE code = $1', [merchant]);
    if (known.rowCount === 0) fail(`no merchant ${merchant}`);
    const started = Date.now();
    await backfillRollups(database.pool, merchant as string, from as string, to as string, (day, done, total) => {
      process.stdout.write(`  ${day} rebuilt (${done}/${total})\n`);
    });
    process.stdout.write(`Rollups of ${merchant} rebuilt for ${days} day(s) in ${Date.now() - started} ms.\n`);
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`backfill failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
