import pg from 'pg';
import type { Config } from '../config';
import { connectDatabase, type Database } from './database';
import { startEmbeddedPostgres } from './embedded';

/**
 * A database for a command-line tool: DATABASE_URL's, else the embedded one — reusing it when the server is
 * running, else starting it for the tool's lifetime.
 */
export const openDatabaseForTool = async (
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
): Promise<{ database: Database; close: () => Promise<void> }> => {
  if (config.DATABASE_URL) {
    const database = connectDatabase(config.DATABASE_URL, 4);
    return { database, close: database.close };
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/tessera`;
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    const database = connectDatabase(url, 4);
    return { database, close: database.close };
  } catch {
    const embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT, () => {});
    const database = connectDatabase(embedded.url, 4);
    return {
      database,
      close: async () => {
        await database.close();
        await embedded.stop();
      },
    };
  }
};
