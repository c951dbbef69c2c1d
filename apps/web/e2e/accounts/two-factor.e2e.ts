import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { dialog, loginWithPassword, memberRow, openSite, signOut, userMenu } from '../support/site';
import { totpNow } from '../support/totp';

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

const twoFactorRow = (page: Page) => page.locator('[data-setting="two-factor"]');

describe('two-factor authentication', () => {
  it('enrols from the security centre, is asked at the next login, and turns off again', async () => {
    await api.registerByUsername('Jade0001', 'Secret123', '81130001');
    const { context, page } = await openSite(browser, server);
    await loginWithPassword(page, 'Jade0001', 'Secret123');
    await dialog(page, 'after-login').getByRole('button', { name: 'My Account' }).click();
    await page.locator('[data-page="security-center"]').waitFor();
    expect(await twoFactorRow(page).locator('[data-status]').textContent()).toContain('Off');

    await twoFactorRow(page).getByRole('button', { name: 'Turn on' }).click();
    await twoFactorRow(page).getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await twoFactorRow(page).locator('[data-totp-secret]').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await twoFactorRow(page).getByLabel('Authenticator code').fill('000000');
    await twoFactorRow(page).getByRole('button', { name: 'Confirm and turn on' }).click();
    if (totpNow(secret) !== '000000') {
      await twoFactorRow(page).locator('[data-field-error="verification_code_invalid"]').waitFor();
    }
    await twoFactorRow(page).getByLabel('Authenticator code').fill(totpNow(secret));
    await twoFactorRow(page).getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = twoFactorRow(page).locator('[data-recovery-codes] li');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.every((code) => /^[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code))).toBe(true);
    const download = page.waitForEvent('download');
    await twoFactorRow(page).getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('127.0.0.1-recovery-codes.txt');
    await twoFactorRow(page).getByRole('button', { name: 'I have saved my codes' }).click();
    await twoFactorRow(page).getByText('Two-factor authentication is now on.').waitFor();
    expect(await twoFactorRow(page).locator('[data-status]').textContent()).toContain('On');
    expect((await memberRow(server, 'jade0001')).totp_enabled).toBe(true);

    // The next login, even from a known IP, asks for the authenticator only.
    await signOut(page);
    const login = await loginWithPassword(page, 'Jade0001', 'Secret123');
    const step = login.locator('[data-form="login-verify"]');
    await step.getByText('Two-factor authentication is on.', { exact: false }).waitFor();
    expect(await step.getByRole('radio').count()).toBe(0);
    await step.getByLabel('Authenticator code or recovery code').fill(totpNow(secret));
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await userMenu(page).waitFor();

    // A recovery code works once, in place of the authenticator.
    await signOut(page);
    const again = await loginWithPassword(page, 'Jade0001', 'Secret123');
    await again.getByLabel('Authenticator code or recovery code').fill(recoveryCodes[0] ?? '');
    await again.getByRole('button', { name: 'Verify and log in' }).click();
    await dialog(page, 'after-login').getByRole('button', { name: 'My Account' }).click();
    await page.locator('[data-page="security-center"]').waitFor();

    await twoFactorRow(page).getByRole('button', { name: 'Turn off', exact: true }).click();
    await twoFactorRow(page).getByLabel('Password', { exact: true }).fill('Wrong1234');
    await twoFactorRow(page).getByLabel('Authenticator code or recovery code').fill(totpNow(secret));
    await twoFactorRow(page).getByRole('button', { name: 'Turn off two-factor' }).click();
    await twoFactorRow(page).locator('[data-field-error="error_password"]').waitFor();
    await twoFactorRow(page).getByLabel('Password', { exact: true }).fill('Secret123');
    await twoFactorRow(page).getByRole('button', { name: 'Turn off two-factor' }).click();
    await twoFactorRow(page).getByText('Two-factor authentication is now off.').waitFor();
    expect((await memberRow(server, 'jade0001')).totp_enabled).toBe(false);
    await context.close();
  });
});
