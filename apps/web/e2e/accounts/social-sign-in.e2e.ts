import { createHash, createHmac } from 'node:crypto';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '@tessera/testkit/oidc-provider';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { dialog, memberRow, openLogin, openSite, signInDesk, signInMember, signOut, userMenu } from '../support/site';
import { totpNow } from '../support/totp';

/**
 * Social sign-in as a member meets it (decision 0165), against a real OpenID provider (oidc-provider with its
 * development login and consent pages) started here: the operator adds the provider in the back office; the
 * member clicks its button on the login popup, signs in on the provider's pages and lands signed in with a new
 * account; after signing out, the same button lands in the same account. Telegram login (decision 0173) the same
 * way, with Telegram itself (the outside party) faked by answering its login page with a redirect back to the site
 * carrying login data signed with the test's bot token. A member links the provider from My account (its password
 * first), signs in with it, is asked for its two-factor code on the way back, and unlinks it.
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

/** Waits until the login popup has faded in (for a screenshot). */
const loginShown = (page: Page) =>
  page.waitForFunction(() => {
    const shown = document.querySelector('dialog[data-dialog="login"]');
    return shown !== null && getComputedStyle(shown).opacity === '1';
  });

/** A visitor's login popup on a phone, once it shows the button, in a screenshot. */
const shootLoginOnPhone = async (button: string, file: string) => {
  const phone = await openSite(browser, server, '/', 'phone');
  const popup = await openLogin(phone.page);
  await popup.getByRole('button', { name: button }).waitFor();
  await loginShown(phone.page);
  await phone.page.screenshot({ path: screenshotPath(file) });
};

