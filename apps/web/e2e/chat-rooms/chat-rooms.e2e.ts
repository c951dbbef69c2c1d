import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInDesk, signInToPlay } from '../support/site';

/**
 * Chat rooms as an operator and a member meet them (decision 0164): the operator adds a host and a room with slow
 * mode; the member opens the chat-room modal from the customer-service menu, joins, posts and is held by the slow
 * mode; the operator removes the message and mutes the member, and the member's page shows both without a reload;
 * then the operator edits the host's and the room's details (retention included) in the forms that added them.
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

describe('chat rooms', () => {
  it('are set up in the back office, joined from the modal, held by slow mode and moderated live', async () => {
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/chat-rooms`);
    await desk.page.getByLabel('Name').fill('Luna');
    await desk.page.getByRole('button', { name: 'Add host' }).click();
    await desk.page.getByTestId('hosts').locator('tr[data-host="Luna"]').waitFor();
    await desk.page.getByRole('textbox', { name: 'Room', exact: true }).fill('Lobby');
    await desk.page.getByLabel('Slow mode (seconds)').fill('60');
    await desk.page.getByRole('button', { name: 'Add room' }).click();
    await desk.page.getByTestId('rooms').locator('tr[data-room="Lobby"]').waitFor();

    await memberApi(server).registerByUsername('Roomie01', 'Secret123', '81170001');
    const { page } = await openSite(browser, server);
    await signInToPlay(page, 'Roomie01');
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Customer Service' }).click();
    await page.locator('[data-chat-room-entry]').first().click();
    const modal = dialog(page, 'chatRoom');
    await modal.locator('[data-host="Luna"] [data-room="Lobby"]').waitFor();
    // The dialog fades in: the screenshot waits until it is fully shown.
    await page.waitForFunction(() => {
      const shown = document.querySelector('dialog[data-dialog="chatRoom"]');
      return shown !== null && getComputedStyle(shown).opacity === '1';
    });
    await page.screenshot({ path: screenshotPath('chat-rooms-modal-desktop.png') });
    await modal.getByRole('button', { name: 'Join Lobby' }).click();
    await page.waitForURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
    const room = page.locator('[data-chat-room="Lobby"]');
    await room.waitFor();

    await page.getByLabel('Message', { exact: true }).fill('Hello everyone');
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = room.locator('li[data-seq="1"]');
    await mine.filter({ hasText: 'Hello everyone' }).waitFor();
    await room.locator('[data-slow-wait]').waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Me again');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Slow mode is on: please wait before sending another message.').waitFor();
    expect(await server.query('SELECT seq, body FROM chat_room_messages ORDER BY seq')).toEqual([
      { seq: 1, body: 'Hello everyone' },
    ]);
    await page.screenshot({ path: screenshotPath('chat-rooms-room-desktop.png'), fullPage: true });

    // The operator watches the room, removes the message and mutes its author: the member sees both at once.
    await desk.page.getByTestId('rooms').getByRole('button', { name: 'Lobby' }).click();
    const log = desk.page.getByTestId('room-log');
    const entry = log.locator('li[data-seq="1"]');
    await entry.filter({ hasText: 'Hello everyone' }).waitFor();
    await entry.getByRole('button', { name: 'Remove' }).click();
    await mine.filter({ hasText: 'Message removed by a moderator' }).waitFor();
    await entry.getByRole('button', { name: 'Mute' }).click();
    await desk.page.getByLabel('Minutes').fill('30');
    await desk.page.getByLabel('Reason (shown to the member)').fill('Spam links');
    await desk.page.getByRole('button', { name: 'Mute member' }).click();
    await desk.page.getByTestId('mutes').locator('li[data-muted="roomie01"], li[data-muted="Roomie01"]').waitFor();
    await room.locator('[data-muted="true"]').filter({ hasText: 'Spam links' }).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).isDisabled()).toBe(true);
    await log.locator('li[data-seq="1"]').filter({ hasText: 'Removed by owner' }).waitFor();
    await desk.page.screenshot({ path: screenshotPath('chat-rooms-admin-desktop.png'), fullPage: true });

    // The host's details are edited in the same form as they were added: a field error first, then the change.
    const hosts = desk.page.locator('#chat-room-hosts');
    await desk.page.getByTestId('hosts').locator('tr[data-host="Luna"]').getByRole('button', { name: 'Edit' }).click();
    const hostForm = hosts.locator('form[data-form="chat-host-edit"]');
    await hostForm.getByRole('heading', { name: 'Edit host Luna' }).waitFor();
    expect(await hosts.locator('form[data-form="chat-host"]').count()).toBe(0);
    await hostForm.getByLabel('Name').fill('Luna Star');
    await hostForm.getByLabel('Avatar (https address, optional)').fill('http://cdn.example/luna.png');
    await hostForm.getByRole('button', { name: 'Save changes' }).click();
    await hostForm.getByText('Not valid.').waitFor();
    await hosts.screenshot({ path: screenshotPath('chat-rooms-edit-host-desktop.png') });
    expect(await server.query('SELECT name, avatar_url FROM chat_room_hosts')).toEqual([
      { name: 'Luna', avatar_url: null },
    ]);
    await hostForm.getByLabel('Avatar (https address, optional)').fill('https://cdn.example/luna.png');
    await hostForm.getByRole('button', { name: 'Save changes' }).click();
    await desk.page.getByTestId('hosts').locator('tr[data-host="Luna Star"]').waitFor();
    await hosts.locator('form[data-form="chat-host"]').waitFor();
    expect(await server.query('SELECT name, avatar_url, enabled FROM chat_room_hosts')).toEqual([
      { name: 'Luna Star', avatar_url: 'https://cdn.example/luna.png', enabled: true },
    ]);

    // The room's details, with how long its messages are kept: a field error, then the change.
    const rooms = desk.page.locator('#chat-rooms');
    await desk.page.getByTestId('rooms').locator('tr[data-room="Lobby"]').getByRole('button', { name: 'Edit' }).click();
    const roomForm = rooms.locator('form[data-form="chat-room-edit"]');
    await roomForm.getByRole('heading', { name: 'Edit room Lobby' }).waitFor();
    expect(await roomForm.getByLabel('Slow mode (seconds)').inputValue()).toBe('60');
    await roomForm.getByLabel('Keep messages (days)').fill('0');
    await roomForm.getByRole('button', { name: 'Save changes' }).click();
    await roomForm.getByText('Too small: at least 1.').waitFor();
    await rooms.screenshot({ path: screenshotPath('chat-rooms-edit-room-desktop.png') });
    await roomForm.getByLabel('Keep messages (days)').fill('30');
    await roomForm.getByLabel('Slow mode (seconds)').fill('0');
    await roomForm.getByRole('button', { name: 'Save changes' }).click();
    const lobbyRow = desk.page.getByTestId('rooms').locator('tr[data-room="Lobby"]');
    await lobbyRow.filter({ hasText: '30 days' }).waitFor();
    expect(await lobbyRow.textContent()).toContain('Luna Star');
    expect(await server.query('SELECT name, slow_mode_seconds, message_retention_days, open FROM chat_rooms')).toEqual([
      { name: 'Lobby', slow_mode_seconds: 0, message_retention_days: 30, open: true },
    ]);

    // The room's edit form on a phone: the table's rows are cards and the form's fields one under another.
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await lobbyRow.getByRole('button', { name: 'Edit' }).click();
    expect(await roomForm.getByLabel('Keep messages (days)').inputValue()).toBe('30');
    await rooms.screenshot({ path: screenshotPath('chat-rooms-edit-room-phone.png') });
    await roomForm.getByRole('button', { name: 'Cancel' }).click();
    await rooms.locator('form[data-form="chat-room"]').waitFor();

    const audit = await server.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'chat_rooms.%' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'chat_rooms.host_create',
      'chat_rooms.room_create',
      'chat_rooms.message_remove',
      'chat_rooms.member_mute',
      'chat_rooms.host_update',
      'chat_rooms.room_update',
    ]);

    // The same page on a phone (the side menu, open beside the page on a desktop, is a drawer there: closed).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await room.locator('[data-muted="true"]').waitFor();
    await page.screenshot({ path: screenshotPath('chat-rooms-room-phone.png'), fullPage: true });
  });
});
