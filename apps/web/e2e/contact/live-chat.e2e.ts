import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberStartsChat } from '../support/chat';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { signInDesk } from '../support/site';

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

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('live chat', () => {
  it('a member and an operator exchange messages live, member page and operator console', async () => {
    await memberApi(server).registerByUsername('Chat0001', 'Secret123', '81260001');
    await (await adminApi(server.url)).createOperator({ username: 'deskmate', displayName: 'Mai', role: 'support' });

    const { context, page, chat } = await memberStartsChat(browser, server, 'Chat0001', 'Hello, is anyone there?');

    // The operator console, on a desktop: the waiting conversation, taken, answered.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/contact?tab=chat`);
    const consolePane = desk.page.getByTestId('chat-console');
    const entry = consolePane.locator('[data-conversation="chat0001"]');
    await entry.waitFor();
    expect(await entry.locator('[data-unread]').textContent()).toBe('1');
    await entry.click();
    await consolePane.locator('[data-seq="1"][data-author="member"]').waitFor();
    await consolePane.getByRole('button', { name: 'Take' }).click();
    await consolePane.getByText('Taken by owner').waitFor();
    await consolePane.getByLabel('Reply').fill('Hello! How can I help?');
    await consolePane.getByRole('button', { name: 'Send' }).click();
    await consolePane.locator('[data-seq="2"][data-author="operator"]').waitFor();

    // Pushed to the member's page without a reload; the member answers; pushed to the consolePane.
    await chat.locator('[data-seq="2"][data-author="operator"]').waitFor();
    expect(await chat.locator('[data-seq="2"]').textContent()).toContain('How can I help?');
    await chat.getByLabel('Message').fill('My deposit has not arrived.');
    await chat.getByRole('button', { name: 'Send' }).click();
    await consolePane.locator('[data-seq="3"][data-author="member"]').waitFor();
    expect(await consolePane.locator('[data-seq]').count()).toBe(3);
    expect(await chat.locator('[data-seq]').count()).toBe(3);
    await page.screenshot({ path: screenshotPath('live-chat-phone.png'), fullPage: true });
    await desk.page.screenshot({ path: screenshotPath('live-chat-console-desktop.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);

    // Handed over to another support operator: the console says who holds it now, and the owner can no longer answer.
    await consolePane.getByLabel('Hand over to…').selectOption({ label: 'Mai (deskmate)' });
    await consolePane.getByRole('button', { name: 'Hand over' }).click();
    await consolePane.getByText('Taken by deskmate').waitFor();
    const held = await server.query<{ operator_username: string }>(
      'SELECT operator_username FROM contact_conversations',
    );
    expect(held).toEqual([{ operator_username: 'deskmate' }]);

    // After a reload the history is back, each message once.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await chat.locator('[data-seq="3"]').waitFor();
    expect(await chat.locator('[data-seq]').count()).toBe(3);
    await page.screenshot({ path: screenshotPath('live-chat-desktop.png'), fullPage: true });
    const stored = await server.query<{ seq: number }>('SELECT seq FROM contact_chat_messages ORDER BY seq');
    expect(stored.map((row) => row.seq)).toEqual([1, 2, 3]);
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.screenshot({ path: screenshotPath('live-chat-console-phone.png'), fullPage: true });
    await desk.context.close();
    await context.close();
  });
});
