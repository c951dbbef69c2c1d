import { accountEndpoints, withdrawalEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn, signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
let site: ReturnType<typeof memberSite>;
let token: string;
let payoutMethodId: string;

const MEMBER = {
  username: 'Limits01',
  password: 'Secret123',
  email: 'limits@example.com',
  mobileNum: '81230001',
  countryDialingCode: '65',
};

const section = () => page.locator('#section-withdrawal');
const methodRow = (kind: string) => section().locator(`tr[data-kind="${kind}"]`);
const withdraw = (amount: string) =>
  site.call(withdrawalEndpoints.submit, token, {
    requestId: crypto.randomUUID(),
    payoutMethodId,
    amount,
    withdrawPassword: 'Payout99',
  });

beforeAll(async () => {
  server = await startTestServer();
  site = memberSite(server);
  await site.register(MEMBER);
  token = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'limits01'");
  const api = await signInAdminApi(server.url);
  await api.credit(member?.id ?? '', '1000');
  await site.call(accountEndpoints.withdrawPassword, token, {
    currentPassword: MEMBER.password,
    newWithdrawPassword: 'Payout99',
    confirmWithdrawPassword: 'Payout99',
  });
  const method = await site.call(withdrawalEndpoints.addMethod, token, {
    method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Lim Its', accountNumber: '5550009876' },
    withdrawPassword: 'Payout99',
  });
  payoutMethodId = (method.value as { id: string }).id;
  await api.createOperator({
    username: 'cash.desk',
    password: 'Cash-Desk-Pass-1',
    role: 'finance',
    displayName: 'Cash',
  });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the withdrawal rules in the merchant settings', () => {
  it('shows the limits per payout method, the daily count and the confirmation window', async () => {
    await page.getByRole('link', { name: 'Tessera Demo' }).click();
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Withdrawals' })
      .click();
    await section().waitFor();
    expect(await page.locator('#withdrawal\\.dailyCount').inputValue()).toBe('5');
    expect(await page.locator('#withdrawal\\.autoConfirmMinutes').inputValue()).toBe('120');
    expect(await methodRow('bank_account').getByLabel('Maximum per order for Bank account').inputValue()).toBe('50000');
    await section().screenshot({ path: '/tmp/money-admin-withdrawal-settings.png' });
  });

  it('refuses bad limits under the very field, and saves nothing', async () => {
    const before = await (await signInAdminApi(server.url)).getDemoMerchant();
    await methodRow('bank_account').getByLabel('Maximum per order for Bank account').fill('10');
    await methodRow('e_wallet').getByLabel('Minimum per order for E-wallet').fill('ten');
    await page.locator('#withdrawal\\.dailyCount').fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const maxError = page.locator('[id="withdrawal.methods.0.maxAmount-error"]');
    await maxError.waitFor();
    expect(await maxError.textContent()).toBe('Too small: at least 50.');
    expect(await page.locator('[id="withdrawal.methods.1.minAmount-error"]').textContent()).toBe('Enter a number.');
    expect(await page.locator('[id="withdrawal.dailyCount-error"]').textContent()).toBe('Too small: at least 1.');
    expect(
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: /Withdrawals/ })
        .textContent(),
    ).toContain('3');
    expect(
      await methodRow('bank_account').getByLabel('Maximum per order for Bank account').getAttribute('aria-invalid'),
    ).toBe('true');
    await section().screenshot({ path: '/tmp/money-admin-withdrawal-errors.png' });
    expect((await (await signInAdminApi(server.url)).getDemoMerchant()).version).toBe(before.version);
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('saves a lower maximum, a daily count and fewer methods; the member site enforces them at once', async () => {
    await methodRow('bank_account').getByLabel('Maximum per order for Bank account').fill('120.50');
    await page.locator('#withdrawal\\.dailyCount').fill('2');
    await methodRow('mobile').getByRole('checkbox').uncheck();
    expect(await methodRow('mobile').textContent()).toContain('Not offered');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    const saved = (await (await signInAdminApi(server.url)).getDemoMerchant()).settings.withdrawal;
    expect(saved?.dailyCount).toBe(2);
    expect(saved?.methods.map((m) => m.kind)).toEqual(['bank_account', 'e_wallet', 'crypto']);
    expect(saved?.methods[0]).toEqual({ kind: 'bank_account', minAmount: '50', maxAmount: '120.50' });
    const [audit] = await server.query<{ details: { changes: Record<string, unknown> } }>(
      "SELECT details FROM audit_log WHERE action = 'merchant.update' ORDER BY id DESC LIMIT 1",
    );
    expect(Object.keys(audit?.details.changes ?? {})).toEqual(['withdrawal']);

    const options = await site.call(withdrawalEndpoints.options, token);
    expect(options.value).toMatchObject({
      dailyCount: 2,
      methods: [
        { kind: 'bank_account', minAmount: '50.00', maxAmount: '120.50' },
        { kind: 'e_wallet' },
        { kind: 'crypto' },
      ],
    });
    const above = await withdraw('120.51');
    expect(above.errorCode).toBe('validation_failed');
    expect(JSON.stringify(above)).toContain('amount_above_maximum');
    expect(await server.query('SELECT id FROM withdrawal_orders')).toEqual([]);
    expect((await withdraw('120.50')).success).toBe(true);
    expect((await withdraw('60')).success).toBe(true);
    expect((await withdraw('60')).errorCode).toBe('withdrawal_daily_limit');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await section().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await section().screenshot({ path: '/tmp/money-admin-withdrawal-settings-phone.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows a finance operator the rules read-only', async () => {
    const { context, page: financePage } = await newPage(browser, { viewport: 'desktop' });
    await signIn(financePage, server.url, { username: 'cash.desk', password: 'Cash-Desk-Pass-1' });
    await financePage.getByRole('link', { name: 'Tessera Demo' }).click();
    const max = financePage.locator('#section-withdrawal').getByLabel('Maximum per order for Bank account');
    await max.waitFor();
    expect(await max.isDisabled()).toBe(true);
    expect(
      await financePage.locator('#section-withdrawal tr[data-kind="crypto"] input[type=checkbox]').isDisabled(),
    ).toBe(true);
    await context.close();
  });
});
