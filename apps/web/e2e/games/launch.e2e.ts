import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoGame, searchCard as findCard, demoGame as findDemoGame } from '../support/games';
import { memberApi } from '../support/member-api';
import { dialog, openLogin, openSite, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const demoGame = (where: string) => findDemoGame(server, where);
const searchCard = (page: Page, game: DemoGame) => findCard(page, server.url, game);

describe('game launch', () => {
  it("starts an outside provider's game in the seamless frame with a fresh game token, and lists it as recent", async () => {
    const game = await demoGame("v.launch_kind = 'seamless' AND g.game_type = 'RNG'");
    await memberApi(server).registerByUsername('Play0001', 'Secret123', '81170001');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Play0001');
    const card = await searchCard(page, game);
    await card.getByRole('button', { name: 'PLAY NOW' }).click();

    await page.waitForURL((url) => url.pathname === '/seamless');
    expect(new URL(page.url()).searchParams.get('nodeId')).toBe(String(game.id));
    const frame = page.locator('iframe[data-game-frame]');
    await frame.waitFor({ state: 'attached' });
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.pathname).toBe('/play');
    expect(src.searchParams.get('game')).toBe(game.game_code);
    expect(src.searchParams.get('mode')).toBe('real');
    expect(src.searchParams.get('token')?.length).toBeGreaterThan(20);
    // No footer and no side menu around the game; the balance is beside it.
    expect(await page.locator('[data-shell="footer"]').count()).toBe(0);
    expect(await page.locator('[data-shell="side-menu"]').count()).toBe(0);
    await page.locator('[data-seamless-balance]').getByText('Balance').waitFor();

    const sessions = await server.query<{ mode: string }>(
      `SELECT s.mode FROM game_sessions s JOIN members m ON m.id = s.member_id
        WHERE m.username = 'play0001' AND s.game_id = $1`,
      [game.id],
    );
    expect(sessions.map((row) => row.mode)).toEqual(['real']);
    // The game URL (it carries the token) is in neither the address bar nor storage.
    expect(page.url()).not.toContain('token');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain(src.searchParams.get('token') ?? 'no token');

    await page.goto(`${server.url}/recent`);
    await page.locator(`[data-account-games="RECENT"] [data-game="${game.id}"]`).waitFor();
    await context.close();
  });

  it('shows a trial account the real-account message for a real-money game, and lets it play a free trial', async () => {
    const realOnly = await demoGame("v.launch_kind = 'seamless' AND g.support_play = 1 AND g.game_type = 'RNG'");
    const freeTrial = await demoGame("v.launch_kind = 'seamless' AND g.support_play = 0 AND g.game_type = 'RNG'");
    const { context, page } = await openSite(browser, server, '/');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Trial' }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();

    const card = await searchCard(page, realOnly);
    expect(await card.getByRole('button', { name: 'FREE TRIAL' }).count()).toBe(0);
    await card.getByRole('button', { name: 'PLAY NOW' }).click();
    const realAccount = dialog(page, 'real-account');
    await realAccount.getByText('Please register an account first.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Cancel stays on the trial (OK would end it and open the registration).
    await realAccount.getByRole('button', { name: 'Cancel' }).click();
    await realAccount.waitFor({ state: 'detached' });

    const trialCard = await searchCard(page, freeTrial);
    await trialCard.getByRole('button', { name: 'FREE TRIAL' }).click();
    await page.waitForURL((url) => url.pathname === '/seamless');
    const frame = page.locator('iframe[data-game-frame]');
    await frame.waitFor({ state: 'attached' });
    expect(new URL((await frame.getAttribute('src')) ?? '').searchParams.get('mode')).toBe('fun');
    await context.close();
  });

  it('asks a visitor to log in instead of starting a game', async () => {
    const game = await demoGame("v.launch_kind = 'seamless'");
    const { context, page } = await openSite(browser, server, '/');
    const card = await searchCard(page, game);
    await card.getByRole('button', { name: 'PLAY NOW' }).click();
    await dialog(page, 'login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('maintenance', () => {
  it('an operator puts a game under maintenance in the back office; the lobby shows it and suggests other games', async () => {
    const game = await demoGame("v.launch_kind = 'seamless' AND g.game_type = 'LIVE'");
    const admin = await newPage(browser);
    await admin.page.goto(`${server.url}/admin/`);
    await admin.page.getByLabel('Username').fill(DEMO_OPERATOR.username);
    await admin.page.getByLabel('Password').fill(DEMO_OPERATOR.password);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();
    await admin.page.waitForURL(/\/admin\/(dashboard|merchants)/);
    await admin.page.getByRole('link', { name: 'Games' }).first().click();
    // A platform operator picks the merchant first; a merchant's own operator lands on its catalogue.
    const merchantLink = admin.page.locator('a[href$="/merchants/demo/games"]');
    await merchantLink.or(admin.page.locator('[data-catalogue-search]')).first().waitFor();
    if ((await merchantLink.count()) > 0) await merchantLink.click();
    await admin.page.locator('[data-catalogue-search]').fill(game.game_code);
    const row = admin.page.locator(`tr[data-game="${game.id}"]`);
    await row.waitFor();
    await row.getByRole('switch', { name: `${game.name} under maintenance` }).click();
    await row.getByRole('switch', { name: `${game.name} under maintenance`, checked: true }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await server.query<{ maintenance: boolean }>(
              "SELECT maintenance FROM merchant_game_settings WHERE merchant_code = 'demo' AND game_id = $1",
              [game.id],
            )
          )[0]?.maintenance,
      )
      .toBe(true);
    const audit = await server.query("SELECT 1 FROM audit_log WHERE action = 'games.game_update'");
    expect(audit.length).toBeGreaterThan(0);
    await admin.context.close();

    await memberApi(server).registerByUsername('Fix00001', 'Secret123', '81170002');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Fix00001');
    const card = await searchCard(page, game);
    expect(await card.getAttribute('data-maintenance')).toBe('');
    await card.getByText('Under maintenance').waitFor();
    await card.getByRole('button', { name: 'PLAY NOW' }).click();
    const notice = dialog(page, 'game-maintenance');
    await notice.getByText('This game is under maintenance. Please try another game.').waitFor();
    const suggestion = notice.locator('[data-suggestion]').first();
    await suggestion.waitFor();
    expect(await suggestion.getAttribute('data-suggestion')).not.toBe(String(game.id));

    // Opened by its address, the launch is refused with the same message and the server's suggestions.
    await page.goto(`${server.url}/seamless?nodeId=${game.id}&vassalage=${game.vendor_code}&gameType=LIVE`);
    await page.locator('[data-game-maintenance]').waitFor();
    await page.locator('[data-game-maintenance] [data-suggestion]').first().waitFor();
    expect(await page.locator('iframe[data-game-frame]').count()).toBe(0);
    await context.close();
  });
});
