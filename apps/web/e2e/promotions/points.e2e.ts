import { randomUUID } from 'node:crypto';
import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { headerBalance, moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInMember, userMenu } from '../support/site';

/**
 * Points as a member meets them (issue 27, decision 0059): a deposit and in-house bets earn points at the demo's
 * rates (20 per 100.00 deposited, 10 per 100.00 of valid bets), the points mall shows them, converting some with the
 * withdraw password puts cash in the main wallet, a cash voucher is redeemed, and a physical good an operator
 * rejects gives its points back.
 */

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

const pointsShown = (page: Page) => page.locator('[data-points-balance]');
const waitForPoints = async (page: Page, points: string) => {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if ((await pointsShown(page).getAttribute('data-points-balance')) === points) return;
    await page.waitForTimeout(500);
    if (attempt % 4 === 3) await page.reload();
  }
  expect(await pointsShown(page).getAttribute('data-points-balance')).toBe(points);
};
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const minorOf = (amount: string) => Math.round(Number(amount) * 100);
const major = (minor: number) => (minor / 100).toFixed(2);

describe('points', () => {
  it('a visitor browses the mall and is asked to log in to redeem', async () => {
    const { context, page } = await openSite(browser, server, '/pointMall');
    await page.locator('[data-page="point-mall"]').waitFor();
    const voucher = page.locator('[data-point-item]').filter({ hasText: 'Cash voucher 5.00' });
    await voucher.waitFor();
    await voucher.getByRole('button', { name: 'Redeem' }).click();
    await dialog(page, 'login').waitFor();
    await context.close();
  });

  it('play earns points, converting with the password fills the main wallet, a voucher is redeemed', async () => {
    const username = `pts${randomUUID().slice(0, 8)}`;
    const { token, member } = await api.registerByUsername(username, 'Secret123', `9${Date.now() % 1_000_000_000}`);
    await money.setWithdrawPassword(token, 'Secret123', 'Payout99');
    await money.creditByBankTransfer(token, '300'); // 60 points
    for (let i = 0; i < 5; i += 1) {
      // 50.00 of valid bet each, 250.00 in all: 25 points whatever the draw.
      await money.member(token, 'POST', '/wps/inhouse/bets', {
        game: 'dice',
        stake: '50',
        idempotencyKey: `pts-${randomUUID()}`,
        params: { target: 9800, direction: 'under' },
      });
    }

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, username);
    await page.locator('[data-side-point-mall]').first().click();
    await page.locator('[data-page="point-mall"]').waitFor();
    await waitForPoints(page, '85');
    await page.screenshot({ path: screenshotPath('points-mall-1440.png'), fullPage: true });
    expect(await fits(page)).toBe(true);
    // The header's dropdown names the current points and leads to the mall.
    await userMenu(page).getByRole('button').first().click();
    const headerPoints = userMenu(page).locator('[data-header-points]');
    await expect.poll(() => headerPoints.getAttribute('data-header-points')).toBe('85');
    expect(await headerPoints.textContent()).toContain('Current Point');
    await page.screenshot({ path: screenshotPath('points-header-menu-1440.png') });
    await page.keyboard.press('Escape');

    // Convert 30 points (10 per 1.00): 3.00 more in the main wallet; a wrong password first changes nothing.
    const before = minorOf((await headerBalance(page).getAttribute('data-balance')) ?? '0');
    await page.locator('[data-action="points-convert"]').click();
    const convert = dialog(page, 'points-convert');
    await convert.getByLabel('Points to convert').fill('30');
    await convert.getByLabel('Withdraw password').fill('wrong-pass');
    await convert.getByRole('button', { name: 'Convert', exact: true }).click();
    await convert.locator('[aria-invalid="true"]').first().waitFor();
    await convert.getByLabel('Withdraw password').fill('Payout99');
    await convert.getByRole('button', { name: 'Convert', exact: true }).click();
    await convert.locator('[data-convert-done]').waitFor();
    await page.screenshot({ path: screenshotPath('points-convert-1440.png') });
    await waitForHeaderBalance(page, major(before + 300));
    await convert.getByRole('button', { name: 'Close' }).click();
    await waitForPoints(page, '55');
    await userMenu(page).getByRole('button').first().click();
    await expect.poll(() => headerPoints.getAttribute('data-header-points')).toBe('55');
    await userMenu(page).locator('[data-menu-item="points"]').click();
    await userMenu(page).locator('[data-header-points]').waitFor({ state: 'detached' });

    // Redeem the cash voucher (50 points → 5.00).
    await page
      .locator('[data-point-item]')
      .filter({ hasText: 'Cash voucher 5.00' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const redeem = dialog(page, 'points-redeem');
    await redeem.getByLabel('Withdraw password').fill('Payout99');
    await redeem.getByRole('button', { name: 'Submit' }).click();
    await redeem.locator('[data-redeem-done]').waitFor();
    await waitForHeaderBalance(page, major(before + 300 + 500));
    await redeem.getByRole('button', { name: 'Close' }).click();
    await waitForPoints(page, '5');

    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-status="approved"]').first().waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.locator('[data-point-entry="redeem"]').first().waitFor();
    expect(await page.locator('[data-point-entry="convert"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-point-entry="deposit"]').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('points-details-1440.png'), fullPage: true });

    // A physical good an operator rejects: its 300 points come back.
    await money.operator('POST', `/api/admin/merchants/demo/points/members/${member.id}/adjustments`, {
      requestId: randomUUID(),
      points: '300',
      reason: 'E2E gift',
    });
    await page.reload();
    await waitForPoints(page, '305');
    await page
      .locator('[data-point-item]')
      .filter({ hasText: 'Tessera T-shirt' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const shirt = dialog(page, 'points-redeem');
    await shirt.getByLabel('Receiving Address').fill('1 Main Street, Manila');
    await shirt.getByLabel('Mobile number').fill('+639171234567');
    await shirt.getByLabel('Withdraw password').fill('Payout99');
    await shirt.getByRole('button', { name: 'Submit' }).click();
    await shirt.locator('[data-redeem-done]').waitFor();
    await shirt.getByRole('button', { name: 'Close' }).click();
    await waitForPoints(page, '5');
    await page.getByRole('tab', { name: 'History' }).click();
    const queued = page.locator('[data-status="in_process"]').first();
    await queued.waitFor();
    const reference = await queued.getAttribute('data-redemption');
    const queue = await money.operator<{ list: { id: string; reference: string }[] }>(
      'GET',
      '/api/admin/merchants/demo/points/redemptions?status=in_process',
    );
    const placed = queue.list.find((row) => row.reference === reference);
    expect(placed).toBeDefined();
    const rejected = await money.operator<{ status: string }>(
      'POST',
      `/api/admin/merchants/demo/points/redemptions/${placed?.id}/decision`,
      { approve: false, remark: 'Out of stock in your size' },
    );
    expect(rejected.status).toBe('rejected');
    await page.reload();
    await waitForPoints(page, '305');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-status="rejected"]').getByText('Out of stock in your size').waitFor();
    await context.close();

    // The phone layout of the same page.
    const phone = await openSite(browser, server, '/', 'phone');
    await signInMember(phone.page, username);
    await phone.page.goto(`${server.url}/pointMall`);
    await waitForPoints(phone.page, '305');
    expect(await fits(phone.page)).toBe(true);
    await phone.page.screenshot({ path: screenshotPath('points-mall-390.png'), fullPage: true });
    await phone.page.getByRole('tab', { name: 'History' }).click();
    await phone.page.locator('[data-status="rejected"]').waitFor();
    await phone.page.screenshot({ path: screenshotPath('points-history-390.png'), fullPage: true });
    await phone.context.close();

    expect(reconcileLedger(server).status).toBe(0);
  });
});
