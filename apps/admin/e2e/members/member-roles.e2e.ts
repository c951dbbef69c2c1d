import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;

const PASSWORD = 'Operator-Pass-2026';
const SUPPORT = { username: 'support.one', password: PASSWORD };
const FINANCE = { username: 'finance.one', password: PASSWORD };

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  await site.register({
    username: 'Player77',
    password: 'Secret123',
    email: 'player77@example.com',
    mobileNum: '91234567',
    countryDialingCode: '65',
  });
  // The demo registers without an SMS code (decision 0087): a reset link puts a message in the outbox.
  await site.forgotPasswordByEmail('Player77', 'player77@example.com');
  const api = await signInAdminApi(server.url);
  await api.createOperator({ ...SUPPORT, role: 'support', displayName: 'Support one' });
  await api.createOperator({ ...FINANCE, role: 'finance', displayName: 'Finance one' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const navLinks = (page: Page) =>
  page.locator('aside nav a').evaluateAll((links) => links.map((link) => link.textContent?.trim()));

/** Searches the members page for the registered member and opens it. */
const openPlayer = async (page: Page) => {
  await page.locator('aside').getByRole('link', { name: 'Members' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('player');
  await page.getByRole('link', { name: 'Player77' }).click();
  await page.getByTestId('login-history').waitFor();
};

describe('the member tools follow the operator’s role', () => {
  it('lets a support operator reset a password and read the outbox, but shows no lock button', async () => {
    const { page } = await newPage(browser, { viewport: 'phone' });
    await signIn(page, server.url, SUPPORT);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await navLinks(page)).toEqual([
      'Dashboard',
      'Merchants',
      'Members',
      'Games',
      'Game rounds',
      'Game debts',
      'Lottery',
      'Points',
      'Responsible gaming',
      'Missions',
      'Jackpot',
      'VIP levels',
      'Manual rebate',
      'Promotions',
      'Referral programme',
      'Agents',
      'Agent contracts',
      'Member contact',
      'Chat rooms',
      'Outbox',
    ]);

    await openPlayer(page);
    await page.getByRole('button', { name: 'Reset password' }).waitFor();
    expect(await page.getByRole('button', { name: /lock account/i }).count()).toBe(0);
    expect(await page.getByText('Only owners and risk operators can lock or unlock members.').count()).toBe(1);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('aside').getByRole('link', { name: 'Outbox' }).click();
    await page.getByTestId('outbox-table').locator('tr[data-template="password_reset_link"]').waitFor();
    await page.context().close();
  });

  it('lets a finance operator read members and work the cashier desk: no lock, no reset, no outbox', async () => {
    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, server.url, FINANCE);
    expect(await navLinks(page)).toEqual([
      'Dashboard',
      'Reports',
      'Merchants',
      'Members',
      'Cashier desk',
      'Games',
      'Game rounds',
      'Game debts',
      'Lottery',
      'Points',
      'Missions',
      'Jackpot',
      'VIP levels',
      'Manual rebate',
      'Promotions',
      'Referral programme',
      'Agents',
      'Agent contracts',
    ]);

    await openPlayer(page);
    expect(await page.getByRole('button', { name: /lock account|reset password/i }).count()).toBe(0);
    expect(await page.getByText('Only owners and support operators can reset member passwords.').count()).toBe(1);

    await page.goto(`${server.url}/admin/outbox`);
    await page.waitForURL(/\/admin\/merchants$/);
    await page.context().close();
  });
});
