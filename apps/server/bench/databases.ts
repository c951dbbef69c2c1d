/** The benches' own databases: one per suite, and the lobby's catalogue grown to a size (decision 0049). */
import pg from 'pg';
import { invalidateEverywhere } from '../src/platform/cache';
import { createBenchDatabase, type Target } from './harness';

/** One client for a few statements, closed whatever happens. */
export const withClient = async <T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export const countGames = async (client: pg.Client) =>
  (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM games')).rows[0]?.n ?? 0;

/** A suite on its own database: every process it starts is stopped, and the database dropped, however it ends. */
export const onBenchDatabase = async (
  prefix: string,
  suite: (db: { url: string }, start: <T extends Target>(target: Promise<T>) => Promise<T>) => Promise<void>,
) => {
  const db = await createBenchDatabase(prefix);
  const started: Target[] = [];
  const start = async <T extends Target>(target: Promise<T>) => {
    const running = await target;
    started.push(running);
    return running;
  };
  try {
    await suite(db, start);
  } finally {
    for (const target of started) await target.stop();
    await db.drop();
  }
};

/** Copies of the demo games under new codes and names until the catalogue holds `target` games. */
export const scaleCatalogue = (databaseUrl: string, target: number) =>
  withClient(databaseUrl, async (client) => {
    const base = (await countGames(client)) || 1;
    await client.query(
      `INSERT INTO games (vendor_code, game_type, classify, game_code, names, search_text, support_play,
                          account_type_name, is_hot, artwork_variant, engine, sort)
       SELECT vendor_code, game_type, classify, game_code || '-C' || c,
              jsonb_build_object('EN', (names->>'EN') || ' ' || c, 'CN', (names->>'CN') || c, 'AR', (names->>'AR') || ' ' || c),
              search_text || ' ' || c, support_play, account_type_name, false, artwork_variant, engine, sort + c * 100000
       FROM games, generate_series(1, $1::int) AS c
       ORDER BY c, id LIMIT $2`,
      [Math.ceil((target - base) / base), target - base],
    );
    await client.query('ANALYZE');
    // What an operator's change does: every instance reloads its copy of the catalogue.
    await invalidateEverywhere(client, 'games.catalogue', null);
    return countGames(client);
  });
