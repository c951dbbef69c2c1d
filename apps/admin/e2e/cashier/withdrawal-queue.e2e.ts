import { accountEndpoints, withdrawalEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
let site: ReturnType<typeof memberSite>;
let token: string;
const references: string[] = [];

const MEMBER = {
  username: 'Payee01',
  password: 'Secret123',
  email: 'payee@example.com',
  mobileNum: '81239876',
  countryDialingCode: '65',
};

const balanceOf = async () =>
  (
    await server.query<{ balance: string; held: string }>(
      `SELECT sum(a.balance)::text AS balance, sum(a.held)::text AS held FROM ledger_accounts a
         JOIN members m ON m.id::text = a.owner_id WHERE m.username = 'payee01' AND a.kind = 'main'`,
    )
  )[0];
const statusOf = async (reference: string) =>
  (
    await server.query<{ status: string; reason: string | null }>(
      'SELECT status, reason FROM withdrawal_orders WHERE reference = $1',
      [reference],
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  site = memberSite(server);
  await site.register(MEMBER);
  const login = await site.login(MEMBER.username, MEMBER.password);
  token = (login.value as { token: string }).token;
  const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'payee01'");
  await (await signInAdminApi(server.url)).credit(member?.id ?? '', '500');
  expect(
    (
      await site.call(accountEndpoints.withdrawPassword, token, {
        currentPassword: MEMBER.password,
        newWithdrawPassword: 'Payout99',
        confirmWithdrawPassword: 'Payout99',
      })
    ).success,
  ).toBe(true);
  const method = await site.call(withdrawalEndpoints.addMethod, token, {
    method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Pat Payee', accountNumber: '5550001234' },
    withdrawPassword: 'Payout99',
  });
  const payoutMethodId = (method.value as { id: string }).id;
  for (const amount of ['120.00', '80.00']) {
    const order = await site.call(withdrawalEndpoints.submit, token, {
      requestId: crypto.randomUUID(),
      payoutMethodId,
      amount,
      withdrawPassword: 'Payout99',
    });
    expect(order.errorCode).toBe(null);
    references.push((order.value as { reference: string }).reference);
  }
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (reference: string) => page.locator(`tr[data-reference="${reference}"]`);
const dialog = () => page.getByRole('dialog');

describe('the cashier desk pays and refuses withdrawals', () => {
  it('lists pending withdrawals with the member, amount and masked method', async () => {
    await page.locator('aside').getByRole('link', { name: 'Cashier desk' }).click();
    await row(references[0] ?? '').waitFor();
    const cells = await row(references[0] ?? '')
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    expect(cells.slice(1, 5)).toEqual(['Payee01', '120.00 USD', 'Bank account · Demo Bank ••••1234', 'Pending']);
    expect(await balanceOf()).toEqual({ balance: '50000', held: '20000' });
    await page.screenshot({ path: '/tmp/money-admin-queue.png', fullPage: true });
  });

  it('approves, then marks disbursed: the held money leaves once and the member is told', async () => {
    await row(references[0] ?? '')
      .getByRole('button', { name: 'Review' })
      .click();
    await dialog().getByText('5550001234').waitFor();
    await dialog().getByRole('button', { name: 'Approve' }).click();
    // Money moves only after a second look: the confirmation names the amount and the member.
    const approving = page.getByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(await approving.getByTestId('money-decision-text').textContent()).toContain('120.00 USD to Payee01');
    await approving.getByRole('button', { name: 'Cancel' }).click();
    await approving.waitFor({ state: 'hidden' });
    expect((await statusOf(references[0] ?? ''))?.status).toBe('pending');
    await dialog().getByRole('button', { name: 'Approve' }).click();
    await approving.getByRole('button', { name: 'Approve' }).click();
    await dialog().locator('[data-status="approved"]').waitFor();
    expect((await statusOf(references[0] ?? ''))?.status).toBe('approved');
    await page.screenshot({ path: '/tmp/money-admin-review.png', fullPage: true });
    await dialog().getByRole('button', { name: 'Mark disbursed' }).click();
    const disbursing = page.getByRole('dialog', { name: 'Mark this withdrawal disbursed?' });
    expect(await disbursing.getByTestId('money-decision-text').textContent()).toContain('120.00 USD paid to Payee01');
    await page.screenshot({ path: '/tmp/money-admin-confirm-disburse.png' });
    await disbursing.getByRole('button', { name: 'Mark disbursed' }).click();
    await dialog().locator('[data-status="disbursed"]').waitFor();
    expect((await statusOf(references[0] ?? ''))?.status).toBe('disbursed');
    expect(await balanceOf()).toEqual({ balance: '38000', held: '8000' });
    const messages = await server.query<{ type: string }>(
      "SELECT type FROM member_messages WHERE type = 'withdrawal_approved'",
    );
    expect(messages).toHaveLength(1);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('refuses to reject without a reason, then rejects with one and releases the hold', async () => {
    await row(references[1] ?? '')
      .getByRole('button', { name: 'Review' })
      .click();
    await dialog().getByRole('button', { name: 'Reject' }).click();
    await dialog().getByText('Some fields are not valid.').waitFor();
    expect((await statusOf(references[1] ?? ''))?.status).toBe('pending');
    await dialog().getByTestId('reject-reason').fill('Account name does not match');
    await dialog().getByRole('button', { name: 'Reject' }).click();
    await dialog().locator('[data-status="rejected"]').waitFor();
    expect(await statusOf(references[1] ?? '')).toEqual({ status: 'rejected', reason: 'Account name does not match' });
    expect(await balanceOf()).toEqual({ balance: '38000', held: '0' });
    const audit = await server.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'withdrawal.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve', 'withdrawal.disburse', 'withdrawal.reject']);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('shows the member’s ledger with every step, on a phone too', async () => {
    await page.getByTestId('withdrawal-status').selectOption('');
    await row(references[0] ?? '')
      .getByRole('button', { name: 'Review' })
      .click();
    await dialog().getByRole('link', { name: 'Payee01' }).click();
    await page.getByTestId('member-ledger').waitFor();
    const types = await page
      .getByTestId('member-ledger')
      .locator('tbody tr td:nth-child(2)')
      .evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    expect(types).toEqual(['Withdrawal', 'Adjustment']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('member-ledger').waitFor();
    await page.screenshot({ path: '/tmp/money-admin-wallet-phone.png', fullPage: true });
  });
});
