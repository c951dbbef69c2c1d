import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { dialog, openLogin, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;

beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
  api = memberApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Dialogs fade in over 100 ms and cards fade their artwork in: contrast is judged once everything is painted. */
const settle = (page: Page) => page.waitForTimeout(500);

/**
 * Issue 7's accessibility bar: axe-core finds no serious or critical violation on home, a lobby, login,
 * register, the member centre and its invite page, in both themes and on a phone as on a desktop. Home and the
 * notice dialog are also checked by the site-frame journey.
 */
describe.each([
  { theme: 'light', viewport: 'desktop' },
  { theme: 'dark', viewport: 'phone' },
] as const)('accessibility in the $theme theme on a $viewport', ({ theme, viewport }) => {
  const openIn = async (path: string) => {
    const { context, page } = await newPage(browser, { viewport });
    // The announcement popup is checked by the site-frame journey; here it starts closed for the session.
    await context.addInitScript(() => {
      sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      sessionStorage.setItem('USER_POPUP', 'closed');
    });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    const current = await page.evaluate(() => document.documentElement.dataset.theme);
    if (current !== theme) {
      await page.locator('[data-shell="header"] [data-theme-toggle]').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    }
    if (path !== '/') await page.goto(`${server.url}${path}`);
    await page.locator('[data-shell="header"]').waitFor();
    return { context, page };
  };

  it('has none on a game lobby', async () => {
    const { context, page } = await openIn('/rng');
    await page.locator('[data-game-grid] [data-game]').first().waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('has none in the login and register dialogs', async () => {
    const { context, page } = await openIn('/');
    await openLogin(page);
    await settle(page);
    expect(await seriousViolations(page, 'dialog[data-dialog="login"]')).toEqual([]);
    await page.goto(`${server.url}/register`);
    await dialog(page, 'register').waitFor();
    await settle(page);
    expect(await seriousViolations(page, 'dialog[data-dialog="register"]')).toEqual([]);
    await context.close();
  });

  it('has none in the member centre', async () => {
    const username = theme === 'light' ? 'AxeLight01' : 'AxeDark001';
    await api.registerByUsername(username, 'Secret123', theme === 'light' ? '81190001' : '81190002');
    const { context, page } = await openIn('/');
    await signInMember(page, username);
    await page.goto(`${server.url}/member`);
    await page.locator('[data-page]').first().waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('has none on the invite page (referral link, QR code, terms and friends)', async () => {
    const username = theme === 'light' ? 'AxeRefLight' : 'AxeRefDark1';
    await api.registerByUsername(username, 'Secret123', theme === 'light' ? '81190003' : '81190004');
    const { context, page } = await openIn('/');
    await signInMember(page, username);
    await page.goto(`${server.url}/member?page=referral`);
    await page.locator('[data-page="referral"] [data-card="referral-friends"] [data-testid="empty-state"]').waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
