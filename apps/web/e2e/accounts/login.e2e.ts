import { hash } from '@node-rs/argon2';
import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import {
  dialog,
  loginWithPassword,
  memberRow,
  openLogin,
  openSite,
  sessionOf,
  sessionsOf,
  signOut,
  userMenu,
} from '../support/site';

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

describe('login and logout', () => {
  it('logs out after confirming, keeping only the merchant code, and logs in again remembering the username only', async () => {
    const registered = await api.registerByUsername('Erin0001', 'Secret123', '81120001');
    const { context, page } = await openSite(browser, server);
    await page.evaluate((token) => sessionStorage.setItem('token', token), registered.token);
    await page.reload();
    await userMenu(page).waitFor();

    // Cancelling the confirmation keeps the member logged in.
    await userMenu(page).getByRole('button').first().click();
    await userMenu(page).getByRole('button', { name: 'Sign out' }).click();
    await dialog(page, 'logout').getByText('Are you sure you want to sign out?').waitFor();
    await dialog(page, 'logout').getByRole('button', { name: 'Cancel' }).click();
    expect(await userMenu(page).isVisible()).toBe(true);

    await signOut(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await sessionOf(page)).toEqual({ merchant: 'demo', merchantCode: 'demo' });
    const member = await memberRow(server, 'erin0001');
    expect((await sessionsOf(server, member.id))[0]?.revoked_at).not.toBeNull();

    const login = await openLogin(page);
    await login.getByLabel('Username').fill('  Erin0001 ');
    await login.getByLabel('Password', { exact: true }).fill('Secret123');
    await login.getByLabel('Remember me').check();
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    const welcome = dialog(page, 'after-login');
    await welcome.getByText('Welcome, Erin0001').waitFor();
    await welcome.getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();

    const cookies = await context.cookies();
    const remembered = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(remembered).toMatchObject({ 'demo-login': 'Erin0001', loginRemember: '1' });
    expect(cookies.some((cookie) => cookie.value.includes('Secret123') || cookie.name === 'Erin0001')).toBe(false);
    const rememberCookie = cookies.find((cookie) => cookie.name === 'demo-login');
    expect((rememberCookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(86_000);
    expect((rememberCookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(86_400);

    const sessions = await sessionsOf(server, member.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.revoked_at).toBeNull();

    // After logging out the form comes back filled with the remembered username, the password empty.
    await signOut(page);
    const again = await openLogin(page);
    expect(await again.getByLabel('Username').inputValue()).toBe('Erin0001');
    expect(await again.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await again.getByLabel('Remember me').isChecked()).toBe(true);
    await context.close();
  });

  it('asks for the captcha after three wrong passwords, with an image that refreshes', async () => {
    await api.registerByUsername('Fred0001', 'Secret123', '81120002');
    const { context, page } = await openSite(browser, server);
    const login = await openLogin(page);
    await login.getByLabel('Username').fill('Fred0001');
    await login.getByLabel('Password', { exact: true }).fill('Wrong1234');
    const submit = login.getByRole('button', { name: 'Login', exact: true });
    for (let attempt = 1; attempt <= 2; attempt++) {
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/wps/session/login')), submit.click()]);
      await login.getByText('Wrong username or password.').waitFor();
      expect(await login.locator('[data-captcha-image]').count()).toBe(0);
    }
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/wps/session/login')), submit.click()]);
    const image = login.locator('[data-captcha-image] img');
    await image.waitFor();
    const first = await image.getAttribute('src');
    expect(first).toMatch(/^data:image\/png;base64,/);
    expect(await login.getByLabel('Captcha', { exact: true }).isVisible()).toBe(true);

    const imageChangedFrom = (previous: string | null) =>
      page.waitForFunction(
        (before) =>
          document.querySelector('dialog[data-dialog="login"] [data-captcha-image] img')?.getAttribute('src') !==
          before,
        previous,
      );
    await login.getByRole('button', { name: 'Get a new captcha' }).last().click();
    await imageChangedFrom(first);

    // A wrong captcha is said under the captcha field, and a fresh image replaces the used one.
    const second = await image.getAttribute('src');
    await login.getByLabel('Captcha', { exact: true }).fill('XXXX');
    await submit.click();
    await login.locator('[data-field-error="captcha_invalid"]').waitFor();
    expect(await login.locator('#login-captcha-error').textContent()).toBe('The captcha is incorrect.');
    await imageChangedFrom(second);
    await context.close();
  });

  it('logs in by SMS code, and says the phone messages for a bad number and a wrong code', async () => {
    await api.registerByMobile('81120003', 'Secret123');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    const login = await openLogin(page);
    await login.getByRole('tab', { name: 'SMS login' }).click();
    const form = login.locator('form');

    await form.getByLabel('Mobile number').fill('12');
    await form.getByRole('button', { name: 'Get code' }).click();
    await form.getByText('Wrong phone number format.').waitFor();

    await form.getByLabel('Mobile number').fill('81120003');
    await form.getByRole('button', { name: 'Get code' }).click();
    await form.getByRole('button', { name: /Resend in/ }).waitFor();
    const code = await api.lastCode('+6581120003');
    const wrong = code === '000000' ? '111111' : '000000';
    await form.getByLabel('Verification code').fill(wrong);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await form.locator('[data-field-error="auth/invalid-verification-code"]').waitFor();
    expect(await form.locator('#login-sms-code-error').textContent()).toBe('The verification code is incorrect.');

    await form.getByLabel('Verification code').fill(code);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();
    expect((await sessionOf(page)).account).toBe('81120003');
    const logins = await server.query<{ method: string; success: boolean }>(
      'SELECT method, success FROM member_logins WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [(await memberRow(server, '81120003')).id],
    );
    expect(logins[0]).toEqual({ method: 'sms', success: true });
    await context.close();
  });

  it('makes a member on the default password change it, without the old one, before going on', async () => {
    const registered = await api.registerByUsername('Gina0001', 'Secret123', '81120004');
    await server.query('UPDATE members SET password_hash = $1 WHERE id = $2', [
      await hash('123456', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
      registered.member.id,
    ]);
    const { context, page } = await openSite(browser, server);
    await loginWithPassword(page, 'Gina0001', '123456');
    const change = dialog(page, 'change-password');
    await change.getByText('For your security, please set a new password before you continue.').waitFor();
    expect(await change.getByLabel('Current password').count()).toBe(0);
    expect(await change.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await change.isVisible()).toBe(true);

    await change.getByLabel('New password').fill('123456');
    await change.getByLabel('Confirm password').fill('123456');
    await change.getByRole('button', { name: 'Change password' }).click();
    // The merchant's rule speaks first (letters and digits), then the server's own refusal of the default.
    await change.locator('[data-field-error="reg_pattern_5"]').waitFor();

    await change.getByLabel('New password').fill('Better123');
    await change.getByLabel('Confirm password').fill('Better124');
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.locator('[data-field-error="inconsistent_twice"]').waitFor();

    await change.getByLabel('Confirm password').fill('Better123');
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.waitFor({ state: 'detached' });
    await userMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const member = await memberRow(server, 'gina0001');
    expect(member.must_change_password).toBe(false);

    // The new password works; the default one no longer does.
    await signOut(page);
    await loginWithPassword(page, 'Gina0001', 'Better123');
    await dialog(page, 'after-login').waitFor();
    await context.close();
  });

  it('asks a login from a new IP to verify, here by an SMS code, and then trusts that IP', async () => {
    const registered = await api.registerByUsername('Hank0001', 'Secret123', '81120005', { payeeName: 'Hank Hill' });
    const memberId = registered.member.id;
    // The e2e server trusts no proxy, so a new IP is made by moving the member's known IP elsewhere.
    await server.query("INSERT INTO member_known_ips (member_id, ip) VALUES ($1, '203.0.113.7')", [memberId]);
    await server.query("DELETE FROM member_known_ips WHERE member_id = $1 AND ip = '127.0.0.1'", [memberId]);

    const { context, page } = await openSite(browser, server);
    const login = await loginWithPassword(page, 'Hank0001', 'Secret123');
    const step = login.locator('[data-form="login-verify"]');
    await step.getByText('You are logging in from a new device or network.', { exact: false }).waitFor();
    expect(await login.getByRole('heading', { name: 'Verification' }).isVisible()).toBe(true);
    expect(await step.getByRole('radio').count()).toBe(2);
    expect(await step.getByRole('radio', { name: 'SMS code' }).isChecked()).toBe(true);
    await step.getByText(/^The code will be sent to \u2066\+65•••••005\u2069\.$/).waitFor();

    await step.getByRole('button', { name: 'Get code' }).click();
    await step.getByRole('button', { name: /Resend in/ }).waitFor();
    await step.getByLabel('Verification code').fill(await api.lastCode('+6581120005'));
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();

    const known = await server.query<{ ip: string }>('SELECT ip FROM member_known_ips WHERE member_id = $1', [
      memberId,
    ]);
    expect(known.map((row) => row.ip).sort()).toEqual(['127.0.0.1', '203.0.113.7']);
    const logins = await server.query<{ method: string; success: boolean; reason: string | null }>(
      'SELECT method, success, reason FROM member_logins WHERE member_id = $1 ORDER BY id DESC LIMIT 2',
      [memberId],
    );
    expect(logins).toEqual([
      { method: 'verify_ip', success: true, reason: null },
      { method: 'password', success: false, reason: 'new_ip' },
    ]);
    await context.close();
  });

  it('logs agents in from the agent page into the agent centre, and turns others away', async () => {
    const registered = await api.registerByUsername('Ivan0001', 'Secret123', '81120006');
    const { context, page } = await openSite(browser, server, '/agent');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const login = dialog(page, 'login');
    await login.getByRole('heading', { name: 'Agent login' }).waitFor();
    await login.getByLabel('Username').fill('Ivan0001');
    await login.getByLabel('Password', { exact: true }).fill('Secret123');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByText('Non-agents cannot log in.').waitFor();
    expect(await sessionOf(page)).not.toHaveProperty('token');

    await server.query('UPDATE members SET type = 1 WHERE id = $1', [registered.member.id]);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.url}/agentHome`);
    await login.waitFor({ state: 'detached' });
    expect((await sessionOf(page)).isAgent).toBe('1');
    await context.close();
  });
});
