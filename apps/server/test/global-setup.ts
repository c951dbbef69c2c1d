import path from 'node:path';
import { ensureTemplate, migrationsTemplateName, testDatabasePrefix } from '@tessera/testkit/postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { serverRoot } from '../src/platform/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
  }
}

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
  const template = migrationsTemplateName(`${testDatabasePrefix()}tessera_tpl`);
  await ensureTemplate(serverUrl, template, async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await runMigrations(pool);
    } finally {
      await pool.end();
    }
  });
  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await stop?.();
  };
}
