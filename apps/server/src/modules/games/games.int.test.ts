import { gameCategories, TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlayers } from '../../../test/game-players';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;
let trialToken: string;

const get = (url: string, moduleId: string, as?: string, headers: Record<string, string> = {}) =>
  client.send({ method: 'GET', url, moduleId, ...(as ? { token: as } : {}), headers });

const list = async (query: string, as?: string) =>
  (await get(`/wps/relay/GCSGAME_gameList?${query}`, 'GAMELO3', as)).json();

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  ({ token, otherToken, trialToken } = await gamePlayers(t, client, ['player1', 'player2']));
});
afterAll(async () => {
  await t.close();
});

describe('the demo catalogue', () => {
  it('seeds at least 1,500 games in every category, once', async () => {
    const { rows } = await t.database.pool.query<{ game_type: string; n: number }>(
      'SELECT game_type, count(*)::int AS n FROM games GROUP BY game_type',
    );
    const counts = Object.fromEntries(rows.map((row) => [row.game_type, row.n]));
    for (const category of gameCategories) {
      expect(counts[category], category).toBeGreaterThan(0);
    }
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThanOrEqual(1500);
    expect(await t.services.games.seedDemoCatalogue('DEMO')).toEqual({ gamesAdded: 0, enginesChanged: 0 });
    const again = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM games');
    expect(again.rows[0]?.n).toBe(total);
  });
});

describe("the demo catalogue's engines", () => {
  it('opens sports and e-sports in the sportsbook, and moves an existing game to the engine the catalogue names', async () => {
    const engines = await t.database.pool.query<{ game_type: string; engine: string }>(
      `SELECT DISTINCT game_type, engine FROM games WHERE game_type IN ('SPORTS', 'ESPORTS') ORDER BY game_type`,
    );
    expect(engines.rows).toEqual([
      { game_type: 'ESPORTS', engine: 'sportsbook' },
      { game_type: 'SPORTS', engine: 'sportsbook' },
    ]);
    // A database seeded before the change: its sports games still run the dice stand-in, and an operator's name edit.
    await t.database.pool.query(
      `UPDATE games SET engine = 'dice', names = names || '{"EN":"Renamed by an operator"}'
        WHERE game_code IN ('IBC-B001', 'IMES-E001')`,
    );
    expect(await t.services.games.seedDemoCatalogue('DEMO')).toEqual({ gamesAdded: 0, enginesChanged: 2 });
    const after = await t.database.pool.query<{ engine: string; name: string }>(
      `SELECT engine, names->>'EN' AS name FROM games WHERE game_code IN ('IBC-B001', 'IMES-E001')`,
    );
    expect(after.rows).toEqual([
      { engine: 'sportsbook', name: 'Renamed by an operator' },
      { engine: 'sportsbook', name: 'Renamed by an operator' },
    ]);
  });
});

