import { randomBytes } from 'node:crypto';
import { testDatabasePrefix } from '@tessera/testkit/postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../src/platform/db/database';

export interface TestDatabase extends Database {
  url: string;
  /** The replica's database, when it has one. */
  replicaUrl?: string;
  drop: () => Promise<void>;
}

const createDatabaseFrom = async (serverUrl: string, template: string): Promise<{ name: string; url: string }> => {
  const name = `${testDatabasePrefix()}t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
};

/**
 * A private database cloned from the migrated template: every test file gets its own, nothing is shared.
 * `replica`: a second clone serves as the read replica, a replica that never catches up (what the primary gains
 * later is missing there), so a test sees which reads go where.
 */
export const createTestDatabase = async (options: { replica?: boolean } = {}): Promise<TestDatabase> => {
  const serverUrl = inject('pgServerUrl');
  const template = inject('pgTemplate');
  const primary = await createDatabaseFrom(serverUrl, template);
  const replica = options.replica ? await createDatabaseFrom(serverUrl, template) : null;
  const database = connectDatabase(primary.url, 5, replica?.url);
  return {
    ...database,
    url: primary.url,
    ...(replica ? { replicaUrl: replica.url } : {}),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (const { name } of [primary, ...(replica ? [replica] : [])]) {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      } finally {
        await client.end();
      }
    },
  };
};

/** Another pool on a database `createTestDatabase` made (a second server instance's); `drop` only closes it. */
export const attachTestDatabase = (of: TestDatabase): TestDatabase => {
  const database = connectDatabase(of.url, 5, of.replicaUrl);
  return { ...database, url: of.url, ...(of.replicaUrl ? { replicaUrl: of.replicaUrl } : {}), drop: database.close };
};
