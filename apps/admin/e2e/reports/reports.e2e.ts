import { adminCashierEndpoints, adminEndpoints, buildPath, cashierEndpoints } from '@tessera/contracts';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

/**
 * The operator's day in the browser (issue 26): the owner reads the dashboard, exports a report and downloads it,
 * rebuilds the report rollups from the back office and sees the job finish (decision 0129), and reads a member's 360
 * view with its cash totals; a support operator opens the same member and sees no cash
 * total and no order amount, and adds a note.
 */

let server: TestServer;
let browser: Browser;
let memberId = '';

const PASSWORD = 'Operator-Pass-2026';
const SUPPORT = { username: 'support.reports', password: PASSWORD };
const MEMBER = {
  username: 'Report0001',
  password: 'Secret123',
  email: 'report@example.com',
  mobileNum: '81260001',
  countryDialingCode: '65',
};
const SHOTS = '/tmp/reports-shots';
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  await site.register(MEMBER);
  const token = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const channels = (await site.call(cashierEndpoints.channels, token)).value as { id: string; kind: string }[];
  const bank = channels.find((channel) => channel.kind === 'bank_transfer');
  const order = (await site.call(cashierEndpoints.createDeposit, token, {
    channelId: bank?.id,
    amount: '123.45',
    payerNote: 'Re Port',
  })) as { value: { id: string } };
  // The owner approves it through the desk's own endpoint: a credited deposit, as the cashier makes one.
  const { token: ownerToken } = await fetch(server.url + adminEndpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  }).then(async (response) => ((await response.json()) as { value: { token: string } }).value);
  const decided = await fetch(
    server.url + buildPath(adminCashierEndpoints.decideDeposit.path, { code: 'demo', id: order.value.id }),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: ownerToken },
      body: JSON.stringify({ approve: true }),
    },
  ).then((response) => response.json() as Promise<{ success: boolean }>);
  expect(decided.success).toBe(true);
  await (await signInAdminApi(server.url)).createOperator({
    ...SUPPORT,
    role: 'support',
    displayName: 'Support reports',
  });
  memberId = (await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'report0001'"))[0]?.id ?? '';
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard, a report export and the member 360 view', () => {
  it('lets the owner read the dashboard, export a report and read a member’s cash totals', async () => {
    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, server.url, DEMO_OPERATOR);
    await page.goto(`${server.url}/admin/dashboard?merchant=demo&period=7d`);
    // The credited deposit reaches the dashboard through the reports' subscriber.
    await page.getByTestId('figure-deposits').filter({ hasText: '123.45' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('pending-deposits').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-dashboard-1440.png`, fullPage: true });

    await page.goto(`${server.url}/admin/reports?merchant=demo`);
    await page.getByRole('tab', { name: 'Cash' }).click();
    await page.getByTestId('report-totals').filter({ hasText: '123.45' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exports = page.getByTestId('report-exports');
    await exports.getByRole('button', { name: 'Download' }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^demo-cash-.*\.csv$/);
    await page.screenshot({ path: `${SHOTS}-reports-1440.png`, fullPage: true });
    const audit = await server.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'report.%' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(['report.export', 'report.download']);

    // Rebuild the rollups from the raw rows (decision 0129): a reversed range is refused on its field, then today's
    // rebuild is queued, run by the server's job and shown done with what it counted (the one credited deposit).
    const rebuild = page.getByTestId('report-rebuild-form');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await rebuild.getByLabel('To (UTC day)').fill(yesterday);
    await rebuild.getByRole('button', { name: 'Rebuild' }).click();
    await rebuild.getByText('Must not be before the start date.').waitFor();
    expect(await page.getByTestId('report-rebuild').count()).toBe(0);
    await rebuild.getByLabel('To (UTC day)').fill(today);
    await rebuild.getByRole('button', { name: 'Rebuild' }).click();
    const done = page.getByTestId('report-rebuild').and(page.locator('[data-status="done"]'));
    await done.waitFor({ timeout: 60_000 });
    expect(await done.getByTestId('report-rebuild-counts').textContent()).toContain('deposits 1');
    const rebuilt = await server.query<{ status: string; days_done: number }>(
      'SELECT status, days_done FROM reports_rebuilds',
    );
    expect(rebuilt).toEqual([{ status: 'done', days_done: 1 }]);
    // The report still reads the same total from the rebuilt rollups.
    await page.reload();
    await page.getByRole('tab', { name: 'Cash' }).click();
    await page.getByTestId('report-totals').filter({ hasText: '123.45' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('report-rebuild').and(page.locator('[data-status="done"]')).waitFor();
    await page.screenshot({ path: `${SHOTS}-rebuild-1440.png`, fullPage: true });
    const phone = await newPage(browser, { viewport: 'phone' });
    await signIn(phone.page, server.url, DEMO_OPERATOR);
    await phone.page.goto(`${server.url}/admin/reports?merchant=demo`);
    await phone.page.getByTestId('report-rebuild').first().waitFor({ timeout: 60_000 });
    expect(await fitsWidth(phone.page)).toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}-rebuild-390.png`, fullPage: true });
    await phone.page.context().close();

    await page.goto(`${server.url}/admin/members/${memberId}`);
    const overview = page.getByTestId('member-overview');
    await overview.getByTestId('cash-deposits').filter({ hasText: '123.45' }).waitFor({ timeout: 60_000 });
    await overview.getByTestId('member-deposits').filter({ hasText: '123.45' }).waitFor();
    expect(await overview.getByTestId('member-hidden').count()).toBe(0);
    await overview.getByLabel('Reason').fill('Large first deposit');
    await overview.getByRole('button', { name: 'Set flag' }).click();
    await overview.getByTestId('member-flags').filter({ hasText: 'Large first deposit' }).waitFor();
    await page.screenshot({ path: `${SHOTS}-member-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('shows a support operator the member without any cash total or order amount', async () => {
    const { page } = await newPage(browser, { viewport: 'phone' });
    await signIn(page, server.url, SUPPORT);
    await page.goto(`${server.url}/admin/members/${memberId}`);
    const overview = page.getByTestId('member-overview');
    await overview.getByTestId('member-deposits').waitFor({ timeout: 60_000 });
    await overview.getByTestId('member-hidden').filter({ hasText: 'cash figures' }).waitFor();
    expect(await overview.getByTestId('cash-deposits').count()).toBe(0);
    expect(await overview.getByTestId('cash-net').count()).toBe(0);
    expect(await overview.getByTestId('member-games').count()).toBe(0);
    // The order is listed with its status but without its amount (the balance, a wallet's state, stays shown).
    const deposits = (await overview.getByTestId('member-deposits').textContent()) ?? '';
    expect(deposits).toContain('succeeded');
    expect(deposits.includes('123.45')).toBe(false);
    // Support reads the flags but may not change them; it may write a note.
    await overview.getByTestId('member-flags').filter({ hasText: 'Large first deposit' }).waitFor();
    expect(await overview.getByRole('button', { name: 'Set flag' }).count()).toBe(0);
    await overview.getByRole('button', { name: 'Add note' }).click();
    await overview.getByText('Required.').waitFor();
    await overview.getByLabel('New note').fill('Called about the deposit; confirmed credited.');
    await overview.getByRole('button', { name: 'Add note' }).click();
    await overview.getByTestId('member-notes').filter({ hasText: 'confirmed credited' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-member-support-390.png`, fullPage: true });

    await page.goto(`${server.url}/admin/dashboard?merchant=demo`);
    await page.getByTestId('figure-registrations').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('figure-deposits').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-dashboard-support-390.png`, fullPage: true });
    await page.context().close();
  });
});