describe('the lobby', () => {
  it('pages a category 18 at a time with the total', async () => {
    const first = await list('gameType=RNG&pageNo=1');
    expect(first.success).toBe(true);
    expect(first.value.games).toHaveLength(18);
    expect(first.value.totalCount).toBe(1080);
    expect(first.value.totalPages).toBe(60);
    const second = await list('gameType=RNG&pageNo=2');
    expect(second.value.games[0].nodeId).not.toBe(first.value.games[0].nodeId);
    const beyond = await list('gameType=RNG&pageNo=61');
    expect(beyond.value.games).toEqual([]);
    expect(first.value.games[0]).toMatchObject({ gameType: 'RNG', displayName: expect.any(String), isGame: 'GAME' });
    expect(first.value.games[0].iconUrl).toMatch(/^\/media\/games\/\d+\/\d+\.svg\?v=[0-9a-f]{10}$/);
  });

  it('filters by vendor and classification', async () => {
    const pt = await list('gameType=RNG&vassalage=PT&pageSize=100');
    expect(pt.value.totalCount).toBe(90);
    expect(new Set(pt.value.games.map((g: { vassalage: string }) => g.vassalage))).toEqual(new Set(['PT']));
    const jackpots = await list('gameType=RNG&vassalage=PT&gameClassify=JP&pageSize=100');
    expect(jackpots.value.totalCount).toBeGreaterThan(0);
    expect(jackpots.value.games.every((g: { gameClassify: string }) => g.gameClassify === 'JP')).toBe(true);
    const all = await list('gameType=RNG&vassalage=ALL&gameClassify=ALL');
    expect(all.value.totalCount).toBe(1080);
  });

  it('searches names in every language, trimmed, and answers in the asked language', async () => {
    const english = await list('gameName=%20%20tiger%20&pageSize=100&language=EN');
    expect(english.value.totalCount).toBeGreaterThan(0);
    expect(english.value.games.every((g: { gameName: string }) => /tiger/i.test(g.gameName))).toBe(true);
    const chinese = await list(`gameName=${encodeURIComponent('老虎')}&pageSize=100&language=CN`);
    expect(chinese.value.totalCount).toBeGreaterThan(0);
    expect(chinese.value.games.every((g: { gameName: string }) => g.gameName.includes('老虎'))).toBe(true);
    const arabic = await list(`gameName=${encodeURIComponent('نمر')}&pageSize=100`);
    expect(arabic.value.totalCount).toBe(english.value.totalCount);
    const none = await list('gameName=zzzqqq');
    expect(none.value).toMatchObject({ games: [], totalCount: 0, totalPages: 1 });
    const wildcard = await list('gameName=%25');
    expect(wildcard.value.totalCount).toBe(0);
  });

  it('lists vendor lanes with INHOUSE first and classifications, cacheable by the browser', async () => {
    const response = await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop', 'COMM3');
    expect(response.headers['cache-control']).toContain('max-age=60');
    const lanes = response.json().value.data.lanes as {
      title: string;
      cards: { vassalage: string; isGame: string }[];
      gameClassify: { key: string; vendors: string[] }[];
    }[];
    expect(lanes[0]?.title).toBe('INHOUSE');
    expect(lanes.map((lane) => lane.title)).toEqual([...gameCategories]);
    const rng = lanes.find((lane) => lane.title === 'RNG');
    expect(rng?.cards.map((card) => card.vassalage)).toContain('PNG');
    expect(rng?.cards.every((card) => card.isGame === 'VASSALAGE')).toBe(true);
    expect(rng?.gameClassify.map((c) => c.key)).toEqual(
      expect.arrayContaining(['SL', 'JP', 'TG', 'VP', 'SC', 'AC', 'BG']),
    );
    expect(lanes.find((lane) => lane.title === 'FISH')?.gameClassify).toEqual([]);
  });

  it('lists hot games with a cache header', async () => {
    const response = await get('/wps/relay/GCSGAME_hotGamesV2?isPlatform=2', 'GAMELOHOT3');
    expect(response.headers['cache-control']).toContain('public');
    const hot = response.json().value.list as { isHot: number }[];
    expect(hot.length).toBeGreaterThan(12);
    expect(hot.every((game) => game.isHot === 1)).toBe(true);
  });

  it('serves generated artwork with a year of cache for the versioned URL', async () => {
    const game = (await list('gameType=LIVE')).value.games[0];
    const art = await t.request({ method: 'GET', url: game.iconUrl });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.headers['cache-control']).toContain('immutable');
    expect(art.body).toContain('<svg');
    const stale = await t.request({ method: 'GET', url: game.iconUrl.replace(/v=\w+/, 'v=old') });
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect((await t.request({ method: 'GET', url: '/media/games/999999/0.svg' })).statusCode).toBe(404);
    const logo = await t.request({ method: 'GET', url: '/media/vendors/PT.svg' });
    expect(logo.body).toContain('PT');
  });

  it('groups lottery menus by classification', async () => {
    const menus = (await get('/lgw/games/game_menus?prizeMode=Lott', 'COMM3')).json().value;
    expect(Object.keys(menus).sort()).toEqual(['LOTT_fast', 'LOTT_lotto']);
    expect(menus.LOTT_lotto.gameMenus.length).toBe(15);
  });
});

