import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_OPERATOR, launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { memberRow, openSite, sessionOf, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
}

const operator = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
  const login = await fetch(`${server.url}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).value.token;
  const response = await fetch(`${server.url}/api/admin/merchants/demo${path}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

const menuItem = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Opens a page of the agent centre from its menu and waits for its frame. */
const open = async (page: Page, label: string, pageId: string) => {
  await menuItem(page, label).click();
  await page.locator(`[data-agent-page="${pageId}"]`).waitFor();
};

/** Exports the current list as CSV and answers the file's text. */
const exportCsv = async (page: Page, card: string): Promise<string> => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-card="${card}"] [data-export-csv]`).click(),
  ]);
  const path = await download.path();
  return readFile(path, 'utf8');
};

/**
 * The agent's team pages: an agent creates a downline account in the register centre, the downline signs in,
 * deposits and bets; the agent sees the bet in team betting, the figures in user profit and loss, the deposit in
 * account details, exports CSV from each, and every page fits a phone.
 */
describe('the agent centre team pages', () => {
  it('an agent creates a downline, the downline bets, and the agent sees and exports it', async () => {
    await api.registerByUsername('TeamAgent1', 'Secret123', '81430001');
    const agentRow = await memberRow(server, 'TeamAgent1');
    expect((await operator('POST', `/agent-tree/${agentRow.id}/agent-type`, { agentType: 1 })).success).toBe(true);

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'TeamAgent1');
    await page.goto(`${server.url}/agentHome`);
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    // Only built pages are in the menu; the announcement page is built (decision 0095), the overview still opens.
    expect(await page.getByRole('button', { name: 'Announcement', exact: true }).count()).toBeGreaterThan(0);

    // Register centre: a mismatched confirmation is refused under its field; then the account is created.
    await menuItem(page, 'Register Center').click();
    const form = page.locator('form[data-form="create-downline"]');
    await form.waitFor();
    await form.getByLabel('Username').fill('TeamKid01');
    await form.getByLabel('Password', { exact: true }).fill('Secret123');
    await form.getByLabel('Confirm password').fill('Secret124');
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.locator('[aria-invalid="true"]').first().waitFor();
    await form.getByLabel('Confirm password').fill('Secret123');
    await page.screenshot({ path: screenshotPath('agents-register-centre-desktop-en.png'), fullPage: true });
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Account TeamKid01 created.').waitFor();
    expect(await memberRow(server, 'TeamKid01')).toMatchObject({ upline_id: agentRow.id });

    // The downline is there at once, with its status, registration and balance.
    await open(page, 'Downline Management', 'downlineManagmentView');
    await page.locator('[data-card="downline"] tr[data-downline="TeamKid01"]').waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agents-downline-team-desktop-en.png'), fullPage: true });

    // The downline signs in, deposits 60.00 and bets 5.00 on dice.
    const kid = await openSite(browser, server, '/', 'phone');
    await signInMember(kid.page, 'TeamKid01');
    const kidToken = (await sessionOf(kid.page)).token ?? '';
    await money.creditByBankTransfer(kidToken, '60');
    const bet = await fetch(`${server.url}/wps/inhouse/bets`, {
      method: 'POST',
      headers: { Authorization: kidToken, ModuleId: 'COMM3', 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'dice',
        stake: '5.00',
        idempotencyKey: randomUUID(),
        params: { target: 5000, direction: 'under' },
      }),
    });
    expect(((await bet.json()) as Envelope<unknown>).success).toBe(true);
    await kid.context.close();

    // Team betting shows the bet (read from the bets module at once) and exports it.
    await open(page, 'Team Betting', 'personalHistoryCopy');
    const betRow = page.locator('[data-card="team-bets"] tr[data-team-bet="TeamKid01"]');
    await betRow.waitFor();
    expect(await betRow.textContent()).toContain('$5.00');
    await page.screenshot({ path: screenshotPath('agents-team-bets-desktop-en.png'), fullPage: true });
    const betsCsv = await exportCsv(page, 'team-bets');
    expect(betsCsv.split('\r\n')[0]).toContain('Account');
    expect(betsCsv).toMatch(/TeamKid01,.*,5\.00,/);

    // User profit and loss: the rollups follow the events within a second or so.
    await open(page, 'User Profit and Loss', 'palStatementsAgentCopy');
    const profitRow = page.locator('[data-card="team-profit"] tr[data-profit-row="TeamKid01"]');
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.locator('[data-range-option="today"]').click();
      await profitRow.waitFor();
      if ((await page.locator('[data-stat="bets"] dd').textContent()) === '$5.00') break;
      await page.waitForTimeout(500);
      await page.locator('[data-range-option="7d"]').click();
    }
    expect(await page.locator('[data-stat="bets"] dd').textContent()).toBe('$5.00');
    expect(await profitRow.textContent()).toContain('$60.00');
    await page.screenshot({ path: screenshotPath('agents-team-profit-desktop-en.png'), fullPage: true });
    const profitCsv = await exportCsv(page, 'team-profit');
    expect(profitCsv).toMatch(/TeamKid01,1,60\.00,0\.00,5\.00,5\.00,/);

    // Account details: the deposit; my income: nothing yet, with the empty state for contracts.
    await open(page, 'Transaction Details', 'agentDownlineTransactionDetailsCopy');
    await page.locator('[data-card="team-transactions"] tr[data-team-transaction="TeamKid01"]').first().waitFor();
    await page.screenshot({ path: screenshotPath('agents-team-transactions-desktop-en.png'), fullPage: true });
    expect(await exportCsv(page, 'team-transactions')).toContain('TeamKid01');
    await open(page, 'My Income', 'agentRevenueReport');
    await page.getByText('No salary or dividend payments in this range.').waitFor();
    await page.screenshot({ path: screenshotPath('agents-income-desktop-en.png'), fullPage: true });

    // Every team page fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [label, pageId, shot] of [
      ['Register Center', 'registerCenter', 'register-centre'],
      ['Downline Management', 'downlineManagmentView', 'downline'],
      ['Team Betting', 'personalHistoryCopy', 'team-bets'],
      ['User Profit and Loss', 'palStatementsAgentCopy', 'team-profit'],
      ['My Income', 'agentRevenueReport', 'income'],
      ['Transaction Details', 'agentDownlineTransactionDetailsCopy', 'team-transactions'],
    ] as const) {
      if (pageId === 'registerCenter') {
        await menuItem(page, label).click();
        await page.locator('form[data-form="create-downline"]').waitFor();
      } else await open(page, label, pageId);
      await page.waitForTimeout(300);
      expect(await fits(page), label).toBe(true);
      await page.screenshot({ path: screenshotPath(`agents-${shot}-phone-en.png`), fullPage: true });
    }
    await context.close();
  });
});
