import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember, userMenu } from '../support/site';

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

describe('internal messages', () => {
  it('tells the member live that a deposit arrived, shows the message in the inbox, and marks it read', async () => {
    const { token, member } = await api.registerByUsername('Inbox0001', 'Secret123', '81170001');
    const { context, page } = await openSite(browser, server);
    await signInMember(page, 'Inbox0001');
    const dot = userMenu(page).locator('[data-unread-dot]');
    expect(await dot.count()).toBe(0);

    // The operator approves a bank transfer: the message arrives and the header shows it without a reload.
    const order = await money.creditByBankTransfer(token, '75');
    await dot.waitFor();
    await userMenu(page).getByRole('button').first().click();
    const messages = userMenu(page).locator('[data-menu-item="messages"]');
    await expect.poll(() => messages.textContent()).toContain('1');
    await messages.click();

    const inbox = page.locator('[data-card="inbox"]');
    const row = inbox.locator('[data-message="deposit_arrived"]');
    await row.waitFor();
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await row.textContent()).toContain('Deposit received');
    expect(await row.textContent()).toContain(`Your deposit of USD 75.00 (reference ${order.reference})`);
    await page.screenshot({ path: screenshotPath('inbox-desktop-en.png'), fullPage: true });

    await row.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => row.getAttribute('data-read')).toBe('true');
    await dot.waitFor({ state: 'detached' });
    const stored = await server.query<{ read_at: Date | null }>(
      'SELECT read_at FROM member_messages WHERE member_id = $1',
      [member.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.read_at).not.toBeNull();
    await context.close();
  });

  it('fits a phone in Arabic, right to left, and marks everything read at once', async () => {
    const { token } = await api.registerByUsername('Inbox0002', 'Secret123', '81170002');
    await money.creditByBankTransfer(token, '60');
    await money.creditByBankTransfer(token, '80');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'Inbox0002');
    await page.goto(`${server.url}/member?page=messageV2`);
    const inbox = page.locator('[data-card="inbox"]');
    await inbox.locator('[data-message="deposit_arrived"]').nth(1).waitFor();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('inbox-phone-en.png'), fullPage: true });

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await inbox.getByText('تم استلام الإيداع').first().waitFor();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('inbox-phone-ar.png'), fullPage: true });
    await inbox.getByRole('button', { name: 'تعيين الكل كمقروء' }).click();
    await expect.poll(() => inbox.locator('[data-read="false"]').count()).toBe(0);
    await userMenu(page).locator('[data-unread-dot]').waitFor({ state: 'detached' });
    await context.close();
  });
});
