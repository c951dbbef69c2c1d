import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnHostedPage, type SandboxGateway, startSandboxGateway } from '../support/gateway';
import { png } from '../support/images';
import { memberApi } from '../support/member-api';
import { headerBalance, moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, loginWithPassword, openSite } from '../support/site';

let gateway: SandboxGateway;
let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  gateway = await startSandboxGateway();
  // The gateway sends the member back to the merchant's first domain: the address this browser uses.
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

const openDeposit = async (page: Page, username: string) => {
  await loginWithPassword(page, username, 'Secret123');
  await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
  await page.locator('[data-header-balance]').getByRole('button', { name: 'Deposit' }).click();
  await page.locator('[data-page="deposit"] [data-channels]').waitFor();
};

const depositForm = (page: Page) => page.locator('form[data-form="deposit"]');

describe('deposit', () => {
  it('pays through the sandbox gateway’s hosted page, comes back, and sees the order credited and the balance live', async () => {
    await api.registerByUsername('Dep0001', 'Secret123', '81170001');
    const { context, page } = await openSite(browser, server);
    await openDeposit(page, 'Dep0001');
    expect(new URL(page.url()).search).toBe('?page=depositv2');
    await page.locator('[data-channel="gateway"]').click();
    await page.screenshot({ path: screenshotPath('deposit-desktop-en.png'), fullPage: true });

    // The limits are checked in the browser before anything is sent.
    await depositForm(page).getByLabel('Amount', { exact: true }).fill('5');
    await depositForm(page).getByRole('button', { name: 'Continue to payment' }).click();
    expect(await page.locator('#deposit-amount-error').textContent()).toBe('The minimum is 10.00.');
    expect(await server.query('SELECT id FROM deposit_orders')).toEqual([]);

    await depositForm(page).getByRole('button', { name: '100', exact: true }).click();
    expect(await depositForm(page).getByLabel('Amount', { exact: true }).inputValue()).toBe('100');
    await depositForm(page).getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(`${gateway.url}/pay/**`);
    await payOnHostedPage(page, server.url);

    const url = new URL(page.url());
    expect(url.pathname).toBe('/member');
    expect(url.searchParams.get('page')).toBe('depositv2');
    const order = page.locator('[data-card="deposit-order"]');
    await order.locator('[data-status="succeeded"]').waitFor({ timeout: 20_000 });
    expect(await order.locator('[data-detail="amount"] dd').textContent()).toBe('$100.00');
    await waitForHeaderBalance(page, '100.00');
    await page.locator('[data-card="deposit-history"] [data-status="succeeded"]').waitFor();
    await context.close();
  });

  it('declares a bank transfer to the shown account; the operator’s approval credits it while the member watches', async () => {
    const { token } = await api.registerByUsername('Dep0002', 'Secret123', '81170002');
    const { context, page } = await openSite(browser, server);
    await openDeposit(page, 'Dep0002');
    await page.locator('[data-channel="bank_transfer"]').click();
    const payee = page.locator('[data-card="payee"]');
    await payee.waitFor();
    const channels = await money.member<{ kind: string; bank: { accountNumber: string } | null }[]>(
      token,
      'GET',
      '/wps/cashier/channels',
    );
    const bank = channels.find((channel) => channel.kind === 'bank_transfer')?.bank;
    expect(await payee.locator('[data-copy="account-number"]').textContent()).toContain(bank?.accountNumber);

    await depositForm(page).getByLabel('Amount', { exact: true }).fill('75.5');
    await depositForm(page).getByLabel('Name on your transfer').fill('Dep Zero Two');
    await depositForm(page).getByRole('button', { name: 'I have paid' }).click();
    const order = page.locator('[data-card="deposit-order"]');
    await order.locator('[data-status="awaiting_review"]').waitFor();
    expect(await order.locator('[data-detail="amount"] dd').textContent()).toBe('$75.50');
    const [row] = await server.query<{ id: string; payer_note: string; status: string }>(
      'SELECT id, payer_note, status FROM deposit_orders WHERE payer_note IS NOT NULL',
    );
    expect(row).toMatchObject({ payer_note: 'Dep Zero Two', status: 'awaiting_review' });

    // Proof of the transfer: checked in the browser first, then re-encoded by the server; three at most in all.
    const proofs = order.locator('[data-deposit-proofs]');
    const picker = proofs.locator('input[type="file"]');
    await proofs.getByRole('button', { name: 'Send proof' }).click();
    await proofs.locator('[data-field-error="proof_required"]').waitFor();
    await picker.setInputFiles({ name: 'receipt.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await proofs.locator('[data-field-error="image_invalid"]').waitFor();
    await picker.setInputFiles([png('slip-1.png'), png('slip-2.png')]);
    // The previews appear once the browser has read and checked both files.
    await proofs.locator('[data-proofs] img').nth(1).waitFor();
    expect(await proofs.locator('[data-proofs] img').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('deposit-proofs-picked-desktop-en.png'), fullPage: true });
    await proofs.getByRole('button', { name: 'Send proof' }).click();
    await order.locator('[data-deposit-proofs="2"] [data-proof] img').nth(1).waitFor();
    expect(await server.query('SELECT position FROM deposit_proofs ORDER BY position')).toEqual([
      { position: 0 },
      { position: 1 },
    ]);
    // One more fits; the picker offers exactly that.
    expect(await proofs.getByText('Add proof images (1 left)').count()).toBe(1);
    await picker.setInputFiles([png('slip-3.png'), png('slip-4.png')]);
    await proofs.locator('[data-field-error="upload_too_many"]').waitFor();
    await page.screenshot({ path: screenshotPath('deposit-proofs-desktop-en.png'), fullPage: true });

    await money.operator('POST', `/api/admin/merchants/demo/deposits/${row?.id}/decision`, { approve: true });
    await order.locator('[data-status="succeeded"]').waitFor({ timeout: 10_000 });
    await waitForHeaderBalance(page, '75.50');
    expect(await headerBalance(page).textContent()).toBe('$75.50');
    // Decided: the proofs stay in view, and no more can be added.
    await order.locator('[data-deposit-proofs="2"]').waitFor();
    expect(await order.locator('input[type="file"]').count()).toBe(0);
    await context.close();
  });

  it('shows the crypto address with its QR code, and fits a phone in English and in Arabic', async () => {
    await api.registerByUsername('Dep0003', 'Secret123', '81170003');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await loginWithPassword(page, 'Dep0003', 'Secret123');
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await page.goto(`${server.url}/member?page=depositv2`);
    await page.locator('[data-channel="crypto"]').click();
    await page.locator('[data-card="payee"] [data-qr-code]').waitFor();
    expect(await page.locator('[data-copy="crypto-address"]').textContent()).toMatch(/\w{20,}/);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('deposit-phone-en.png'), fullPage: true });

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await page.locator('[data-channel="crypto"]').click();
    await page.getByRole('button', { name: 'لقد دفعت' }).waitFor();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('deposit-phone-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenshotPath('deposit-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});
