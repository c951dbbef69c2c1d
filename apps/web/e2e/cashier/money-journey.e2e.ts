import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnHostedPage, type SandboxGateway, startSandboxGateway } from '../support/gateway';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, userMenu } from '../support/site';

let gateway: SandboxGateway;
let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  gateway = await startSandboxGateway();
  server = await startTestServer({
    env: { SANDBOX_GATEWAY_URL: gateway.url, DEMO_DOMAINS: '127.0.0.1,localhost' },
  });
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.stop();
});

const openMemberPage = async (page: Page, key: string, marker: string) => {
  await page.goto(`${server.url}/member?page=${key}`);
  await page.locator(`[data-page="${marker}"]`).waitFor();
};

const registerByMobile = async (page: Page, mobile: string) => {
  const register = dialog(page, 'register');
  await register.waitFor();
  await register.locator('form').getByLabel('Mobile number').fill(mobile);
  await register.getByRole('button', { name: 'Get code' }).click();
  await register.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  await register
    .locator('form')
    .getByLabel('Verification code')
    .fill(await api.lastCode(`+65${mobile}`));
  await register.locator('form').getByLabel('Password', { exact: true }).fill('Secret123');
  await register.locator('form').getByLabel('Confirm password').fill('Secret123');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await register.waitFor({ state: 'detached' });
  await userMenu(page).waitFor();
};

describe('the money journey', () => {
  it('registers, deposits at the gateway, sees the balance live, withdraws, is paid out by the operator, confirms, and finds every movement in the account record; the books reconcile', async () => {
    const { context, page } = await openSite(browser, server, '/register');
    await registerByMobile(page, '81190001');
    // A new member is offered limits once (decision 0107); this journey declines, and is not asked again.
    const offer = page.getByRole('dialog', { name: 'Set your limits' });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await waitForHeaderBalance(page, '0.00');

    // The withdraw password, in My account.
    await openMemberPage(page, 'securityCenter', 'security-center');
    const withdrawSetting = page.locator('[data-setting="withdraw"]');
    await withdrawSetting.getByRole('button', { name: 'Set' }).click();
    await withdrawSetting.getByLabel('Login password').fill('Secret123');
    await withdrawSetting.getByLabel('New withdraw password').fill('Draw2468');
    await withdrawSetting.getByLabel('Confirm withdraw password').fill('Draw2468');
    await withdrawSetting.getByRole('button', { name: 'Save' }).click();
    await withdrawSetting.getByText('Your withdraw password has been saved.').waitFor();

    // Deposit 300 through the sandbox gateway's hosted page; the header hears of it without a reload.
    await page.locator('[data-header-balance]').getByRole('button', { name: 'Deposit' }).click();
    await page.locator('[data-channel="gateway"]').click();
    await page.locator('form[data-form="deposit"]').getByLabel('Amount', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(`${gateway.url}/pay/**`);
    await payOnHostedPage(page, server.url);
    await page.locator('[data-card="deposit-order"] [data-status="succeeded"]').waitFor({ timeout: 20_000 });
    await waitForHeaderBalance(page, '300.00');

    // A payout method, then a withdrawal: a wrong password is refused under its field and holds nothing.
    await openMemberPage(page, 'withdraw', 'withdraw');
    const methods = page.locator('[data-card="payout-methods"]');
    await methods.getByRole('button', { name: 'Add a method' }).click();
    const methodForm = page.locator('form[data-form="payout-method"]');
    await methodForm.getByLabel('Bank', { exact: true }).fill('Tessera Bank');
    await methodForm.getByLabel('Account name').fill('Ada Lovelace');
    await methodForm.getByLabel('Account number').fill('1234 5678 90');
    await methodForm.getByLabel('Withdraw password').fill('Draw2468');
    await methodForm.getByRole('button', { name: 'Save method' }).click();
    await methods.locator('[data-method="bank_account"]').waitFor();
    expect(await methods.locator('[data-method="bank_account"]').textContent()).toContain('7890');

    const withdrawForm = page.locator('form[data-form="withdraw"]');
    await withdrawForm.getByLabel('Amount', { exact: true }).fill('120');
    await withdrawForm.getByLabel('Withdraw password').fill('Wrong999');
    await withdrawForm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await withdrawForm.locator('[data-field-error="error_withdraw_password"]').waitFor();
    expect(await server.query('SELECT id FROM ledger_holds')).toEqual([]);

    await withdrawForm.getByLabel('Withdraw password').fill('Draw2468');
    await withdrawForm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Withdrawal requested').waitFor();
    await waitForHeaderBalance(page, '180.00');
    await page.locator('[data-card="withdraw-history"] [data-status="pending"]').waitFor();
    await page.screenshot({ path: screenshotPath('withdraw-desktop-en.png'), fullPage: true });

    // The operator approves, then marks it paid out (through the back-office API).
    const [order] = await server.query<{ id: string }>('SELECT id FROM withdrawal_orders');
    await money.operator('POST', `/api/admin/merchants/demo/withdrawals/${order?.id}/decision`, { action: 'approve' });
    await money.operator('POST', `/api/admin/merchants/demo/withdrawals/${order?.id}/decision`, {
      action: 'disburse',
    });

    // The payout reaches the page (the captured hold is pushed), and the member confirms receipt.
    const confirm = page.locator('[data-card="confirm-receipt"]');
    await confirm.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('withdraw-confirm-desktop-en.png'), fullPage: true });
    await confirm.locator('[data-outcome="received"] input').check();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.locator('[data-card="withdraw-history"] [data-status="completed"]').waitFor();
    await waitForHeaderBalance(page, '180.00');

    // Every movement in the account record.
    await openMemberPage(page, 'transactionHistory', 'account-record');
    const rows = page.locator('[data-card="account-record"] tbody tr');
    await rows.first().waitFor();
    const records = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-record'), tr.getAttribute('data-amount')]),
    );
    expect(records).toEqual([
      ['withdrawal', '-120.00'],
      ['deposit', '300.00'],
    ]);
    await page.getByLabel('Type').selectOption('deposit');
    await page
      .locator('[data-card="account-record"] tbody tr[data-record="withdrawal"]')
      .waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    await page.screenshot({ path: screenshotPath('account-record-desktop-en.png'), fullPage: true });
    await context.close();

    const reconciliation = reconcileLedger(server);
    expect(reconciliation.output).toContain('Zero discrepancies.');
    expect(reconciliation.status).toBe(0);
  });
});
