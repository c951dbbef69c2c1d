import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStartsChat, pictureOf } from '../support/chat';
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

describe('live chat pictures (decision 0124)', () => {
  it('a member sends a picture, the operator sees it live and answers with one, the member sees it', async () => {
    await memberApi(server).registerByUsername('Pics0001', 'Secret123', '81260101');
    const { context, page, chat } = await memberStartsChat(browser, server, 'Pics0001', 'Hello, I have a receipt.');

    // The member attaches a picture with a text; it shows as a thumbnail in its own thread.
    await chat.getByLabel('Attach a picture').setInputFiles(pictureOf('receipt.png', [40, 120, 200]));
    await chat.getByLabel('Message').fill('Here is my receipt');
    await chat.getByRole('button', { name: 'Send' }).click();
    const mine = chat.locator('[data-seq="2"][data-author="member"]');
    await mine.locator('img').waitFor();

    // The desk: the message arrives with its picture; the operator takes it and answers with a picture.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/contact?tab=chat`);
    const consolePane = desk.page.getByTestId('chat-console');
    await consolePane.locator('[data-conversation="pics0001"]').click();
    const received = consolePane.locator('[data-seq="2"][data-author="member"]');
    await received.locator('img').waitFor();
    expect(await received.textContent()).toContain('Here is my receipt');
    await consolePane.getByRole('button', { name: 'Take' }).click();
    await consolePane.getByText('Taken by owner').waitFor();
    // Opened larger from the keyboard, closed with Escape.
    await received.getByRole('button', { name: 'Open the picture' }).focus();
    await desk.page.keyboard.press('Enter');
    const large = desk.page.getByRole('dialog');
    await large.locator('img').waitFor();
    await desk.page.keyboard.press('Escape');
    await large.waitFor({ state: 'detached' });
    await consolePane.getByLabel('Attach a picture').setInputFiles(pictureOf('steps.png', [220, 90, 40]));
    await consolePane.getByRole('button', { name: 'Send' }).click();
    await consolePane.locator('[data-seq="3"][data-author="operator"] img').waitFor();
    await desk.page.screenshot({ path: screenshotPath('chat-pictures-console-desktop.png'), fullPage: true });

    // Live on the member's phone, without a reload; opens larger on tap.
    const answer = chat.locator('[data-seq="3"][data-author="operator"]');
    await answer.locator('img').waitFor();
    await page.screenshot({ path: screenshotPath('chat-pictures-phone.png'), fullPage: true });
    await answer.getByRole('button', { name: 'Open the picture' }).click();
    await page.getByRole('dialog').locator('img').waitFor();
    // The dialog fades in after 100 ms (spec section 2): the screenshot waits for it.
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('chat-pictures-open-phone.png') });
    await page.keyboard.press('Escape');

    // A gif under a png name is refused in the browser before any upload; nothing more is stored.
    await chat.getByLabel('Attach a picture').setInputFiles({
      name: 'moving.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]),
    });
    await chat.getByText('This file is not a PNG or JPEG picture.').waitFor();
    const stored = await server.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_chat_attachments');
    expect(stored).toEqual([{ n: 2 }]);

    // In Arabic, right to left.
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await chat.locator('[data-seq="3"] img').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: screenshotPath('chat-pictures-phone-ar.png'), fullPage: true });
    await desk.context.close();
    await context.close();
  });
});
