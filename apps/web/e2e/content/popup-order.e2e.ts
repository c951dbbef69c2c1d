import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { dialog, loginWithPassword, openSite, signOut, userMenu } from '../support/site';

/** The notice ticker's track: its computed animation-play-state. */
const tickerPlayState = (page: Page) =>
  page.locator('[data-ticker-track]').evaluate((track) => getComputedStyle(track).animationPlayState);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The demo's own announcements: two for visitors (B), two for members (A), one for a first login (F).
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('popups on a first visit', () => {
  it('come one at a time, the asked-for dialog first, and each announcement once per session', async () => {
    await memberApi(server).registerByUsername('Popup001', 'Secret123', '81240001');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    const announcement = dialog(page, 'announcement');

    // A first visit: the visitors' announcements, alone.
    await announcement.waitFor();
    await announcement.getByText('Welcome to the demo site').waitFor();
    expect(await page.locator('dialog[open]').count()).toBe(1);
    // Nothing moves beneath the open dialog (decision 0155): the ticker stands still, and runs again once it closes.
    await page.locator('[data-ticker-track]').waitFor({ state: 'attached' });
    await expect.poll(() => tickerPlayState(page)).toBe('paused');
    await announcement.getByRole('button', { name: 'Close' }).click();
    await announcement.waitFor({ state: 'detached' });
    await expect.poll(() => tickerPlayState(page)).toBe('running');

    // Login: the login-success dialog comes first and alone; the members' announcements only after it closes.
    await loginWithPassword(page, 'Popup001', 'Secret123');
    const afterLogin = dialog(page, 'after-login');
    await afterLogin.waitFor();
    await page.waitForTimeout(800);
    expect(await announcement.count()).toBe(0);
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await afterLogin.getByRole('button', { name: 'Start playing' }).click();
    await afterLogin.waitFor({ state: 'detached' });
    await announcement.waitFor();
    await announcement.getByText('Protect your account').waitFor();
    // Nothing the session was already shown as a visitor comes again.
    expect(await announcement.getByText('Welcome to the demo site').count()).toBe(0);
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await announcement.getByRole('button', { name: 'Close' }).click();
    await announcement.waitFor({ state: 'detached' });

    // Signing out does not bring the visitors' announcements back in the same session, nor does a reload.
    await signOut(page);
    await page.waitForTimeout(1500);
    expect(await announcement.count()).toBe(0);
    await page.reload();
    await page.locator('[data-shell="header"]').waitFor();
    await page.waitForTimeout(1500);
    expect(await announcement.count()).toBe(0);
    expect(await userMenu(page).count()).toBe(0);
    await context.close();
  });
});
