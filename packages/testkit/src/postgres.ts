import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const migrationsDir = path.join(repoRoot, 'apps/server/migrations');
const migrateEntry = path.join(repoRoot, 'apps/server/dist/migrate.js');

/**
 * What every test database's name starts with: `TEST_DB_PREFIX` (letters, digits, underscores), so that runs sharing
 * one PostgreSQL server can keep to their own names; none by default.
 */
export const testDatabasePrefix = (): string => {
  const prefix = process.env.TEST_DB_PREFIX ?? '';
  if (!/^[a-z0-9_]*$/.test(prefix))
    throw new Error(`TEST_DB_PREFIX must be lower-case letters, digits or _: ${prefix}`);
  return prefix;
};

/**
 * A fresh, empty database on the PostgreSQL server named by DATABASE_URL, for one test server or suite.
 * Returns null when DATABASE_URL is unset (the server then starts its own embedded PostgreSQL).
 */
export const createFreshDatabase = async (
  prefix: string,
  serverUrl = process.env.DATABASE_URL,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> => {
  if (!serverUrl) return null;
  const name = `${testDatabasePrefix()}${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};

/** A template's name for the current migrations: it changes whenever a migration does, so a stale one is never used. */
export const migrationsTemplateName = (prefix: string): string => {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  }
  hash.update(readFileSync(path.join(migrationsDir, 'meta/_journal.json')));
  return `${prefix}_${hash.digest('hex').slice(0, 12)}`;
};

/**
 * Makes sure the template database `name` exists on `serverUrl`: built under another name by `migrate` (given the
 * building database's URL), then renamed, so nobody clones a half-migrated one. Runs started together may both
 * build; the second rename fails and the first one's template is used.
 */
export const ensureTemplate = async (serverUrl: string, name: string, migrate: (url: string) => Promise<void>) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount !== 0;
  try {
    if (await exists()) return;
    const building = `${name}_b${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    try {
      await migrate(url.toString());
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if (!(await exists())) throw error;
    }
  } finally {
    await admin.end();
  }
};

const applyMigrations = (url: string): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [migrateEntry], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrate exited ${code}: ${output}`))));
  });

/**
 * Like `createFreshDatabase`, but already migrated: cloned (CREATE DATABASE … TEMPLATE, milliseconds) from a
 * template the built server's `dist/migrate.js` migrated once per set of migrations. A server started on it finds
 * nothing to apply, so each browser test's start skips the migrations (seconds each). The demo seed still runs at
 * the server's start, with that test's settings.
 */
export const createMigratedDatabase = async (
  prefix: string,
  serverUrl = process.env.DATABASE_URL,
): Promise<{ url: string; drop: () => Promise<void> } | null> => {
  if (!serverUrl || !existsSync(migrateEntry)) return createFreshDatabase(prefix, serverUrl);
  const template = migrationsTemplateName(`${testDatabasePrefix()}tessera_e2e_tpl`);
  await ensureTemplate(serverUrl, template, applyMigrations);
  return createFreshDatabase(prefix, serverUrl, template);
};
