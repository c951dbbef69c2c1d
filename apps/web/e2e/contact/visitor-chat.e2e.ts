import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureOf } from '../support/chat';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInDesk, userMenu } from '../support/site';

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

describe('visitor chat', () => {
  it('a visitor starts a chat, the operator answers, the visitor signs in mid-conversation and keeps it', async () => {
    await memberApi(server).registerByUsername('Guest0001', 'Secret123', '81260002');

    // A visitor without an account, on a phone, opens the chat page and writes.
    const { context, page } = await openSite(browser, server, '/chat', 'phone');
    const chat = page.locator('[data-card="live-chat"]');
    await chat.locator('[data-guest-note]').waitFor();
    await chat.getByLabel('Message').fill('Hello, I have a question before I sign up.');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('[data-seq="1"][data-author="member"]').waitFor();
    await page.screenshot({ path: screenshotPath('visitor-chat-phone.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);

    // The operator console: the visitor is in the same queue, marked as a visitor.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/contact?tab=chat`);
    const consolePane = desk.page.getByTestId('chat-console');
    const entry = consolePane.locator('[data-conversation^="visitor-"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Visitor');
    await entry.click();
    await consolePane.locator('[data-seq="1"][data-author="member"]').waitFor();
    await consolePane.getByLabel('Reply').fill('Welcome! Ask away.');
    await consolePane.getByRole('button', { name: 'Send' }).click();
    await consolePane.locator('[data-seq="2"][data-author="operator"]').waitFor();
    await desk.page.screenshot({ path: screenshotPath('visitor-chat-console-desktop.png'), fullPage: true });

    // Pushed to the visitor's page on its own topic, without a reload.
    await chat.locator('[data-seq="2"][data-author="operator"]').waitFor();
    const conversation = await chat.locator('[data-chat]').getAttribute('data-chat');
    expect(conversation).toMatch(/^[0-9a-f-]{36}$/);

    // The visitor attaches a picture (decision 0124); the desk sees it live, stored once against this conversation.
    await chat.getByLabel('Attach a picture').setInputFiles(pictureOf('question.png', [30, 160, 90]));
    await chat.getByLabel('Message').fill('This screen, before I sign up');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('[data-seq="3"][data-author="member"] img').waitFor();
    const picture = consolePane.locator('[data-seq="3"][data-author="member"]');
    await picture.locator('img').waitFor();
    expect(await picture.textContent()).toContain('This screen, before I sign up');
    expect(
      await server.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_chat_attachments WHERE conversation_id = $1',
        [conversation],
      ),
    ).toEqual([{ n: 1 }]);
    await page.screenshot({ path: screenshotPath('visitor-chat-picture-phone.png'), fullPage: true });

    // The visitor signs in from the chat page; the conversation is still there, now the member's. Its adoption is
    // held back a moment, as on a slow network: the picture must not be asked for as the member's before it is.
    await page.route('**/wps/contact/chat/adopt', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const memberPicture = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().includes('/wps/contact/chat/attachments/'),
    );
    await chat.getByRole('button', { name: 'Log in' }).click();
    const login = dialog(page, 'login');
    await login.waitFor();
    await login.getByLabel('Username').fill('Guest0001');
    await login.getByLabel('Password', { exact: true }).fill('Secret123');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await userMenu(page).waitFor();
    const welcome = dialog(page, 'after-login');
    await welcome.waitFor();
    await welcome.getByRole('button', { name: 'Start playing' }).click();
    await welcome.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/chat');
    await chat.locator('[data-guest-note]').waitFor({ state: 'detached' });
    await chat.locator('[data-seq="2"][data-author="operator"]').waitFor();
    expect(await chat.locator('[data-chat]').getAttribute('data-chat')).toBe(conversation);
    // The picture is read as the member's once the conversation is adopted, and still shows.
    expect((await memberPicture).status()).toBe(200);
    const owner = await server.query<{ username: string; visitor_key_hash: string | null }>(
      'SELECT username, visitor_key_hash FROM contact_conversations WHERE id = $1',
      [conversation],
    );
    expect(owner).toEqual([{ username: 'guest0001', visitor_key_hash: null }]);
    await expect
      .poll(() =>
        chat.locator('[data-seq="3"][data-author="member"] img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    // The member goes on in the same thread; the desk sees it under the member's name.
    await chat.getByLabel('Message').fill('Signed in now, thanks.');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('[data-seq="4"][data-author="member"]').waitFor();
    await consolePane.locator('[data-seq="4"][data-author="member"]').waitFor();
    await consolePane.locator('[data-conversation="guest0001"]').waitFor();
    expect(await chat.locator('[data-seq]').count()).toBe(4);

    // The personal centre's chat is the same conversation.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/member?page=liveChat`);
    await chat.locator('[data-seq="4"]').waitFor();
    expect(await chat.locator('[data-chat]').getAttribute('data-chat')).toBe(conversation);
    await page.goto(`${server.url}/chat`);
    await chat.locator('[data-seq="4"]').waitFor();
    await page.screenshot({ path: screenshotPath('visitor-chat-member-desktop.png'), fullPage: true });
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.screenshot({ path: screenshotPath('visitor-chat-console-phone.png'), fullPage: true });
    await desk.context.close();
    await context.close();
    // Two browsers, a server and a sign-in on a loaded two-core machine: the limit guards against a hang only.
  }, 600_000);
});
