import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInDesk, signInMember, userMenu } from '../support/site';

/**
 * An operator writes to members from the back office (decision 0121): a message to everyone in English and Chinese
 * reaches a signed-in member live (the unread dot), in the member's language; a scheduled one can be cancelled.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("operators' messages to members", () => {
  it('the desk sends a message to all members; a member reads it live in the inbox; a scheduled one is cancelled', async () => {
    await memberApi(server).registerByUsername('Opm0001', 'Secret123', '81260001');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'Opm0001');
    const dot = userMenu(page).locator('[data-unread-dot]');
    expect(await dot.count()).toBe(0);

    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/contact?merchant=demo&tab=messages`);
    const list = desk.page.getByTestId('broadcasts');
    await list.waitFor();
    await desk.page.getByRole('button', { name: 'New message' }).click();
    const dialog = desk.page.getByRole('dialog');
    const form = dialog.getByTestId('broadcast-form');
    await form.getByLabel('Send to').selectOption('all');
    // Nothing written in the default language: refused under the title, nothing sent.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await form.locator('#broadcast-texts-EN-title[aria-invalid="true"]').waitFor();
    expect(await server.query('SELECT id FROM message_broadcasts')).toEqual([]);

    await form.getByLabel('Title in English').fill('Cashier maintenance');
    await form
      .getByLabel('Text in English')
      .fill('Deposits pause on Sunday from 02:00 to 03:00.\nWithdrawals are not affected.');
    await form.getByTestId('broadcast-language').selectOption('CN');
    await form.getByLabel(/标题|Title in/).fill('收银台维护');
    await form.getByLabel(/内容|Text in/).fill('周日 02:00 至 03:00 暂停存款。');
    await desk.page.screenshot({ path: screenshotPath('operator-message-compose-desktop.png') });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const sent = list.locator('tr[data-status="sent"]');
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Cashier maintenance');

    // The member: the dot appears without a reload, the inbox shows the English text (the member's language).
    await dot.waitFor();
    await page.goto(`${server.url}/member?page=messageV2`);
    const message = page.locator('[data-message="operator_message"]');
    await message.waitFor();
    expect(await message.textContent()).toContain('Cashier maintenance');
    expect(await message.textContent()).toContain('Withdrawals are not affected.');
    await page.screenshot({ path: screenshotPath('operator-message-inbox-phone.png'), fullPage: true });
    const stored = await server.query<{ type: string; title: string }>(
      "SELECT m.type, m.params->>'title' AS title FROM member_messages m JOIN members u ON u.id = m.member_id WHERE u.username = 'opm0001'",
    );
    expect(stored).toEqual([{ type: 'operator_message', title: 'Cashier maintenance' }]);

    // A scheduled message, then cancelled: it never reaches anyone.
    await desk.page.getByRole('button', { name: 'New message' }).click();
    await form.getByLabel('Send to').selectOption('member');
    await form.getByLabel("Member's username").fill('Opm0001');
    await form.getByLabel('Title in English').fill('Your weekly bonus');
    await form.getByLabel('Text in English').fill('It arrives on Monday.');
    await form.getByLabel('At a set time').check();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const wall = `${tomorrow.toISOString().slice(0, 10)}T12:00`;
    await form.locator('#broadcast-sendAt').fill(wall);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const scheduled = list.locator('tr[data-status="scheduled"]');
    await scheduled.waitFor();
    await desk.page.screenshot({ path: screenshotPath('operator-messages-list-desktop.png'), fullPage: true });
    await scheduled.getByRole('button', { name: 'Cancel message' }).click();
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Cancel message' }).click();
    await list.locator('tr[data-status="cancelled"]').waitFor();
    const statuses = await server.query<{ status: string }>('SELECT status FROM message_broadcasts ORDER BY id');
    expect(statuses.map((row) => row.status)).toEqual(['sent', 'cancelled']);
    await desk.context.close();
    await context.close();
  });
});