describe('favourites and recent games', () => {
  it('adds, lists and removes favourites per member, idempotently', async () => {
    const games = (await list('gameType=FISH')).value.games as { nodeId: string; vassalage: string }[];
    const [a, b] = games as [{ nodeId: string; vassalage: string }, { nodeId: string; vassalage: string }];
    const add = (nodeId: string, as = token) =>
      client.send({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGameV2',
        moduleId: 'GAMELOFAV3',
        token: as,
        payload: { nodeId, vendor: 'x', gameType: 'FISH' },
      });
    expect((await add(a.nodeId)).json().value).toEqual({ nodeId: a.nodeId, favourite: true });
    await add(a.nodeId);
    await add(b.nodeId);
    const ids = (await get('/wps/relay/MCSFE_getFavoriteGames', 'GAMELOFAV3', token)).json().value;
    expect(ids.sort()).toEqual([a.nodeId, b.nodeId].sort());
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', 'GAMELOFAV3', otherToken)).json().value).toEqual([]);
    const page = (
      await get('/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=999&gameType=FISH', 'GAMELOFAV3', token)
    ).json().value;
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(page.content).toHaveLength(2);
    const removed = await client.send({
      method: 'DELETE',
      url: `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${a.nodeId}&vendor=x&gameType=FISH`,
      moduleId: 'GAMELOFAV3',
      token,
    });
    expect(removed.json().value).toEqual({ nodeId: a.nodeId, favourite: false });
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', 'GAMELOFAV3', token)).json().value).toEqual([b.nodeId]);
    expect((await add('99999999')).json().errorCode).toBe('not_found');
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', 'GAMELOFAV3')).json().errorCode).toBe('login.not.session');
  });

  it('records launches as recent games, most recent first', async () => {
    const games = (await list('gameType=RNG&vassalage=MG')).value.games as { nodeId: string }[];
    for (const game of games.slice(0, 3)) {
      const launch = await get(`/wps/game/launchGame?nodeId=${game.nodeId}`, 'GAMELO3', otherToken);
      expect(launch.json().success).toBe(true);
    }
    const recent = (await get('/wps/relay/GCS_recentGame?page=1&pageSize=12', 'GAMELOREC3', otherToken)).json().value;
    expect(recent.list.map((g: { nodeId: string }) => g.nodeId)).toEqual(
      games
        .slice(0, 3)
        .map((g) => g.nodeId)
        .reverse(),
    );
  });
});

