import { readFile } from 'node:fs/promises';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';

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

const signIn = async (page: Page, username: string, password: string) => {
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the operator’s day', () => {
  it('an owner lands on the dashboard, reads it, and exports a report', async () => {
    await memberApi(server).registerByUsername('Report001', 'Secret123', '81270001');
    const { context, page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByTestId('figure-deposits').waitFor();
    for (const key of ['withdrawals', 'ggr', 'ngr', 'registrations', 'activePlayers']) {
      await page.getByTestId(`figure-${key}`).waitFor();
    }
    // The registration above is counted today (events delivered within seconds).
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('figure-registrations').locator('span').nth(1).textContent();
        },
        { timeout: 20_000 },
      )
      .not.toBe('0');
    // The queues are their own read (shown as … until it answers, and read again once the desk stream is bound).
    await expect.poll(() => page.getByTestId('pending-deposits').locator('strong').textContent()).toMatch(/^\d+$/);
    expect(await page.locator('[data-testid^="figure-"] canvas').count()).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: screenshotPath('reports-dashboard-desktop.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Last 30 days' }).click();
    await page.waitForURL(/period=30d/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenshotPath('reports-dashboard-phone.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`${server.url}/admin/reports`);
    await page.getByRole('tab', { name: 'Players' }).click();
    const table = page.getByTestId('report-table');
    await table.waitFor();
    await expect.poll(() => page.getByTestId('report-totals').locator('td').nth(4).textContent()).not.toBe('0');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = page.getByTestId('report-exports').getByRole('button', { name: 'Download' });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const text = await readFile((await file.path()) as string, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'day,direct,referral,affiliate,registrations,firstDepositors',
    );
    expect(file.suggestedFilename()).toMatch(/^demo-players-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.screenshot({ path: screenshotPath('reports-players-desktop.png'), fullPage: true });
    await context.close();
  });

  it('a support operator sees the players and queues but no cash figures', async () => {
    const login = await fetch(`${server.url}/api/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OPERATOR),
    });
    const token = ((await login.json()) as { value: { token: string } }).value.token;
    const created = await fetch(`${server.url}/api/admin/operators`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'deskhelp',
        displayName: 'Desk help',
        password: 'Operator-Pass-1',
        role: 'support',
        merchantCode: 'demo',
      }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    const { context, page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, 'deskhelp', 'Operator-Pass-1');
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByTestId('figure-registrations').waitFor();
    await page.getByTestId('pending-chats').waitFor();
    expect(await page.getByTestId('figure-deposits').count()).toBe(0);
    expect(await page.getByTestId('figure-ggr').count()).toBe(0);
    await page.getByText('Not shown for your role: cash figures, play figures.').waitFor();
    expect(await page.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('reports-dashboard-support-desktop.png'), fullPage: true });
    await context.close();
  });
});
