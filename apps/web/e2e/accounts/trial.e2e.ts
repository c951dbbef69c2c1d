import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialog, memberRow, openLogin, openSite, sessionOf, userMenu } from '../support/site';

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

describe('free play', () => {
  it('starts a trial account that is turned away from the member centre with the real-account message', async () => {
    const { context, page } = await openSite(browser, server, '/', 'phone');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Trial' }).click();
    const welcome = dialog(page, 'after-login');
    await welcome.getByText('You are using a trial account.', { exact: false }).waitFor();
    // A trial account has no way to the member centre from here.
    expect(await welcome.getByRole('button', { name: 'My Account' }).count()).toBe(0);
    await welcome.getByRole('button', { name: 'Start playing' }).click();

    const stored = await sessionOf(page);
    expect(stored.isAgent).toBe('4');
    const member = await memberRow(server, stored.account ?? '');
    expect(member.type).toBe(4);
    expect(member.account).toMatch(/^trial_/);

    // From the member menu: the real-account message, and no member centre.
    await userMenu(page).getByRole('button').first().click();
    expect(await userMenu(page).getByText('Trial account').isVisible()).toBe(true);
    // Manual rebate is for real accounts: the menu does not offer it.
    expect(await userMenu(page).locator('[data-menu-item="manual-rebate"]').count()).toBe(0);
    await userMenu(page).getByRole('button', { name: 'My Account' }).click();
    const realAccount = dialog(page, 'real-account');
    await realAccount.getByText('Please register an account first.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Titled for what it leads to, not "Confirmation"; Cancel stays on the trial.
    expect(await realAccount.getByRole('heading', { name: 'Register now' }).count()).toBe(1);
    await realAccount.getByRole('button', { name: 'Cancel' }).click();
    await realAccount.waitFor({ state: 'detached' });

    // Typing the address: the same message, at home.
    await page.goto(`${server.url}/member`);
    await dialog(page, 'real-account').getByText('Please register an account first.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-page="security-center"]').count()).toBe(0);
    // And a lottery page, which launches games, likewise.
    await dialog(page, 'real-account').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.url}/lottery?gameCode=L1`);
    await dialog(page, 'real-account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The spec's confirm label (OK) leads to registration: the trial session ends and the register popup opens.
    await dialog(page, 'real-account').getByRole('button', { name: 'OK' }).click();
    await dialog(page, 'register').waitFor();
    await userMenu(page).waitFor({ state: 'detached' });
    expect((await sessionOf(page)).token).toBeUndefined();
    await context.close();
  });
});
