import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlayers } from '../../../test/game-players';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;
let trialToken: string;

/** The site the requests come to (inject's Host) and a page of it to go back to. */
const BACK = 'http://localhost/elott?page=2';

const lottery = {
  launchMode: 'LOTT',
  lottoArea: 'VN',
  lottoPrizeMode: 'LOTT',
  lottoGameCode: 'LOTT-001',
  lottoView: 'betting',
  device: 'WEB',
  backUrl: BACK,
  language: 'EN',
};

const launch = (fields: Record<string, string | undefined>, as?: string) => {
  const query = new URLSearchParams(
    Object.entries({ ...lottery, ...fields }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return client.send({
    method: 'GET',
    url: `/wps/game/launchGame?${query}`,
    moduleId: 'GAMELO3',
    ...(as ? { token: as } : {}),
  });
};

const sessions = async () =>
  (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM game_sessions')).rows[0]?.n;

const gameOf = async (gameCode: string) =>
  (
    await t.database.pool.query<{ id: number; vendor_code: string }>(
      'SELECT id, vendor_code FROM games WHERE game_code = $1',
      [gameCode],
    )
  ).rows[0];

const admin = async (url: string, payload: object) =>
  t.request({ method: 'PATCH', url, headers: { authorization: await t.operatorToken() }, payload });

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  ({ token, otherToken, trialToken } = await gamePlayers(t, client, ['lotto1', 'lotto2']));
});
afterAll(async () => {
  await t.close();
});

describe('the lottery launch', () => {
  it("opens the game of the code in the betting view at the provider, with the fields, for the caller's session", async () => {
    const response = await launch({}, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const content = response.json().value.content;
    const game = await gameOf('LOTT-001');
    expect(content).toMatchObject({
      mode: 'real',
      nodeId: String(game?.id),
      vassalage: 'LOTT',
      gameName: 'Lotto 6/45',
    });
    const url = new URL(content.game_url);
    expect(url.origin).toBe('http://127.0.0.1:8082');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      game: 'LOTT-001',
      engine: 'lottery',
      view: 'betting',
      back: BACK,
      prizeMode: 'LOTT',
      area: 'VN',
      device: 'WEB',
      lang: 'EN',
      mode: 'real',
      currency: 'USD',
    });
    // The token is bound to this member and this game (the seamless wallet moves this member's money only).
    const session = await t.services.games.sessionOf(url.searchParams.get('token') ?? '');
    const member = await t.database.pool.query<{ id: string }>(
      "SELECT id::text FROM members WHERE username = 'lotto1'",
    );
    expect(session).toMatchObject({
      memberId: member.rows[0]?.id,
      gameId: game?.id,
      mode: 'real',
      merchantCode: 'demo',
    });
    const other = new URL((await launch({}, otherToken)).json().value.content.game_url).searchParams.get('token');
    expect(other).not.toBe(url.searchParams.get('token'));
    expect((await t.services.games.sessionOf(other ?? ''))?.memberId).not.toBe(member.rows[0]?.id);
  });

  it('opens the first game of the area and prize mode in the lobby view without a game code', async () => {
    const response = await launch({ lottoGameCode: '', lottoView: 'lobby', lottoPrizeMode: 'ELOTT' }, token);
    const content = response.json().value.content;
    expect(content.vassalage).toBe('ELOTT');
    const first = await t.database.pool.query<{ id: number }>(
      "SELECT id FROM games WHERE vendor_code = 'ELOTT' ORDER BY sort, id LIMIT 1",
    );
    expect(content.nodeId).toBe(String(first.rows[0]?.id));
    const url = new URL(content.game_url);
    expect([url.searchParams.get('view'), url.searchParams.get('prizeMode')]).toEqual(['lobby', 'ELOTT']);
  });

  it("opens the Vietnamese lotto's and the South-East Asian lottery's games in their area and prize mode", async () => {
    const vn = await launch({ lottoArea: 'VN', lottoPrizeMode: 'ELOTT', lottoGameCode: 'VN-002' }, token);
    expect(vn.statusCode).toBe(200);
    expect(vn.json().value.content).toMatchObject({
      nodeId: String((await gameOf('VN-002'))?.id),
      vassalage: 'TCG_LOTTO_VN',
      gameName: 'Central Lotto',
    });
    const vnUrl = new URL(vn.json().value.content.game_url);
    expect(Object.fromEntries(vnUrl.searchParams)).toMatchObject({
      game: 'VN-002',
      engine: 'lottery',
      view: 'betting',
      prizeMode: 'ELOTT',
      area: 'VN',
    });

    const sea = await launch({ lottoArea: 'SEA', lottoPrizeMode: 'SEA', lottoGameCode: 'SEA-003' }, token);
    expect(sea.json().value.content).toMatchObject({
      nodeId: String((await gameOf('SEA-003'))?.id),
      vassalage: 'TCG_SEA',
      gameName: 'Singapore 4D',
    });
    const seaUrl = new URL(sea.json().value.content.game_url);
    expect([seaUrl.searchParams.get('game'), seaUrl.searchParams.get('area')]).toEqual(['SEA-003', 'SEA']);
    expect(seaUrl.searchParams.get('prizeMode')).toBe('SEA');

    // The SEA area's lobby opens its only vendor's first game.
    const lobby = await launch(
      { lottoArea: 'SEA', lottoPrizeMode: 'SEA', lottoGameCode: '', lottoView: 'lobby' },
      token,
    );
    expect(lobby.json().value.content).toMatchObject({ vassalage: 'TCG_SEA', gameName: 'Thai Lotto' });
    // Each code belongs to its own area: a SEA game is no Vietnamese lotto, and the other way round.
    expect((await launch({ lottoPrizeMode: 'ELOTT', lottoGameCode: 'SEA-001' }, token)).json().errorCode).toBe(
      'lottery_game_unknown',
    );
    expect(
      (await launch({ lottoArea: 'SEA', lottoPrizeMode: 'SEA', lottoGameCode: 'VN-001' }, token)).json().errorCode,
    ).toBe('lottery_game_unknown');
  });

  it('refuses bad fields with field errors and starts nothing', async () => {
    const before = await sessions();
    const cases: [Record<string, string | undefined>, { path: string; code: string }][] = [
      [{ lottoView: undefined }, { path: 'lottoView', code: 'not_empty' }],
      [{ lottoView: 'table' }, { path: 'lottoView', code: 'field_not_allowed' }],
      [{ lottoGameCode: '' }, { path: 'lottoGameCode', code: 'not_empty' }],
      [{ lottoPrizeMode: 'XX' }, { path: 'lottoPrizeMode', code: 'field_not_allowed' }],
      [{ lottoArea: 'EU' }, { path: 'lottoArea', code: 'field_not_allowed' }],
      [{ lottoArea: undefined }, { path: 'lottoArea', code: 'not_empty' }],
      [{ device: 'TV' }, { path: 'device', code: 'field_not_allowed' }],
      [{ backUrl: undefined }, { path: 'backUrl', code: 'not_empty' }],
      [{ backUrl: 'javascript:alert(1)' }, { path: 'backUrl', code: 'field_invalid' }],
      [{ backUrl: 'https://evil.test/phish' }, { path: 'backUrl', code: 'field_invalid' }],
    ];
    for (const [fields, error] of cases) {
      const refused = await launch(fields, token);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json(), JSON.stringify(fields)).toMatchObject({
        success: false,
        errorCode: 'validation_failed',
        fieldErrors: [error],
      });
    }
    // A standard launch still needs its game.
    const noGame = await client.send({ method: 'GET', url: '/wps/game/launchGame', moduleId: 'GAMELO3', token });
    expect(noGame.json()).toMatchObject({ errorCode: 'validation_failed', fieldErrors: [{ path: 'nodeId' }] });
    expect(await sessions()).toBe(before);
  });

  it('needs a signed-in real member', async () => {
    const before = await sessions();
    const visitor = await launch({});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errorCode).toBe('login.not.session');
    const trial = await launch({}, trialToken);
    expect(trial.json().errorCode).toBe('in_need_true_account');
    expect(await sessions()).toBe(before);
  });

  it('answers an unknown game code, a switched-off vendor and maintenance with their own codes', async () => {
    const before = await sessions();
    const unknown = await launch({ lottoGameCode: 'LOTT-999' }, token);
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'lottery_game_unknown']);
    // A game of another prize mode's vendor is not this launch's game, nor is a slot's code.
    expect((await launch({ lottoGameCode: 'ELOTT-001' }, token)).json().errorCode).toBe('lottery_game_unknown');
    expect((await launch({ lottoGameCode: 'PT-S001' }, token)).json().errorCode).toBe('lottery_game_unknown');
    // The SEA area has no game of this code; nor does the Vietnamese lotto.
    expect(
      (await launch({ lottoArea: 'SEA', lottoPrizeMode: 'SEA', lottoGameCode: 'S1' }, token)).json().errorCode,
    ).toBe('lottery_game_unknown');
    expect((await launch({ lottoPrizeMode: 'ELOTT', lottoGameCode: 'VN-404' }, token)).json().errorCode).toBe(
      'lottery_game_unknown',
    );

    const game = await gameOf('LOTT-002');
    expect((await admin(`/api/admin/merchants/demo/games/${game?.id}`, { maintenance: true })).statusCode).toBe(200);
    const maintenance = await launch({ lottoGameCode: 'LOTT-002' }, token);
    expect([maintenance.statusCode, maintenance.json().errorCode]).toEqual([503, 'game_maintenance']);

    expect((await admin('/api/admin/merchants/demo/games/vendors/LOTT', { enabled: false })).statusCode).toBe(200);
    const off = await launch({}, token);
    expect([off.statusCode, off.json().errorCode]).toEqual([403, 'lottery_unavailable']);
    expect((await launch({ lottoGameCode: '', lottoView: 'lobby' }, token)).json().errorCode).toBe(
      'lottery_unavailable',
    );
    expect(await sessions()).toBe(before);
    await admin('/api/admin/merchants/demo/games/vendors/LOTT', { enabled: true });
    expect((await launch({}, token)).json().success).toBe(true);
  });

  it('sends a standard launch of a lottery game to its lottery page', async () => {
    const game = await gameOf('ELOTT-003');
    const response = await client.send({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${game?.id}`,
      moduleId: 'GAMELO3',
      token,
    });
    expect(response.json().value.content.game_url).toBe('/lottery?gameCode=ELOTT-003');
    const pageOf = async (gameCode: string) =>
      (
        await client.send({
          method: 'GET',
          url: `/wps/game/launchGame?nodeId=${(await gameOf(gameCode))?.id}`,
          moduleId: 'GAMELO3',
          token,
        })
      ).json().value.content.game_url;
    expect(await pageOf('VN-004')).toBe('/vnLottery?gameCode=VN-004');
    expect(await pageOf('SEA-002')).toBe('/seaLottery?gameCode=SEA-002');
  });
});
