import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '@tessera/testkit/oidc-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/screenshots';
import { dialog, openLogin, openSite, signInDesk, signOut, userMenu } from '../support/site';

/**
 * Social sign-in as a member meets it (decision 0165), against a real OpenID provider (oidc-provider with its
 * development login and consent pages) started here: the operator adds the provider in the back office; the
 * member clicks its button on the login popup, signs in on the provider's pages and lands signed in with a new
 * account; after signing out, the same button lands in the same account.
 */

let server: TestServer;
let browser: Browser;
let idp: TestOpenIdProvider;

beforeAll(async () => {
  server = await startTestServer();
  idp = await startTestOpenIdProvider([`${server.url}/social-sign-in/callback`]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.stop();
});

/** Clicks the provider's button and goes through the provider's pages (whichever it shows) back to the site. */
const signInThroughProvider = async (page: Page, login: string) => {
  const popup = await openLogin(page);
  const toProvider = page.waitForRequest((request) => request.url().startsWith(idp.issuer));
  await popup.getByRole('button', { name: 'Continue with Local ID' }).click();
  await toProvider;
  // The whole page goes to the provider; it asks for a login and consent or, with its session, sends it straight back.
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue', exact: true });
  for (let step = 0; step < 4; step++) {
    await loginField.or(consent).or(userMenu(page)).first().waitFor();
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await loginField.waitFor({ state: 'detached' });
    } else if (await consent.isVisible()) {
      await consent.click();
      await consent.waitFor({ state: 'detached' });
    } else break;
  }
  await userMenu(page).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
};

describe('social sign-in', () => {
  it('is set up in the back office, creates an account on the first sign-in and logs into it on the second', async () => {
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/social-sign-in`);
    await desk.page.getByLabel('Display name').fill('Local ID');
    await desk.page.getByLabel('Issuer URL').fill(idp.issuer);
    await desk.page.getByLabel('Client ID').fill(idp.clientId);
    await desk.page.getByLabel('Client secret').fill(idp.clientSecret);
    await desk.page.getByRole('button', { name: 'Add provider' }).click();
    const row = desk.page.getByTestId('social-providers').locator('tr[data-provider="Local ID"]');
    await row.getByText('Set', { exact: true }).waitFor();
    expect(await desk.page.content()).not.toContain(idp.clientSecret);
    await desk.page.screenshot({ path: screenshotPath('social-sign-in-admin-desktop.png'), fullPage: true });

    // The login popup shows the provider's button, on a phone and on a desktop.
    const phone = await openSite(browser, server, '/', 'phone');
    const phoneLogin = await openLogin(phone.page);
    await phoneLogin.getByRole('button', { name: 'Continue with Local ID' }).waitFor();
    await phone.page.waitForFunction(() => {
      const shown = document.querySelector('dialog[data-dialog="login"]');
      return shown !== null && getComputedStyle(shown).opacity === '1';
    });
    await phone.page.screenshot({ path: screenshotPath('social-sign-in-login-phone.png') });

    const { page } = await newPage(browser, { viewport: 'desktop' });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    const popup = await openLogin(page);
    await popup.getByRole('button', { name: 'Continue with Local ID' }).waitFor();
    await page.waitForFunction(() => {
      const shown = document.querySelector('dialog[data-dialog="login"]');
      return shown !== null && getComputedStyle(shown).opacity === '1';
    });
    await page.screenshot({ path: screenshotPath('social-sign-in-login-desktop.png') });
    await popup.getByRole('button', { name: 'Close' }).first().click();
    await dialog(page, 'login').waitFor({ state: 'detached' });

    await signInThroughProvider(page, 'e2e-subject');
    const links = await server.query<{ member_id: string; subject: string }>(
      'SELECT member_id, subject FROM social_sign_in_links',
    );
    expect(links).toEqual([{ member_id: expect.any(String), subject: 'e2e-subject' }]);
    const memberId = links[0]?.member_id;
    const firstAccount = await userMenu(page).textContent();
    // A new account meets the responsible-gaming limits prompt, as every registration does.
    await page.getByRole('button', { name: 'Not now' }).click();

    await page.screenshot({ path: screenshotPath('social-sign-in-landed-desktop.png') });
    await signOut(page);
    await signInThroughProvider(page, 'e2e-subject');
    expect(await userMenu(page).textContent()).toBe(firstAccount);
    expect(await server.query('SELECT member_id, subject FROM social_sign_in_links')).toEqual([
      { member_id: memberId, subject: 'e2e-subject' },
    ]);
    const members = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM members m JOIN social_sign_in_links l ON l.member_id = m.id WHERE l.subject = 'e2e-subject'",
    );
    expect(members).toEqual([{ n: 1 }]);
    const sessions = await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM member_sessions WHERE member_id = $1',
      [memberId],
    );
    expect(sessions).toEqual([{ n: 2 }]);
  });
});
