import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const WELCOME = 'Welcome to customer service! We are looking into your question now.';

describe('canned replies', () => {
  it('an operator adds a canned reply, picks it in the console by "/", edits it and the member reads it', async () => {
    await memberApi(server).registerByUsername('Canned001', 'Secret123', '81270001');
    const { context, page, chat } = await memberStartsChat(browser, server, 'Canned001', 'Is my deposit there yet?');

    const desk = await signInDesk(browser, server);

    // The Canned replies tab: a bad shortcut and an empty title are refused under their fields, nothing saved.
    await desk.page.goto(`${server.url}/admin/contact?tab=canned`);
    const cannedPage = desk.page.getByTestId('canned-replies');
    await cannedPage.getByText('No canned replies yet.').waitFor();
    await cannedPage.getByRole('button', { name: 'Add canned reply' }).click();
    const form = desk.page.locator('form[data-canned-form="new"]');
    await form.getByLabel('Shortcut').fill('two words');
    await form.getByLabel('Text').fill(WELCOME);
    await desk.page.getByRole('button', { name: 'Save' }).click();
    await desk.page.locator('#canned-shortcut-error').getByText('Not allowed.').waitFor();
    await desk.page.locator('#canned-title-error').getByText('Required.').waitFor();
    await desk.page.screenshot({ path: screenshotPath('canned-reply-errors-desktop.png'), fullPage: true });
    expect(await server.query('SELECT id FROM contact_canned_replies')).toEqual([]);
    await form.getByLabel('Shortcut').fill('welcome');
    await form.getByLabel('Title').fill('Welcome');
    await form.getByLabel('Language').selectOption('EN');
    await desk.page.screenshot({ path: screenshotPath('canned-reply-editor-desktop.png'), fullPage: true });
    await desk.page.getByRole('button', { name: 'Save' }).click();
    await cannedPage.locator('[data-canned="welcome"]').waitFor();
    await desk.page.getByText('Canned reply /welcome saved.').waitFor();
    await desk.page.screenshot({ path: screenshotPath('canned-replies-desktop.png'), fullPage: true });

    // The console: "/wel" lists it, Enter puts its text in the reply box, the operator adds to it and sends.
    await desk.page.getByRole('tab', { name: 'Live chat' }).click();
    const consolePane = desk.page.getByTestId('chat-console');
    await consolePane.locator('[data-conversation="canned001"]').click();
    await consolePane.locator('[data-seq="1"][data-author="member"]').waitFor();
    // The console read it: the member's page shows "Read" under it, pushed (decision 0111).
    await chat.locator('[data-seq="1"] [data-read]').getByText('Read').waitFor();
    await consolePane.getByRole('button', { name: 'Take' }).click();
    await consolePane.getByText('Taken by owner').waitFor();
    // The member starts to write: the console says so (decision 0111), and forgets it a few seconds later.
    await chat.getByLabel('Message').pressSequentially('Tha');
    await consolePane.getByText('canned001 is typing…').waitFor();
    await desk.page.screenshot({ path: screenshotPath('chat-console-typing-desktop.png'), fullPage: true });
    await chat.getByLabel('Message').fill('');
    await consolePane.getByText('canned001 is typing…').waitFor({ state: 'detached', timeout: 10_000 });
    const reply = consolePane.getByLabel('Reply');
    await reply.fill('/wel');
    const option = consolePane.locator('[data-canned-option="welcome"]');
    await option.waitFor();
    expect(await option.getAttribute('data-active')).toBe('true');
    expect(await consolePane.locator('[data-canned-option]').count()).toBe(1);
    await desk.page.screenshot({ path: screenshotPath('canned-reply-picker-desktop.png'), fullPage: true });
    await reply.press('Enter');
    expect(await reply.inputValue()).toBe(WELCOME);
    expect(await consolePane.locator('[data-canned-option]').count()).toBe(0);
    await reply.press('End');
    await reply.pressSequentially(' Mai here.');
    await consolePane.getByRole('button', { name: 'Send' }).click();
    await consolePane.locator('[data-seq="2"][data-author="operator"]').waitFor();

    // The member reads the edited canned reply, pushed; it is stored once, with the console's client id.
    await chat.locator('[data-seq="2"][data-author="operator"]').waitFor();
    expect(await chat.locator('[data-seq="2"]').textContent()).toContain(`${WELCOME} Mai here.`);
    expect(await chat.locator('[data-read]').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('canned-reply-member-phone.png'), fullPage: true });
    const stored = await server.query<{ body: string; client_message_id: string | null }>(
      "SELECT body, client_message_id FROM contact_chat_messages WHERE author = 'operator'",
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.body).toBe(`${WELCOME} Mai here.`);
    expect(stored[0]?.client_message_id).toMatch(/^[0-9a-f-]{36}$/);
    const memberRows = await server.query<{ client_message_id: string | null }>(
      "SELECT client_message_id FROM contact_chat_messages WHERE author = 'member'",
    );
    expect(memberRows[0]?.client_message_id).toMatch(/^[0-9a-f-]{36}$/);

    // The button lists every reply too; on a phone-sized console the picker still fits.
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await consolePane.getByRole('button', { name: 'Canned replies' }).click();
    await consolePane.locator('[data-canned-option="welcome"]').waitFor();
    await desk.page.screenshot({ path: screenshotPath('canned-reply-picker-phone.png'), fullPage: true });
    expect(
      await desk.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await desk.context.close();
    await context.close();
  });
});
