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

describe('forgot password', () => {
  it('sends a reset link by e-mail; the link sets a new password and logs the member in', async () => {
    const registered = await api.registerByUsername('Kate0001', 'Secret123', '81140001', { email: 'kate@example.com' });
    const before = await memberRow(server, 'kate0001');

    const { context, page } = await openSite(browser, server);
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'forgot-password');
    const form = forgot.locator('form');
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await form.locator('[data-field-error="reg_pattern_3"]').waitFor();
    expect(await form.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Username').fill('Kate0001');
    await form.getByLabel('E-mail').fill('kate@example.com');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('a link to reset the password has been sent', { exact: false }).waitFor();
    await forgot.getByRole('button', { name: 'OK' }).click();
    await forgot.waitFor({ state: 'detached' });

    const mails = await server.query<{ body: string }>(
      'SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      ['kate@example.com'],
    );
    const link = /https?:\/\/\S+\?resetToken=[A-Za-z0-9_-]+/.exec(mails[0]?.body ?? '')?.[0];
    if (!link) throw new Error('no reset link was mailed');
    const resetUrl = new URL(link);
    await page.goto(`${server.url}/${resetUrl.search}`);

    const reset = dialog(page, 'reset-password');
    await reset.getByLabel('New password').fill('Renewed123');
    await reset.getByLabel('Confirm password').fill('Renewed123');
    // The token leaves the address bar as soon as the popup has it.
    expect(new URL(page.url()).search).toBe('');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await dialog(page, 'after-login').getByText('Welcome, Kate0001').waitFor();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();

    const after = await memberRow(server, 'kate0001');
    expect(after.password_hash).not.toBe(before.password_hash);
    const sessions = await sessionsOf(server, registered.member.id);
    // The registration's session ended with the reset; the automatic login opened a new one.
    expect(sessions.map((session) => session.revoked_at === null)).toEqual([true, false]);

    // The link is single use.
    await signOut(page);
    await page.goto(`${server.url}/${resetUrl.search}`);
    const dead = dialog(page, 'reset-password');
    await dead.getByLabel('New password').fill('Another123');
    await dead.getByLabel('Confirm password').fill('Another123');
    await dead.getByRole('button', { name: 'Set new password' }).click();
    await dead.getByText('This reset link has expired or was already used.', { exact: false }).waitFor();
    await context.close();
  });

  it('sets a new password by phone and logs in with it', async () => {
    const registered = await api.registerByUsername('Liam0001', 'Secret123', '81140012');
    // Registration texted 81140012 a moment ago (one SMS per second per number); the reset goes to a fresh one.
    await server.query("UPDATE members SET mobile_number = '81140002' WHERE id = $1", [registered.member.id]);
    const { context, page } = await openSite(browser, server, '/', 'phone');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'forgot-password');
    await forgot.getByRole('tab', { name: 'By phone' }).click();
    const form = forgot.locator('form');
    await form.getByLabel('Mobile number').fill('81140002');
    await form.getByRole('button', { name: 'Get code' }).click();
    await form.getByRole('button', { name: /Resend in/ }).waitFor();
    await form.getByLabel('Verification code').fill(await api.lastCode('+6581140002'));
    await form.getByLabel('New password').fill('Phoned123');
    await form.getByLabel('Confirm password').fill('Phoned123');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();

    await signOut(page);
    await loginWithPassword(page, 'Liam0001', 'Phoned123');
    await dialog(page, 'after-login').waitFor();
    await context.close();
  });
});
