import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { migrationsDir, serverRoot } from '../src/platform/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
  }
}

/** A name that changes whenever a migration does, so a stale template is never reused. */
const templateName = (): string => {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  }
  return `tessera_tpl_${hash.digest('hex').slice(0, 12)}`;
};

/**
 * Integration tests run against a real PostgreSQL: DATABASE_URL's server when set (CI), else an embedded one
 * kept under apps/server/.tmp/test-pg. Migrations are applied once to a template database; each test file
 * clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(path.join(serverRoot, '.tmp/test'), 54_330, () => {});
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const template = templateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_building_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      await runMigrations(pool);
      await pool.end();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`).catch(async () => {
        // Another run built it first.
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      });
    }
  } finally {
    await admin.end();
  }
  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await stop?.();
  };
}