/** Goes through the provider's pages (whichever it shows) until the site shows `back`. */
const throughProvider = async (page: Page, login: string, back: Locator) => {
  // The whole page goes to the provider; it asks for a login and consent or, with its session, sends it straight back.
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue', exact: true });
  for (let step = 0; step < 4; step++) {
    await loginField.or(consent).or(back).first().waitFor();
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
  await back.waitFor();
};

/** Clicks the provider's button on the login popup and comes back through the provider's pages. */
const startAtProvider = async (page: Page, login: string, back: Locator) => {
  const popup = await openLogin(page);
  const toProvider = page.waitForRequest((request) => request.url().startsWith(idp.issuer));
  await popup.getByRole('button', { name: 'Continue with Local ID' }).click();
  await toProvider;
  await throughProvider(page, login, back);
};

/** Runs `shoot` at a phone's and a desktop's width (390 and 1440 px). */
const atBothWidths = async (page: Page, shoot: (name: 'phone' | 'desktop') => Promise<void>) => {
  for (const [width, name] of [
    [390, 'phone'],
    [1440, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(name);
  }
};

/** Opens a linked sign-in's action: a wrong password is refused under its field. */
const refuseWrongPassword = async (row: Locator, action: string, submit: string) => {
  await row.getByRole('button', { name: action, exact: true }).click();
  await row.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await row.getByRole('button', { name: submit }).click();
  await row.locator('[data-field-error="error_password"]').waitFor();
};

/** Confirms the open action with the account's password. */
const confirmPassword = async (row: Locator, submit: string) => {
  await row.getByLabel('Password', { exact: true }).fill('Secret123');
  await row.getByRole('button', { name: submit }).click();
};

/** Signs in with the provider and lands signed in on the home page. */
const signInThroughProvider = async (page: Page, login: string) => {
  await startAtProvider(page, login, userMenu(page));
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
    await shootLoginOnPhone('Continue with Local ID', 'social-sign-in-login-phone.png');

    const { page } = await newPage(browser, { viewport: 'desktop' });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    const popup = await openLogin(page);
    await popup.getByRole('button', { name: 'Continue with Local ID' }).waitFor();
    await loginShown(page);
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

  it('signs in with Telegram once the owner enables it: Telegram (faked) sends back signed data, the member lands signed in', async () => {
    const botToken = '7001002003:AAE2e-test-bot-token_0123456789abcdef';
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/social-sign-in`);
    const form = desk.page.locator('form[data-form="social-telegram"]');
    await form.getByLabel('Bot username').fill('TesseraDemoBot');
    await form.getByLabel('Bot token').fill(botToken);
    await form.getByRole('button', { name: 'Save Telegram login' }).click();
    await desk.page.locator('[data-telegram-status]').getByText('Set', { exact: true }).waitFor();
    expect(await form.getByLabel('Bot token').inputValue()).toBe('');
    expect(await desk.page.content()).not.toContain(botToken);
    await desk.page.screenshot({ path: screenshotPath('social-sign-in-telegram-admin-desktop.png'), fullPage: true });
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.locator('#social-sign-in-telegram').scrollIntoViewIfNeeded();
    await desk.page.screenshot({ path: screenshotPath('social-sign-in-telegram-admin-phone.png'), fullPage: true });

    // Telegram's login page, faked: it sends the browser back to return_to with the signed data in the fragment.
    const asked: URL[] = [];
    let signings = 0;
    const fakeTelegram = async (page: Page) =>
      page.route('https://oauth.telegram.org/**', async (route) => {
        const url = new URL(route.request().url());
        asked.push(url);
        signings += 1;
        const fields: Record<string, string | number> = {
          auth_date: Math.floor(Date.now() / 1000) - signings,
          first_name: 'Tele',
          id: 777000111,
          username: 'tele_e2e',
        };
        const text = Object.keys(fields)
          .sort()
          .map((key) => `${key}=${fields[key]}`)
          .join('\n');
        const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(text).digest('hex');
        const result = Buffer.from(JSON.stringify({ ...fields, hash })).toString('base64');
        await route.fulfill({
          status: 302,
          headers: { location: `${url.searchParams.get('return_to')}#tgAuthResult=${result}` },
        });
      });

    // The Telegram button on the login popup, on a phone and on a desktop.
    await shootLoginOnPhone('Continue with Telegram', 'social-sign-in-telegram-login-phone.png');

    const { page } = await newPage(browser, { viewport: 'desktop' });
    await fakeTelegram(page);
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    const popup = await openLogin(page);
    await popup.getByRole('button', { name: 'Continue with Telegram' }).waitFor();
    await loginShown(page);
    await page.screenshot({ path: screenshotPath('social-sign-in-telegram-login-desktop.png') });
    await popup.getByRole('button', { name: 'Continue with Telegram' }).click();
    await userMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const telegram = asked[0];
    expect(telegram?.searchParams.get('bot_id')).toBe('7001002003');
    expect(telegram?.searchParams.get('origin')).toBe(new URL(server.url).origin);
    expect(telegram?.searchParams.get('request_access')).toBe('write');
    expect(new URL(telegram?.searchParams.get('return_to') ?? '').pathname).toBe('/social-sign-in/callback');
    const links = await server.query<{ member_id: string }>(
      "SELECT member_id FROM social_sign_in_links WHERE subject = '777000111'",
    );
    expect(links).toHaveLength(1);
    const firstAccount = await userMenu(page).textContent();
    await page.getByRole('button', { name: 'Not now' }).click();

    await signOut(page);
    const again = await openLogin(page);
    await again.getByRole('button', { name: 'Continue with Telegram' }).click();
    await userMenu(page).waitFor();
    expect(await userMenu(page).textContent()).toBe(firstAccount);
    expect(asked).toHaveLength(2);
    expect(
      await server.query<{ n: number }>('SELECT count(*)::int AS n FROM member_sessions WHERE member_id = $1', [
        links[0]?.member_id,
      ]),
    ).toEqual([{ n: 2 }]);
  });

  it('links from My account with the password, signs in with it, asks for the two-factor code, and unlinks', async () => {
    const registered = await memberApi(server).registerByUsername('Linker01', 'Secret123', '81130071');
    const { page } = await newPage(browser, { viewport: 'desktop' });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    await signInMember(page, 'Linker01');
    const account = await userMenu(page).textContent();
    await page.goto(`${server.url}/member`);
    const card = page.locator('[data-card="linked-sign-ins"]');
    const row = card.locator('li', { hasText: 'Local ID' });
    await row.getByText('Not linked').waitFor();

    // Linking asks for the account's password first; a wrong one stays on the page.
    await refuseWrongPassword(row, 'Link', 'Continue to Local ID');
    await atBothWidths(page, async (name) => {
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: screenshotPath(`social-sign-in-link-form-${name}.png`) });
    });
    await confirmPassword(row, 'Continue to Local ID');
    const linked = page.getByRole('heading', { name: 'Account linked' });
    await throughProvider(page, 'e2e-linked', linked);
    const member = await memberRow(server, 'linker01');
    expect(
      await server.query('SELECT member_id, subject FROM social_sign_in_links WHERE member_id = $1', [member.id]),
    ).toEqual([{ member_id: member.id, subject: 'e2e-linked' }]);

    // My account lists it, with when (each width loaded as such, so the phone's menu starts closed).
    await page.goto(`${server.url}/member`);
    await atBothWidths(page, async (name) => {
      await page.reload();
      await row.getByText(/^Linked /).waitFor();
      await page.screenshot({ path: screenshotPath(`social-sign-in-linked-${name}.png`), fullPage: true });
    });

    // Signed out, the provider's button signs into this account.
    await signOut(page);
    await signInThroughProvider(page, 'e2e-linked');
    expect(await userMenu(page).textContent()).toBe(account);

    // With two-factor on, the way back from the provider asks for the code, as the password login does.
    const call = async (path: string, body: object) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ModuleId: 'COMM3', 'content-type': 'application/json', Authorization: registered.token },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { success: boolean; value: { secret: string } };
    };
    const { secret } = (await call('/wps/member/2fa/setup', {})).value;
    expect((await call('/wps/member/2fa/enable', { code: totpNow(secret) })).success).toBe(true);
    await signOut(page);
    // On a phone's width: the site comes back from the provider loaded at that width.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await page.locator('[data-shell="header"]').waitFor();
    const step = page.locator('[data-form="login-verify"]');
    await startAtProvider(page, 'e2e-linked', step);
    expect(new URL(page.url()).pathname).toBe('/social-sign-in/callback');
    await step.getByText('Two-factor authentication is on.', { exact: false }).waitFor();
    await page.screenshot({ path: screenshotPath('social-sign-in-callback-2fa-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: screenshotPath('social-sign-in-callback-2fa-desktop.png'), fullPage: true });
    const wrong = totpNow(secret) === '000000' ? '111111' : '000000';
    await step.getByLabel('Authenticator code or recovery code').fill(wrong);
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await step.locator('[data-field-error="verification_code_invalid"]').waitFor();
    expect(await userMenu(page).count()).toBe(0);
    await step.getByLabel('Authenticator code or recovery code').fill(totpNow(secret));
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await userMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await dialog(page, 'after-login').getByRole('button', { name: 'My Account' }).click();

    // Unlinking needs the password too; then the provider is no way into this account.
    await page.locator('[data-page="security-center"]').waitFor();
    await refuseWrongPassword(row, 'Unlink', 'Unlink Local ID');
    await confirmPassword(row, 'Unlink Local ID');
    await row.getByText('Local ID is no longer linked.').waitFor();
    await row.getByText('Not linked').waitFor();
    await card.screenshot({ path: screenshotPath('social-sign-in-unlinked-desktop.png') });
    expect(await server.query('SELECT id FROM social_sign_in_links WHERE member_id = $1', [member.id])).toEqual([]);
  });
});
