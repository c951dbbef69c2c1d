import { randomBytes } from 'node:crypto';
import { testDatabasePrefix } from '@tessera/testkit/postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../src/platform/db/database';

export interface TestDatabase extends Database {
  url: string;
  drop: () => Promise<void>;
}

/** A private database cloned from the migrated template: every test file gets its own, nothing is shared. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const serverUrl = inject('pgServerUrl');
  const template = inject('pgTemplate');
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
  const database = connectDatabase(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
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

/** Another pool on a database `createTestDatabase` made (a second server instance's); `drop` only closes it. */
export const attachTestDatabase = (of: TestDatabase): TestDatabase => {
  const database = connectDatabase(of.url, 5);
  return { ...database, url: of.url, drop: database.close };
};
