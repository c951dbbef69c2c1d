import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/images';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInDesk, signInMember } from '../support/site';

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

describe('feedback and complaints', () => {
  it('a member files a complaint with images, the desk answers it, the member reads the reply', async () => {
    await memberApi(server).registerByUsername('Fdb0001', 'Secret123', '81250001');

    // The member, on a phone.
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'Fdb0001');
    await page.goto(`${server.url}/member?page=feedback`);
    const form = page.locator('form[data-form="feedback"]');
    await form.waitFor();
    await form.getByLabel('Question type').selectOption('withdrawal');
    // Too short: refused in the browser, nothing sent.
    await form.getByLabel('Your message').fill('Late');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.locator('[data-field-error="field_too_short"]').waitFor();
    expect(await server.query('SELECT id FROM contact_feedback')).toEqual([]);

    await form.getByLabel('Your message').fill('My withdrawal of 80 has been pending since yesterday.');
    await form.locator('input[type="file"]').setInputFiles([png('a.png'), png('b.png')]);
    await expect.poll(() => form.locator('[data-proofs] img').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('feedback-form-phone.png'), fullPage: true });
    await form.getByRole('button', { name: 'Send' }).click();
    const sent = page.locator('[data-alert="feedback-sent"]');
    await sent.waitFor();
    const reference = /FB\d{6,}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');
    const row = page.locator(`[data-feedback="${reference}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('open');
    await row.locator('[data-image] img').nth(1).waitFor();
    expect(await row.locator('[data-image] img').count()).toBe(2);
    expect(await server.query('SELECT id FROM contact_feedback_images')).toHaveLength(2);
    expect(await fitsWidth(page)).toBe(true);

    // The desk, on a desktop: the queue, the ticket, a reply.
    const desk = await signInDesk(browser, server);
    await desk.page.getByRole('link', { name: 'Member contact' }).click();
    const ticket = desk.page.locator(`tr[data-reference="${reference}"]`);
    await ticket.waitFor();
    await desk.page.screenshot({ path: screenshotPath('feedback-queue-desktop.png'), fullPage: true });
    await ticket.getByRole('button', { name: 'Open' }).click();
    const review = desk.page.getByRole('dialog');
    await review.locator('[data-image] img').nth(1).waitFor();
    await review.getByLabel('Reply to the member').fill('We found it: the payout leaves today.');
    await desk.page.screenshot({ path: screenshotPath('feedback-review-desktop.png') });
    await review.getByRole('button', { name: 'Send reply' }).click();
    await review.locator('[data-reply]').waitFor();
    await desk.context.close();

    // The member: the inbox count moved (pushed), the list shows the reply.
    await row.locator('[data-reply]').waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-status')).toBe('answered');
    expect(await row.locator('[data-reply]').textContent()).toContain('the payout leaves today');
    await page.screenshot({ path: screenshotPath('feedback-answered-phone.png'), fullPage: true });
    await page.goto(`${server.url}/member?page=messageV2`);
    await page.locator('[data-message="feedback_answered"]').waitFor();
    expect(await page.locator('[data-message="feedback_answered"]').textContent()).toContain(reference);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/member?page=feedback`);
    await page.locator(`[data-feedback="${reference}"] [data-reply]`).waitFor();
    await page.screenshot({ path: screenshotPath('feedback-desktop.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
