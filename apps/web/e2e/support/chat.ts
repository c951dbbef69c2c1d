import type { TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { openSite, signInMember } from './site';

/**
 * A member signed in on a phone, on the personal centre's live chat, who has sent `text` (message 1): the page and
 * the chat card, for the journeys where the desk answers.
 */
export const memberStartsChat = async (browser: Browser, server: TestServer, username: string, text: string) => {
  const { context, page } = await openSite(browser, server, '/', 'phone');
  await signInMember(page, username);
  await page.goto(`${server.url}/member?page=liveChat`);
  const chat = page.locator('[data-card="live-chat"]');
  await chat.getByLabel('Message').fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
  await chat.locator('[data-seq="1"][data-author="member"]').waitFor();
  return { context, page, chat };
};

/** A picture of one colour, as a phone's screenshot would be uploaded. */
export const pictureOf = (name: string, rgb: [number, number, number]) => {
  const png = new PNG({ width: 240, height: 160 });
  for (let at = 0; at < png.data.length; at += 4) {
    png.data[at] = rgb[0];
    png.data[at + 1] = rgb[1];
    png.data[at + 2] = rgb[2];
    png.data[at + 3] = 255;
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
};
