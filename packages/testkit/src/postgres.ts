import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database on the PostgreSQL server named by DATABASE_URL, for one test server or suite.
 * Returns null when DATABASE_URL is unset (the server then starts its own embedded PostgreSQL).
 */
export const createFreshDatabase = async (
  prefix: string,
  serverUrl = process.env.DATABASE_URL,
): Promise<{ url: string; drop: () => Promise<void> } | null> => {
  if (!serverUrl) return null;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
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
