import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { dialog, loginWithPassword, memberRow, openSite, sessionsOf } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setting = (page: Page, name: string) => page.locator(`[data-setting="${name}"]`);

const openSecurityCentre = async (page: Page, username: string, password: string) => {
  await loginWithPassword(page, username, password);
  await dialog(page, 'after-login').getByRole('button', { name: 'My Account' }).click();
  await page.locator('[data-page="security-center"]').waitFor();
};

describe('security centre', () => {
  it('shows the profile and login history, fitting a phone', async () => {
    await api.registerByUsername('Mona0001', 'Secret123', '81150001', { email: 'mona@example.com' });
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await openSecurityCentre(page, 'Mona0001', 'Secret123');
    expect(await page.getByRole('heading', { level: 1, name: 'My Account' }).isVisible()).toBe(true);
    const profile = page.locator('[data-card="profile"]');
    expect(await profile.locator('[data-profile="mobile"]').textContent()).toBe('+65•••••001');
    expect(await profile.locator('[data-profile="email"]').textContent()).toBe('m•••@example.com');

    const history = page.locator('[data-card="login-history"] tbody tr');
    await history.first().waitFor();
    // Newest first: this password login, then the registration.
    expect(await history.count()).toBe(2);
    expect(await history.nth(0).textContent()).toContain('Password');
    expect(await history.nth(0).textContent()).toContain('127.0.0.1');
    expect(await history.nth(0).textContent()).toContain('Chrome on Linux');
    expect(await history.nth(0).textContent()).toContain('Success');
    expect(await history.nth(1).textContent()).toContain('Registration');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await context.close();
  });

  it('changes the login password, refusing a wrong current one under its field', async () => {
    const registered = await api.registerByUsername('Nick0001', 'Secret123', '81150002');
    const { context, page } = await openSite(browser, server);
    await openSecurityCentre(page, 'Nick0001', 'Secret123');
    const row = setting(page, 'password');
    await row.getByRole('button', { name: 'Change' }).click();
    await row.getByLabel('Current password').fill('Wrong1234');
    await row.getByLabel('New password').fill('Changed123');
    await row.getByLabel('Confirm password').fill('Changed123');
    await row.getByRole('button', { name: 'Change password' }).click();
    await row.locator('[data-field-error="error_password"]').waitFor();
    expect(await row.locator('#security-old-password-error').textContent()).toBe('The password is incorrect.');
    expect(await row.getByLabel('Current password').getAttribute('aria-describedby')).toBe(
      'security-old-password-error',
    );

    await row.getByLabel('Current password').fill('Secret123');
    await row.getByRole('button', { name: 'Change password' }).click();
    await row.getByText('Your password has been changed.').waitFor();
    // Every other session of the member ended (the registration's); this one goes on.
    const sessions = await sessionsOf(server, registered.member.id);
    expect(sessions.map((session) => session.revoked_at === null)).toEqual([true, false]);
    await context.close();
  });

  it('sets the withdraw password, then changes it with the old one', async () => {
    await api.registerByUsername('Olga0001', 'Secret123', '81150003');
    const { context, page } = await openSite(browser, server);
    await openSecurityCentre(page, 'Olga0001', 'Secret123');
    const row = setting(page, 'withdraw');
    expect(await row.locator('[data-status]').textContent()).toBe('Not set');
    await row.getByRole('button', { name: 'Set' }).click();
    await row.getByLabel('Login password').fill('Secret123');
    await row.getByLabel('New withdraw password').fill('Secret123');
    await row.getByLabel('Confirm withdraw password').fill('Secret123');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.locator('[data-field-error="withdraw_password_same_as_login"]').waitFor();

    await row.getByLabel('New withdraw password').fill('Draw2468');
    await row.getByLabel('Confirm withdraw password').fill('Draw2468');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Your withdraw password has been saved.').waitFor();
    expect(await row.locator('[data-status]').textContent()).toContain('Set');
    expect((await memberRow(server, 'olga0001')).payment_password_hash).toMatch(/^\$argon2id\$/);

    await row.getByRole('button', { name: 'Change' }).click();
    await row.getByLabel('Current withdraw password').fill('Draw2468');
    await row.getByLabel('New withdraw password').fill('Draw1357');
    await row.getByLabel('Confirm withdraw password').fill('Draw1357');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Your withdraw password has been saved.').waitFor();

    // Switching the language while signed in: the page speaks Chinese, and the server keeps the choice.
    await page.locator('[data-shell="side-menu"] select[data-language-select]').selectOption('CN');
    await page.getByRole('heading', { level: 2, name: '账户安全' }).waitFor();
    expect(await setting(page, 'withdraw').getByRole('button', { name: '修改' }).isVisible()).toBe(true);
    await expect
      .poll(async () => (await server.query("SELECT language FROM members WHERE username = 'olga0001'"))[0]?.language)
      .toBe('CN');
    await context.close();
  });
});
