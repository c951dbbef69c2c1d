import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { timeUntil } from '../../../test/wait-for';
import { MERCHANT_CACHE_MS } from '../../modules/merchants';

// Two server instances in this process on one database, each with its own pool, caches and cache listener, as two
// processes behind a load balancer would be. An operator changes something on A; B must serve it within 1 s.
let a: TestApp;
let b: TestApp;
let owner: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { instanceOf: a });
  owner = await a.operatorToken();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** How soon the other instance must see a change (`timeUntil`'s default). */
const WITHIN_MS = 1000;

const siteName = async (t: TestApp) =>
  (await t.request({ method: 'GET', url: '/wps/system/status', headers: { ModuleId: 'COMM3' } })).json().value.info.site
    .name as string;

const rngVendors = async (t: TestApp) => {
  const response = await t.request({
    method: 'GET',
    url: '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop',
    headers: { ModuleId: 'COMM3' },
  });
  const lanes = response.json().value.data.lanes as { title: string; cards: { vassalage: string }[] }[];
  return lanes.find((lane) => lane.title === 'RNG')?.cards.map((card) => card.vassalage) ?? [];
};

/** Whether the lobby (the in-memory catalogue) lists any of the vendor PNG's games. */
const lobbyListsPng = async (t: TestApp) => {
  const response = await t.request({
    method: 'GET',
    url: '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PNG&pageSize=1',
    headers: { ModuleId: 'GAMELO3' },
  });
  return (response.json().value.totalCount as number) > 0;
};

describe('caches across instances', () => {
  it("serves an operator's change to a merchant setting on every instance within 1 s", async () => {
    // Without the broadcast, B would keep its copy for the cache's whole lifetime: far longer than the deadline.
    expect(MERCHANT_CACHE_MS).toBeGreaterThan(10 * WITHIN_MS);
    const before = await siteName(b);
    expect(await siteName(a)).toBe(before);

    for (const name of ['Renamed on A', before]) {
      const detail = (
        await a.request({ method: 'GET', url: '/api/admin/merchants/demo', headers: { authorization: owner } })
      ).json().value as { version: number; settings: Record<string, unknown> };
      const changed = a.request({
        method: 'PUT',
        url: '/api/admin/merchants/demo',
        headers: { authorization: owner },
        payload: { version: detail.version, settings: { ...detail.settings, name } },
      });
      // The clock starts as the change is sent: B's answer must follow within 1 s of it.
      const took = await timeUntil(
        () => siteName(b),
        (seen) => seen === name,
      );
      expect((await changed).json()).toMatchObject({ success: true });
      expect(took).not.toBeNull();
      expect(await siteName(a)).toBe(name);
    }
  });

  it("serves an operator's change to the game catalogue (lanes and lobby) on every instance within 1 s", async () => {
    expect(await rngVendors(b)).toContain('PNG');
    expect(await lobbyListsPng(b)).toBe(true);
    const patch = (enabled: boolean) =>
      a.request({
        method: 'PATCH',
        url: '/api/admin/merchants/demo/games/vendors/PNG',
        headers: { authorization: owner },
        payload: { enabled },
      });
    const disabled = patch(false);
    expect(
      await timeUntil(
        async () => ({ lanes: await rngVendors(b), lobby: await lobbyListsPng(b) }),
        (seen) => !seen.lanes.includes('PNG') && !seen.lobby,
      ),
    ).not.toBeNull();
    expect((await disabled).json()).toMatchObject({ success: true });

    const enabled = patch(true);
    expect(
      await timeUntil(
        () => rngVendors(b),
        (seen) => seen.includes('PNG'),
      ),
    ).not.toBeNull();
    expect((await enabled).json()).toMatchObject({ success: true });
  });
});
