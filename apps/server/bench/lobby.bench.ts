/**
 * npm run bench:lobby — the lobby's calls through the whole HTTP stack (Fastify inject: routing, merchant, module
 * id, validation, SQL, response check) on the demo catalogue scaled to 20,000 games, at 1 and 16 concurrent
 * callers, beside a bare route measured in the same run. Prints requests per second with p50, p95 and p99.
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL under apps/server/.tmp/bench.
 */
import { benchApp, benchDatabase, measure } from './bench-support';

const TARGET_GAMES = 20_000;

const main = async () => {
  const { database, drop } = await benchDatabase('bench_lobby', 20);
  const { app } = await benchApp(database);
  // Scale the catalogue: copies of the demo games under new codes, names and search text, same vendors and types.
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM games');
  const base = rows[0]?.n ?? 0;
  const copies = Math.ceil((TARGET_GAMES - base) / base);
  await database.pool.query(
    `INSERT INTO games (vendor_code, game_type, classify, game_code, names, search_text, support_play,
                        account_type_name, is_hot, artwork_variant, engine, sort)
     SELECT vendor_code, game_type, classify, game_code || '-C' || c,
            jsonb_build_object('EN', (names->>'EN') || ' ' || c, 'CN', (names->>'CN') || c, 'AR', (names->>'AR') || ' ' || c),
            search_text || ' ' || c, support_play, account_type_name, false, artwork_variant, engine, sort + c * 100000
     FROM games, generate_series(1, $1::int) AS c
     ORDER BY c, id LIMIT $2`,
    [copies, TARGET_GAMES - base],
  );
  await database.pool.query('ANALYZE');
  const total = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM games')).rows[0]?.n;
  console.log(`catalogue: ${total} games`);

  const get = (url: string, moduleId?: string) => async () => {
    const response = await app.inject({ method: 'GET', url, headers: moduleId ? { ModuleId: moduleId } : {} });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  const cases: [string, (i: number) => () => Promise<void>][] = [
    ['bare route (/healthz, baseline)', () => get('/healthz')],
    ['gameList RNG page 1', () => get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=18', 'GAMELO3')],
    [
      'gameList RNG deep pages',
      (i) => get(`/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=${1 + (i % 500)}&pageSize=18`, 'GAMELO3'),
    ],
    [
      'gameList vendor + classification',
      (i) =>
        get(
          `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${['PT', 'MG', 'AG', 'CQ9'][i % 4]}&gameClassify=SL&pageNo=1&pageSize=18`,
          'GAMELO3',
        ),
    ],
    [
      'gameList search EN',
      (i) =>
        get(
          `/wps/relay/GCSGAME_gameList?gameName=${['tiger', 'golden', 'dragon', 'pearl'][i % 4]}&pageNo=1&pageSize=18`,
          'GAMELO3',
        ),
    ],
    [
      'gameList search CN',
      (i) =>
        get(
          `/wps/relay/GCSGAME_gameList?gameName=${encodeURIComponent(['老虎', '黄金', '神龙', '珍珠'][i % 4] ?? '')}&pageNo=1&pageSize=18&language=CN`,
          'GAMELO3',
        ),
    ],
    [
      'gameList search, no match',
      () => get('/wps/relay/GCSGAME_gameList?gameName=zzqxw&pageNo=1&pageSize=18', 'GAMELO3'),
    ],
    ['hotGamesV2 (cached 15 s)', () => get('/wps/relay/GCSGAME_hotGamesV2', 'GAMELOHOT3')],
    ['newGameVendor lanes (cached 15 s)', () => get('/wps/relay/GCSGAME_newGameVendor')],
  ];
  for (const concurrency of [1, 16]) {
    for (const [label, make] of cases) {
      await measure(label, concurrency, concurrency === 1 ? 300 : 1_500, (i) => make(i)());
    }
  }
  await app.close();
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
