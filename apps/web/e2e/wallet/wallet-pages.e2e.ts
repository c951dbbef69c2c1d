import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, loginWithPassword, openSite } from '../support/site';

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

const signIn = async (page: Page, username: string) => {
  await loginWithPassword(page, username, 'Secret123');
  await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
};
const centreMenu = (page: Page) => page.getByRole('navigation', { name: 'Personal Center' });
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('account record', () => {
  it('lists every movement newest first, filters by type and period, and pages by 20', async () => {
    const { member } = await api.registerByUsername('Rec0001', 'Secret123', '81200001');
    for (let i = 1; i <= 22; i += 1) await money.adjust(member.id, `${i}.00`);
    await money.adjust(member.id, '5.00', 'debit');
    const { context, page } = await openSite(browser, server);
    await signIn(page, 'Rec0001');
    await page.goto(`${server.url}/member?page=transactionHistory`);
    const rows = page.locator('[data-card="account-record"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.first().getAttribute('data-amount')).toBe('-5.00');
    expect(await rows.first().textContent()).toContain('$248.00');
    expect(await page.locator('[data-pager]').textContent()).toContain('Page 1 of 2');
    await page.screenshot({ path: screenshotPath('account-record-desktop-en.png'), fullPage: true });

    await page.locator('[data-pager]').getByRole('button', { name: 'Next' }).click();
    await page.locator('[data-pager]').getByText('Page 2 of 2').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-card="account-record"] tbody tr').length === 3);
    expect(await rows.last().getAttribute('data-amount')).toBe('1.00');

    // Deposits only: none yet. Back to all, past 30 days: the first page again.
    await page.getByLabel('Type').selectOption('deposit');
    await page.locator('[data-card="account-record"] [data-testid="empty-state"]').waitFor();
    await page.getByLabel('Type').selectOption('all');
    await page.locator('[data-range="30d"]').click();
    await page.locator('[data-pager]').getByText('Page 1 of 2').waitFor();
    expect(await page.locator('[data-range="30d"]').getAttribute('aria-pressed')).toBe('true');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('account-record-phone-en.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await rows.first().waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('account-record-phone-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenshotPath('account-record-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});

describe('transfer to upline', () => {
  it('is offered only under an agent, checks the withdraw password under its field, and moves the money', async () => {
    const agent = await api.registerByUsername('Agt0001', 'Secret123', '81200002');
    const { member, token } = await api.registerByUsername('Dwn0001', 'Secret123', '81200003');
    await api.registerByUsername('Solo0001', 'Secret123', '81200004');
    await server.query('UPDATE members SET type = 1 WHERE id = $1', [agent.member.id]);
    await server.query('UPDATE members SET upline_id = $1 WHERE id = $2', [agent.member.id, member.id]);
    await money.adjust(member.id, '100.00');
    await money.setWithdrawPassword(token, 'Secret123', 'Draw2468');

    const solo = await openSite(browser, server);
    await signIn(solo.page, 'Solo0001');
    await solo.page.goto(`${server.url}/member?page=transferUpline`);
    await centreMenu(solo.page).getByRole('button', { name: 'My Account' }).waitFor();
    expect(await centreMenu(solo.page).getByRole('button', { name: 'Transfer to Upline' }).count()).toBe(0);
    await solo.context.close();

    const { context, page } = await openSite(browser, server);
    await signIn(page, 'Dwn0001');
    await waitForHeaderBalance(page, '100.00');
    await centreMenu(page)
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.goto(`${server.url}/member?page=transferUpline`);
    const card = page.locator('[data-card="transfer-upline"]');
    await card.waitFor();
    expect(await card.locator('[data-detail="upline"] dd').textContent()).toBe('Agt0001');
    const form = page.locator('form[data-form="transfer-upline"]');
    await form.getByLabel('Amount', { exact: true }).fill('30');
    await form.getByLabel('Withdraw password').fill('Wrong999');
    await form.getByRole('button', { name: 'Send to upline' }).click();
    await form.locator('[data-field-error="error_withdraw_password"]').waitFor();
    await form.getByLabel('Withdraw password').fill('Draw2468');
    await form.getByRole('button', { name: 'Send to upline' }).click();
    await form.getByText('$30.00 sent to your upline.').waitFor();
    await waitForHeaderBalance(page, '70.00');
    await page.screenshot({ path: screenshotPath('transfer-upline-desktop-en.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('transfer-upline-phone-en.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await card.waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('transfer-upline-phone-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenshotPath('transfer-upline-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});

describe('my wallet', () => {
  it('shows the one wallet of a single-wallet merchant, then moves money to a game wallet once the merchant keeps them', async () => {
    const { member } = await api.registerByUsername('Wal0001', 'Secret123', '81200005');
    await money.adjust(member.id, '100.00');
    const { context, page } = await openSite(browser, server);
    await signIn(page, 'Wal0001');
    await page.goto(`${server.url}/member?page=transferFund`);
    const wallets = page.locator('[data-card="wallets"]');
    await wallets.locator('[data-wallet="main"] [data-available="100.00"]').waitFor();
    await wallets.getByText('Every game plays from this one wallet').waitFor();
    expect(await page.locator('form[data-form="wallet-transfer"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('my-wallet-single-desktop-en.png'), fullPage: true });

    const admin = await adminApi(server.url);
    await admin.updateDemoMerchant((settings) => {
      settings.gameWallets = [{ code: 'slots', name: 'Slots wallet' }];
    });
    try {
      await page.reload();
      const form = page.locator('form[data-form="wallet-transfer"]');
      await form.waitFor();
      await form.getByLabel('Amount', { exact: true }).fill('150');
      await form.getByRole('button', { name: 'Transfer' }).click();
      await form.locator('[data-field-error="amount_above_maximum"]').waitFor();
      await form.getByLabel('Amount', { exact: true }).fill('40');
      await form.getByRole('button', { name: 'Transfer' }).click();
      await form.getByText('Transfer complete.').waitFor();
      await wallets.locator('[data-wallet="main"] [data-available="60.00"]').waitFor();
      await wallets.locator('[data-wallet="slots"] [data-available="40.00"]').waitFor();
      await page.screenshot({ path: screenshotPath('my-wallet-desktop-en.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(500);
      await page.waitForTimeout(500);
      expect(await fits(page)).toBe(true);
      await page.screenshot({ path: screenshotPath('my-wallet-phone-en.png'), fullPage: true });
      await page.evaluate(() => localStorage.setItem('lang', 'AR'));
      await page.reload();
      await page.locator('html[dir="rtl"]').waitFor();
      await form.waitFor();
      expect(await fits(page)).toBe(true);
      await page.screenshot({ path: screenshotPath('my-wallet-phone-ar.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: screenshotPath('my-wallet-desktop-ar.png'), fullPage: true });
    } finally {
      await admin.updateDemoMerchant((settings) => {
        settings.gameWallets = [];
      });
    }
    await context.close();
  });
});
