import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

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

/** A member call with its module id (the agent endpoints are not COMM3's). */
const site = async <T>(token: string, path: string, moduleId: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: token, ModuleId: moduleId, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { success: boolean; value: T; errorCode: string | null };
  if (!envelope.success) throw new Error(`${path}: ${envelope.errorCode}`);
  return envelope.value;
};

const menuItem = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The account record's row of one movement type and signed amount. */
const recordRow = (page: Page, type: string, amount: string) =>
  page.locator(`[data-card="account-record"] tr[data-record="${type}"][data-amount="${amount}"]`);

/**
 * An agent's money: a wrong withdraw password is refused under its field and moves nothing; the right one
 * transfers to the downline friend, and both see the transfer in their account record; a red envelope reaches the
 * friend too. Transfers and red envelope pages at desktop and phone width.
 */
describe('agent transfers', () => {
  it('an agent transfers to a downline with the withdraw password, and both members see it', async () => {
    const agent = await api.registerByUsername('MoneyAgent1', 'Secret123', '81430001');
    const applied = await site<{ id: string }>(agent.token, '/wps/agent/application', 'AFFMAN3', {
      contactName: 'Money Agent',
      contactMobile: '+65 8143 0001',
      message: '',
    });
    await money.operator('POST', `/api/admin/merchants/demo/agent-applications/${applied.id}/decision`, {
      approve: true,
      agentType: 1,
    });
    const link = await site<{ affiliateCode: string }>(agent.token, '/wps/agent/link', 'REGCEN');
    await api.registerByUsername('MoneyFriend1', 'Secret123', '81430002', { affiliateCode: link.affiliateCode });
    await money.setWithdrawPassword(agent.token, 'Secret123', 'Payout99');
    await money.adjust(agent.member.id, '100.00');

    const { context, page } = await openSite(browser, server);
    await signInMember(page, 'MoneyAgent1');
    await page.goto(`${server.url}/agentHome`);
    await menuItem(page, 'Transfers').click();
    const form = page.locator('form[data-form="agent-transfer-down"]');
    await form.waitFor();
    expect(await page.locator('[data-card="agent-transfer"]').textContent()).toContain('$100.00');

    // A wrong withdraw password: its own message under the field, and the balance stays.
    await form.getByLabel('Downline account').fill('MoneyFriend1');
    await form.getByLabel('Amount').fill('12.50');
    await form.getByLabel('Withdraw password').fill('Wrong999');
    await form.getByRole('button', { name: 'Transfer', exact: true }).click();
    await form.locator('[data-field-error="error_withdraw_password"]').waitFor();
    await page.screenshot({ path: screenshotPath('agent-transfer-wrong-password-desktop-en.png'), fullPage: true });
    expect(await page.locator('[data-card="agent-transfer"]').textContent()).toContain('$100.00');

    // The right one: the transfer is made and the balance drops.
    await form.getByLabel('Withdraw password').fill('Payout99');
    await form.getByRole('button', { name: 'Transfer', exact: true }).click();
    const done = page.locator('[data-alert="agent-transfer-done"]');
    await done.waitFor();
    expect(await done.textContent()).toContain('$12.50');
    await page.locator('[data-card="agent-transfer"]').getByText('$87.50').waitFor();
    await page.screenshot({ path: screenshotPath('agent-transfer-desktop-en.png'), fullPage: true });

    // The agent's account record shows the transfer out.
    await page.goto(`${server.url}/member?page=transactionHistory`);
    await recordRow(page, 'transfer_downline', '-12.50').waitFor();

    // The friend's account record shows it in, named as a transfer from the upline.
    const friend = await newPage(browser, { viewport: 'phone' });
    await friend.page.goto(`${server.url}/`);
    await signInMember(friend.page, 'MoneyFriend1');
    await friend.page.goto(`${server.url}/member?page=transactionHistory`);
    const received = recordRow(friend.page, 'transfer_downline', '12.50');
    await received.waitFor();
    expect(await received.textContent()).toContain('Transfer from upline');
    await friend.page.screenshot({ path: screenshotPath('agent-transfer-received-phone-en.png'), fullPage: true });

    // A red envelope to the friend, chosen from the downline list.
    await page.goto(`${server.url}/agentHome`);
    await menuItem(page, 'Red Envelope').click();
    await page.locator('tr[data-recipient="moneyfriend1"], tr[data-recipient="MoneyFriend1"]').waitFor();
    await page.getByRole('checkbox').first().check();
    const envelope = page.locator('form[data-form="red-envelope"]');
    await envelope.getByLabel('Total amount').fill('3.00');
    await envelope.getByLabel('Split').selectOption('equal');
    await envelope.getByLabel('Withdraw password').fill('Payout99');
    await envelope.getByRole('button', { name: 'Send red envelope' }).click();
    await page.locator('[data-card="envelope-done"] li').first().waitFor();
    expect(await page.locator('[data-card="envelope-done"]').textContent()).toContain('$3.00');
    await page.screenshot({ path: screenshotPath('agent-red-envelope-desktop-en.png'), fullPage: true });
    await friend.page.reload();
    await recordRow(friend.page, 'agent_red_envelope', '3.00').waitFor();
    await friend.context.close();

    // Phone width: both pages fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-agent-page="agentRedRain"]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agent-red-envelope-phone-en.png'), fullPage: true });
    await menuItem(page, 'Transfers').click();
    await page.locator('form[data-form="agent-transfer-down"]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agent-transfer-phone-en.png'), fullPage: true });
    await context.close();
  });
});
