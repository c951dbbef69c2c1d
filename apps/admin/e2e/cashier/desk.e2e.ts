import { cashierEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { transferSlipPng } from '../support/images';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
const orders: Record<'paid' | 'unknown', { id: string; reference: string }> = {
  paid: { id: '', reference: '' },
  unknown: { id: '', reference: '' },
};

const MEMBER = {
  username: 'Desk0001',
  password: 'Secret123',
  email: 'desk@example.com',
  mobileNum: '81240001',
  countryDialingCode: '65',
};
const FINANCE = { username: 'desk.finance', password: 'Desk-Finance-1', role: 'finance', displayName: 'Fin' } as const;
const SHOTS = '/tmp/money-admin-desk';

const mainBalance = async () =>
  (
    await server.query<{ balance: string }>(
      `SELECT a.balance::text AS balance FROM ledger_accounts a JOIN members m ON m.id::text = a.owner_id
        WHERE m.username = 'desk0001' AND a.kind = 'main'`,
    )
  )[0]?.balance ?? '0';
const depositOf = async (id: string) =>
  (
    await server.query<{ status: string; reason: string | null }>(
      'SELECT status, reason FROM deposit_orders WHERE id = $1',
      [id],
    )
  )[0];
const row = (reference: string) => page.locator(`tr[data-reference="${reference}"]`);
const dialog = () => page.getByRole('dialog');
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** Today in the demo merchant's time zone, as the cash report names its days. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  await site.register(MEMBER);
  const token = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const channels = (await site.call(cashierEndpoints.channels, token)).value as { id: string; kind: string }[];
  const bank = channels.find((channel) => channel.kind === 'bank_transfer');
  for (const [name, amount, payerNote] of [
    ['paid', '250', 'Dee Esk'],
    ['unknown', '80', 'Nobody Known'],
  ] as const) {
    const order = await site.call(cashierEndpoints.createDeposit, token, { channelId: bank?.id, amount, payerNote });
    orders[name] = order.value as { id: string; reference: string };
  }
  const proof = await site.upload(
    cashierEndpoints.addDepositProofs,
    token,
    [{ name: 'slip.png', type: 'image/png', bytes: transferSlipPng() }],
    { id: orders.paid.id },
  );
  expect(proof.success).toBe(true);
  await (await signInAdminApi(server.url)).createOperator(FINANCE);
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signIn(page, server.url, FINANCE);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the cashier desk: deposits, adjustments and the cash report', () => {
  it('approves a bank transfer after looking at the proof the member attached', async () => {
    await page.locator('aside').getByRole('link', { name: 'Cashier desk' }).click();
    await page.getByRole('tab', { name: 'Deposits' }).click();
    await row(orders.paid.reference).waitFor();
    expect(await row(orders.paid.reference).textContent()).toContain('1 proof');
    expect(await row(orders.unknown.reference).textContent()).toContain('0 proofs');
    await page.screenshot({ path: `${SHOTS}-deposits-1440.png`, fullPage: true });

    await row(orders.paid.reference).getByRole('button', { name: 'Review' }).click();
    await dialog().getByText('Dee Esk').waitFor();
    await dialog().getByRole('button', { name: 'Show proof 1 large' }).click();
    const large = dialog().getByRole('img', { name: 'Proof 1' });
    await large.waitFor();
    expect(await large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await page.screenshot({ path: `${SHOTS}-review-1440.png` });

    await dialog().getByRole('button', { name: 'Approve' }).click();
    const approving = page.getByRole('dialog', { name: 'Approve this deposit?' });
    expect(await approving.getByTestId('money-decision-text').textContent()).toMatch(
      /^Desk0001 is credited 250(\.00)? USD/,
    );
    await page.screenshot({ path: `${SHOTS}-confirm-deposit-1440.png` });
    await approving.getByRole('button', { name: 'Approve' }).click();
    await dialog().locator('[data-status="succeeded"]').waitFor();
    expect((await depositOf(orders.paid.id))?.status).toBe('succeeded');
    expect(await mainBalance()).toBe('25000');
    const audit = await server.query<{ action: string; operator_username: string }>(
      "SELECT action, operator_username FROM audit_log WHERE action LIKE 'deposit.%'",
    );
    expect(audit).toEqual([{ action: 'deposit.approve', operator_username: FINANCE.username }]);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('refuses to reject without a reason, then rejects with one', async () => {
    await row(orders.unknown.reference).getByRole('button', { name: 'Review' }).click();
    await dialog().getByText('No proof attached.').waitFor();
    await dialog().getByRole('button', { name: 'Reject' }).click();
    const reason = dialog().getByTestId('deposit-reject-reason');
    await dialog().locator('#deposit-reject-reason-error').filter({ hasText: 'Required.' }).waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect((await depositOf(orders.unknown.id))?.status).toBe('awaiting_review');
    await reason.fill('No transfer under this name arrived');
    await dialog().getByRole('button', { name: 'Reject' }).click();
    await dialog().locator('[data-status="failed"]').waitFor();
    expect(await depositOf(orders.unknown.id)).toEqual({
      status: 'failed',
      reason: 'No transfer under this name arrived',
    });
    expect(await mainBalance()).toBe('25000');
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('adjusts the member’s balance with a reason, and refuses one without', async () => {
    await page.getByLabel('Status').selectOption('');
    await row(orders.paid.reference).getByRole('button', { name: 'Review' }).click();
    await dialog().getByRole('link', { name: 'Desk0001' }).click();
    const form = page.getByTestId('adjust-form');
    await form.waitFor();
    const transactions = async () =>
      (
        await server.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'adjustment'",
        )
      )[0]?.n;

    await form.getByLabel('Amount (USD)').fill('12.345');
    await form.getByRole('button', { name: 'Apply' }).click();
    expect(await form.locator('#adjust-amount-error').textContent()).toBe('Too many decimal places for the currency.');
    expect(await form.locator('#adjust-reason-error').textContent()).toBe('Too short: at least 3.');
    await form.getByLabel('Amount (USD)').fill('40');
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.locator('#adjust-amount-error').waitFor({ state: 'detached' });
    expect(await form.locator('#adjust-reason-error').textContent()).toBe('Too short: at least 3.');
    expect(await transactions()).toBe(0);
    await page.screenshot({ path: `${SHOTS}-adjust-refused-1440.png`, fullPage: true });

    await form.getByLabel('Reason').fill('Goodwill for the slow bank transfer');
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.getByText('Applied 40.00; balance now 290.00.').waitFor();
    expect(await transactions()).toBe(1);
    expect(await mainBalance()).toBe('29000');
    const newest = page.getByTestId('member-ledger').locator('tbody tr').first();
    // The ledger is read again after the adjustment: wait for its new first line.
    await newest.filter({ hasText: 'Adjustment' }).waitFor();
    const [first] = await newest.locator('td').evaluateAll((tds) => [tds.map((td) => td.textContent?.trim())]);
    expect(first?.slice(1)).toEqual(['Adjustment', expect.stringMatching(/^A/), '40.00', '290.00']);
    const [audit] = await server.query<{ details: { reason: string } }>(
      "SELECT details FROM audit_log WHERE action = 'wallet.adjust'",
    );
    expect(audit?.details.reason).toBe('Goodwill for the slow bank transfer');
    await page.screenshot({ path: `${SHOTS}-adjust-1440.png`, fullPage: true });
  });

  it('reads the day’s deposit, adjustment and net cash in the report', async () => {
    await page.getByRole('link', { name: 'Back to the cashier desk' }).click();
    await page.getByRole('tab', { name: 'Cash report' }).click();
    const report = page.getByTestId('cash-report');
    await report.waitFor();
    const cells = (name: string) =>
      report
        .locator('tbody tr')
        .filter({ has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) })
        .locator('td')
        .evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    expect(await cells(today())).toEqual([today(), '250.00 (1)', '0.00 (0)', '40.00', '0.00', '250.00']);
    expect(await cells('Total')).toEqual(['Total', '250.00 (1)', '0.00 (0)', '40.00', '0.00', '250.00']);
    await page.screenshot({ path: `${SHOTS}-report-1440.png`, fullPage: true });
  });

  it('fits a phone: deposits, a review, the adjustment form and the report', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('cash-report').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-report-390.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Deposits' }).click();
    await page.getByLabel('Status').selectOption('');
    await row(orders.paid.reference).waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-deposits-390.png`, fullPage: true });
    await row(orders.paid.reference).getByRole('button', { name: 'Review' }).click();
    await dialog().getByRole('button', { name: 'Show proof 1 large' }).click();
    await dialog().getByRole('img', { name: 'Proof 1' }).waitFor();
    await page.screenshot({ path: `${SHOTS}-review-390.png` });
    await dialog().getByRole('link', { name: 'Desk0001' }).click();
    await page.getByTestId('adjust-form').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-adjust-390.png`, fullPage: true });
  });
});
