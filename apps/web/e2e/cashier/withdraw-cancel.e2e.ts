import { zonedDate } from '@tessera/contracts';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, loginWithPassword, openSite } from '../support/site';

/**
 * A member cancels a pending withdrawal from the withdrawal history (the held amount comes back), and the
 * compliance desk then finds the member under "Cancelled withdrawals" in the day's markers of harm (decision 0109),
 * computed by the same computation the daily job runs.
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

describe('cancelling a withdrawal and the markers of harm', () => {
  it('the member cancels a pending withdrawal; the operator sees the member flagged', async () => {
    const { member, token } = await api.registerByUsername('Wcx0001', 'Secret123', '81210009');
    const login = { password: 'Secret123', withdrawPassword: 'Draw2468' };
    const order = await money.pendingWithdrawal(
      token,
      member.id,
      { credit: '200.00', amount: '80', login },
      { accountId: 'wcx0001@example.com', accountName: 'Wen Cee' },
    );

    const { context, page } = await openSite(browser, server, '/', 'phone');
    await loginWithPassword(page, 'Wcx0001', 'Secret123');
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await waitForHeaderBalance(page, '120.00');
    await page.goto(`${server.url}/member?page=withdraw`);
    const history = page.locator('[data-card="withdraw-history"]');
    const row = history.locator(`[data-withdrawal="${order.reference}"]`);
    await row.locator('[data-status="pending"]').waitFor();
    await row.getByRole('button', { name: `Cancel withdrawal ${order.reference}` }).click();
    const confirm = dialog(page, 'cancel-withdrawal');
    await confirm.getByText(order.reference).waitFor();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).waitFor();
    // The dialog fades in; the picture is taken once it has.
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('withdraw-cancel-confirm-phone-en.png') });
    // Kept: nothing changes.
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.locator('[data-status="pending"]').count()).toBe(1);
    const phone = page.viewportSize();
    await page.setViewportSize({ width: 1440, height: 900 });
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('withdraw-pending-desktop-en.png') });
    if (phone) await page.setViewportSize(phone);

    await row.getByRole('button', { name: `Cancel withdrawal ${order.reference}` }).click();
    await dialog(page, 'cancel-withdrawal').getByRole('button', { name: 'Yes, cancel it' }).click();
    await row.locator('[data-status="cancelled"]').waitFor();
    await waitForHeaderBalance(page, '200.00');
    expect(await row.getByRole('button', { name: /Cancel withdrawal/ }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('withdraw-cancelled-phone-en.png'), fullPage: true });
    const stored = await server.query<{ status: string }>('SELECT status FROM withdrawal_orders WHERE id = $1', [
      order.id,
    ]);
    expect(stored).toEqual([{ status: 'cancelled' }]);
    await context.close();

    // The compliance desk: today's markers of harm of the demo merchant (Asia/Singapore), computed now.
    const desk = await newPage(browser, { viewport: 'desktop' });
    await desk.page.goto(`${server.url}/admin/`);
    await desk.page.getByLabel('Username').fill(DEMO_OPERATOR.username);
    await desk.page.getByLabel('Password').fill(DEMO_OPERATOR.password);
    await desk.page.getByRole('button', { name: 'Sign in' }).click();
    await desk.page.waitForURL(/\/admin\/(dashboard|merchants)/);
    await desk.page.goto(`${server.url}/admin/responsible-gaming?tab=harm`);
    const form = desk.page.locator('[data-form="harm-markers"]');
    await form.getByLabel('Day').fill(zonedDate('Asia/Singapore'));
    await desk.page.locator('[data-harm-computed]').getByText('Not computed yet').waitFor();
    await form.getByRole('button', { name: 'Compute this day now' }).click();
    const flagged = desk.page.locator('[data-harm-row]', { hasText: /wcx0001/i });
    await flagged.locator('[data-marker="cancelled_withdrawals"]').waitFor();
    await desk.page.screenshot({ path: screenshotPath('harm-markers-desktop-en.png'), fullPage: true });
    await desk.page.getByLabel('Interface language').selectOption('CN');
    await flagged.getByText('取消提款').waitFor();
    await desk.page.screenshot({ path: screenshotPath('harm-markers-desktop-cn.png'), fullPage: true });
    await desk.page.getByLabel('界面语言').selectOption('EN');
    await flagged.getByText('Cancelled withdrawals').waitFor();
    // Filtered by another marker, the member is not listed.
    await form.locator('select[name="marker"]').selectOption('night_play');
    await desk.page.locator('[data-harm-empty]').waitFor();
    await form.locator('select[name="marker"]').selectOption('cancelled_withdrawals');
    await flagged.waitFor();
    // The member's link opens the member's responsible-gaming view.
    await flagged.getByRole('link', { name: /wcx0001/i }).click();
    await desk.page.waitForURL(new RegExp(`/admin/members/${member.id}`));
    const audited = await server.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'responsible_gaming.harm_markers_%'",
    );
    expect(audited.map((entry) => entry.action)).toContain('responsible_gaming.harm_markers_compute');
    await desk.context.close();
  }, 120_000);
});
