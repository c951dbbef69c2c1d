import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { headerBalance, moneyApi, waitForHeaderBalance } from '../support/money';
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

const login = async (page: Parameters<typeof loginWithPassword>[0], username: string) => {
  await loginWithPassword(page, username, 'Secret123');
  const afterLogin = dialog(page, 'after-login');
  await afterLogin.waitFor();
  await afterLogin.getByRole('button', { name: 'Start playing' }).click();
};

describe('header balance', () => {
  it('shows the balance and updates it live when an operator credits a deposit, without a reload', async () => {
    const { token } = await api.registerByUsername('Bal0001', 'Secret123', '81160001');
    const { context, page } = await openSite(browser, server);
    await login(page, 'Bal0001');
    await waitForHeaderBalance(page, '0.00');
    expect(await headerBalance(page).textContent()).toBe('$0.00');

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await money.creditByBankTransfer(token, '50');
    await waitForHeaderBalance(page, '50.00');
    expect(await headerBalance(page).textContent()).toBe('$50.00');
    expect(navigations).toEqual([]);

    await money.creditByBankTransfer(token, '60.5');
    await waitForHeaderBalance(page, '110.50');
    await context.close();
  });

  it('hides the balance, remembers that across a reload, and refreshes on request', async () => {
    const { token } = await api.registerByUsername('Bal0002', 'Secret123', '81160002');
    const { context, page } = await openSite(browser, server);
    await login(page, 'Bal0002');
    await waitForHeaderBalance(page, '0.00');
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await waitForHeaderBalance(page, 'hidden');
    expect(await headerBalance(page).textContent()).toBe('••••••');
    expect(await page.evaluate(() => localStorage.getItem('hideBalance'))).toBe('1');

    // After the reload the socket goes nowhere: only the refresh button can learn of a new balance.
    await page.routeWebSocket(/\/wps\/realtime/, () => {});
    await page.reload();
    await waitForHeaderBalance(page, 'hidden');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await waitForHeaderBalance(page, '0.00');
    await money.creditByBankTransfer(token, '55');
    await page.waitForTimeout(1000);
    expect(await headerBalance(page).getAttribute('data-balance')).toBe('0.00');
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await waitForHeaderBalance(page, '55.00');
    await context.close();
  });

  it('fits a phone, in English and in Arabic right to left, the amount shown whole', async () => {
    const { token } = await api.registerByUsername('Bal0003', 'Secret123', '81160003');
    await money.creditByBankTransfer(token, '1234.56');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await login(page, 'Bal0003');
    await waitForHeaderBalance(page, '1234.56');
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    // Not cut to an ellipsis: the amount is the one figure the header must show in full.
    const whole = () => headerBalance(page).evaluate((output) => output.scrollWidth <= output.clientWidth);
    expect(await fits()).toBe(true);
    expect(await whole()).toBe(true);
    await page.screenshot({ path: screenshotPath('header-balance-phone-en.png') });

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await waitForHeaderBalance(page, '1234.56');
    expect(await page.getByRole('button', { name: 'إخفاء الرصيد' }).isVisible()).toBe(true);
    expect(await fits()).toBe(true);
    expect(await whole()).toBe(true);
    await page.screenshot({ path: screenshotPath('header-balance-phone-ar.png') });
    await context.close();
  });
});