describe('launch', () => {
  it('issues a game token and the provider URL for a real member', async () => {
    const game = (await list('gameType=RNG&vassalage=PT')).value.games[0];
    const response = await get(
      `/wps/game/launchGame?nodeId=${game.nodeId}&accountType=1&language=CN`,
      'GAMELO3',
      token,
    );
    const content = response.json().value.content;
    expect(content.mode).toBe('real');
    const url = new URL(content.game_url);
    expect(`${url.origin}`).toBe('http://127.0.0.1:8082');
    expect(url.searchParams.get('game')).toBe(game.gameCode);
    expect(url.searchParams.get('lang')).toBe('CN');
    const session = await t.services.games.sessionOf(url.searchParams.get('token') ?? '');
    expect(session).toMatchObject({
      memberId: expect.any(String),
      mode: 'real',
      gameCode: game.gameCode,
      merchantCode: 'demo',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lists the PVP rooms with the members playing now, and opens a game in the room chosen', async () => {
    const game = (await list('gameType=PVP')).value.games[0];
    const rooms = async () =>
      (await get(`/wps/relay/GLS2_roomList?nodeId=${game.nodeId}`, 'GAMELO3', token)).json().value.list;
    const before = await rooms();
    expect(before.map((room: { level: string }) => room.level)).toEqual([
      'beginner',
      'intermediate',
      'advanced',
      'vip',
    ]);
    const vip = before[3];
    expect(vip).toMatchObject({ roomId: `${game.nodeId}-vip`, minBet: '100.00', maxBet: '10000.00', currency: 'USD' });
    const launched = await get(`/wps/game/launchGame?nodeId=${game.nodeId}&roomId=${vip.roomId}`, 'GAMELO3', token);
    const url = new URL(launched.json().value.content.game_url);
    expect([url.searchParams.get('room'), url.searchParams.get('minBet'), url.searchParams.get('maxBet')]).toEqual([
      'vip',
      '100.00',
      '10000.00',
    ]);
    // Nobody played this game before; now this member has a live session on it (every room shows it).
    expect(vip.players).toBe(0);
    expect((await rooms()).map((room: { players: number }) => room.players)).toEqual([1, 1, 1, 1]);
    // A room of another game, or of a game that has none, is a field error; nothing is launched.
    const sessions = async () =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM game_sessions')).rows[0].n;
    const count = await sessions();
    const rng = (await list('gameType=RNG')).value.games[0];
    for (const bad of [`${rng.nodeId}-vip`, `${game.nodeId}-king`]) {
      const target = bad.startsWith(rng.nodeId) ? rng.nodeId : game.nodeId;
      const refused = await get(`/wps/game/launchGame?nodeId=${target}&roomId=${bad}`, 'GAMELO3', token);
      expect(refused.json()).toMatchObject({
        errorCode: 'validation_failed',
        fieldErrors: [{ path: 'roomId', code: 'field_invalid' }],
      });
    }
    expect(await sessions()).toBe(count);
  });

  it('lets a trial account play for fun only where the game offers a free trial', async () => {
    const { rows } = await t.database.pool.query<{ id: number; support_play: number }>(
      "SELECT id, support_play FROM games WHERE game_type = 'RNG' ORDER BY id LIMIT 40",
    );
    const trialGame = rows.find((row) => row.support_play === 0);
    const realOnly = rows.find((row) => row.support_play === 1);
    const trialMember = await t.database.pool.query<{ type: number }>(
      'SELECT type FROM members WHERE username LIKE $1',
      ['trial_%'],
    );
    expect(trialMember.rows[0]?.type).toBe(TRIAL_MEMBER_TYPE);
    const fun = await get(`/wps/game/launchGame?nodeId=${trialGame?.id}`, 'GAMELO3', trialToken);
    expect(fun.json().value.content.mode).toBe('fun');
    const refused = await get(`/wps/game/launchGame?nodeId=${realOnly?.id}`, 'GAMELO3', trialToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('in_need_true_account');
    const noFreePlay = await get(`/wps/game/launchGame?nodeId=${realOnly?.id}&accountType=0`, 'GAMELO3', token);
    expect(noFreePlay.json().errorCode).toBe('free_play_unavailable');
    const memberFun = await get(`/wps/game/launchGame?nodeId=${trialGame?.id}&accountType=0`, 'GAMELO3', token);
    expect(memberFun.json().value.content.mode).toBe('fun');
  });

  it('refuses a game under maintenance and suggests others', async () => {
    const operator = await t.operatorToken();
    const game = (await list('gameType=LIVE&vassalage=DG')).value.games[0];
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/admin/merchants/demo/games/${game.nodeId}`,
      headers: { authorization: operator },
      payload: { maintenance: true },
    });
    expect(patched.json().value.maintenance).toBe(true);
    const refused = await get(`/wps/game/launchGame?nodeId=${game.nodeId}`, 'GAMELO3', token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errorCode).toBe('game_maintenance');
    const suggestions = refused.json().value.suggestions as { nodeId: string; gameType: string }[];
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.gameType === 'LIVE' && s.nodeId !== game.nodeId)).toBe(true);
    expect((await list(`gameType=LIVE&vassalage=DG`)).value.games[0].maintenance).toBe(true);
  });
});

describe('the back office catalogue', () => {
  const admin = async (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, headers: { authorization: await t.operatorToken() }, ...(payload ? { payload } : {}) });

  it('disables a vendor for one merchant, hides its games from the lobby, and audits it', async () => {
    const vendors = (await admin('GET', '/api/admin/merchants/demo/games/vendors')).json().value as {
      vassalage: string;
      enabled: boolean;
      gameCount: number;
    }[];
    expect(vendors.find((v) => v.vassalage === 'WD')).toMatchObject({ enabled: true, gameCount: 90 });
    const off = await admin('PATCH', '/api/admin/merchants/demo/games/vendors/WD', { enabled: false });
    expect(off.json().value.enabled).toBe(false);
    expect((await list('gameType=RNG&vassalage=WD')).value.totalCount).toBe(0);
    const lanes = (await get('/wps/relay/GCSGAME_newGameVendor', 'COMM3')).json().value.data.lanes as {
      title: string;
      cards: { vassalage: string }[];
    }[];
    expect(lanes.find((lane) => lane.title === 'RNG')?.cards.map((c) => c.vassalage)).not.toContain('WD');
    await admin('PATCH', '/api/admin/merchants/demo/games/vendors/WD', { enabled: true });
    expect((await list('gameType=RNG&vassalage=WD')).value.totalCount).toBe(90);
    const audit = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'games.vendor_update'",
    );
    expect(audit.rows[0].n).toBe(2);
    expect(
      (await admin('PATCH', '/api/admin/merchants/demo/games/vendors/NOPE', { enabled: false })).json().errorCode,
    ).toBe('not_found');
  });

  it('renames a game for one merchant and finds it by its new name; reorders and marks hot', async () => {
    const games = (await list('gameType=FISH&vassalage=CQ9')).value.games as { nodeId: string }[];
    const target = games[5] as { nodeId: string };
    const renamed = await admin('PATCH', `/api/admin/merchants/demo/games/${target.nodeId}`, {
      names: { EN: 'Harbour Lights', CN: '港湾之光' },
      isHot: true,
    });
    expect(renamed.json().value).toMatchObject({ names: { EN: 'Harbour Lights', CN: '港湾之光' }, isHot: true });
    const found = await list('gameName=harbour');
    expect(found.value.games.map((g: { nodeId: string }) => g.nodeId)).toEqual([target.nodeId]);
    const bad = await admin('PATCH', `/api/admin/merchants/demo/games/${target.nodeId}`, { names: { XX: 'nope' } });
    expect(bad.json().fieldErrors[0]).toMatchObject({ path: 'names.XX', code: 'field_unknown' });
    const order = [games[3], games[1]].map((g) => (g as { nodeId: string }).nodeId);
    expect(
      (await admin('POST', '/api/admin/merchants/demo/games/reorder', { nodeIds: order })).json().value.updated,
    ).toBe(2);
    const after = (await list('gameType=FISH&vassalage=CQ9')).value.games.map((g: { nodeId: string }) => g.nodeId);
    expect(after.slice(0, 2)).toEqual(order);
    const hot = (await get('/wps/relay/GCSGAME_hotGamesV2?gameType=FISH', 'GAMELOHOT3')).json().value.list as {
      nodeId: string;
    }[];
    expect(hot.map((g) => g.nodeId)).toContain(target.nodeId);
  });

  it('refuses operators without the right role or merchant', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/admin/merchants/demo/games/1',
      payload: { enabled: false },
    });
    expect(response.json().errorCode).toBe('login.not.session');
  });
});
