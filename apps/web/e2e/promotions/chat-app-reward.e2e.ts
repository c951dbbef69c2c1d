import { launchBrowser, promotionInput, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInDesk, signInMember } from '../support/site';

/**
 * The chat-app reward (spec section 9, decision 0151) as a member and an operator meet it: the member links a
 * Telegram username from the promotion's card (a malformed one refused under the field, nothing stored), the
 * operator approves the link in the back office's review queue, and the member's wallet shows the reward. On a phone
 * in Chinese, a handle another member linked is refused under the field.
 */

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;
let promotionId = '';
const TITLE = 'Join our Telegram';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
  ({ id: promotionId } = await money.operator<{ id: string }>(
    'POST',
    '/api/admin/merchants/demo/promotions',
    promotionInput({
      kind: 'chat_app',
      category: 'special',
      fixedAmount: '30',
      texts: {
        EN: { title: TITLE, summary: 'Link your Telegram and get $30.00', content: 'Once per member.', imageUrl: '' },
        CN: {
          title: '加入我们的 Telegram',
          summary: '绑定 Telegram 领取 30.00 美元',
          content: '每位会员一次。',
          imageUrl: '',
        },
      },
    }),
  ));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page) => page.locator(`article[data-promotion="${promotionId}"]`);
const stateOf = (page: Page) => card(page).getAttribute('data-promotion-state');
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const links = async () =>
  (
    await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM promotion_entries WHERE promotion_id = $1 AND chat_handle IS NOT NULL',
      [promotionId],
    )
  )[0]?.n;

describe('the chat-app reward', () => {
  it('is linked by the member, approved in the back office, and shows in the member wallet', async () => {
    await api.registerByUsername('Chat0001', 'Secret123', '81400351');
    const { context, page } = await openSite(browser, server, '/promotions');
    await signInMember(page, 'Chat0001');
    await card(page).waitFor();
    expect(await stateOf(page)).toBe('join');
    await card(page)
      .getByRole('button', { name: `Link Telegram: ${TITLE}` })
      .click();

    const form = dialog(page, 'chat-app-link').locator('form[data-form="chat-app-link"]');
    await form.waitFor();
    await form.getByLabel('Telegram username').fill('@ab');
    await form.getByRole('button', { name: 'Send for review' }).click();
    const error = form.locator('#chat-app-handle-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'Enter a valid Telegram username: 5 to 32 letters, digits or underscores, starting with a letter.',
    );
    expect(await form.getByLabel('Telegram username').getAttribute('aria-invalid')).toBe('true');
    expect(await links()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('chat-app-link-error-1440-en.png') });

    await form.getByLabel('Telegram username').fill('@Lucky_Tessera');
    await form.getByRole('button', { name: 'Send for review' }).click();
    await dialog(page, 'chat-app-link').waitFor({ state: 'detached' });
    expect(await page.locator('[data-alert="promotion-done"]').textContent()).toBe(
      `Your Telegram username for ${TITLE} has been sent for review.`,
    );
    await expect.poll(() => stateOf(page)).toBe('applying');
    expect(await card(page).locator('[data-promotion-note="chat-handle"]').textContent()).toBe(
      'Linked Telegram: @lucky_tessera',
    );
    await page.screenshot({ path: screenshotPath('chat-app-linked-1440-en.png'), fullPage: true });

    // The operator reviews it in the back office's queue, where the handle stands in for the remark.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/promotions?tab=applications`);
    const row = desk.page.locator('tr[data-application="Chat0001"]');
    await row.waitFor();
    expect(await row.locator('[data-chat-handle]').textContent()).toBe('Telegram: @lucky_tessera');
    await desk.page.screenshot({ path: screenshotPath('chat-app-queue-1440-admin.png'), fullPage: true });
    // On a phone the queue's rows become cards, the handle still shown, nothing scrolling sideways.
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.reload();
    await row.locator('[data-chat-handle]').waitFor();
    expect(await fits(desk.page)).toBe(true);
    await desk.page.screenshot({ path: screenshotPath('chat-app-queue-390-admin.png'), fullPage: true });
    await desk.page.setViewportSize({ width: 1440, height: 900 });
    await desk.page.reload();
    await row.getByRole('button', { name: 'Review' }).click();
    const review = desk.page.getByRole('dialog');
    await review.locator('[data-chat-handle="lucky_tessera"]').waitFor();
    await desk.page.screenshot({ path: screenshotPath('chat-app-review-1440-admin.png') });
    await review.getByRole('button', { name: 'Approve and grant' }).click();
    await desk.page.getByText('The application of Chat0001 is decided.').waitFor();
    await desk.context.close();

    // No wagering was set: the reward reaches the main wallet, and the card reads claimed.
    await page.goto(`${server.url}/member?page=transferFund`);
    await page.locator('[data-card="wallets"] [data-wallet="main"] [data-available="30.00"]').waitFor();
    await page.screenshot({ path: screenshotPath('chat-app-wallet-1440-en.png'), fullPage: true });
    await page.goto(`${server.url}/promotions`);
    await card(page).waitFor();
    expect(await stateOf(page)).toBe('claimed');
    expect(reconcileLedger(server).status).toBe(0);
    await context.close();
  });

  it('refuses on a phone, in Chinese, a handle another member already linked', async () => {
    await api.registerByUsername('Chat0002', 'Secret123', '81400352');
    const { context, page } = await openSite(browser, server, '/promotions', 'phone');
    await signInMember(page, 'Chat0002');
    await page.evaluate(() => localStorage.setItem('lang', 'CN'));
    await page.goto(`${server.url}/promotions`);
    const action = card(page).locator('[data-promotion-action="link"]', { hasText: '绑定 Telegram' });
    await action.waitFor();
    await action.click();
    const form = dialog(page, 'chat-app-link').locator('form[data-form="chat-app-link"]');
    await form.waitFor();
    await form.locator('#chat-app-handle').fill('LUCKY_TESSERA');
    await form.locator('button[type="submit"]').click();
    const error = form.locator('#chat-app-handle-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('该 Telegram 用户名已被其他账户绑定。');
    expect(await links()).toBe(1);
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('chat-app-link-taken-390-cn.png') });
    // The card of the other member's promotion on the phone: the action stays, no handle of anyone else shows.
    await dialog(page, 'chat-app-link').getByRole('button', { name: '取消', exact: true }).click();
    await dialog(page, 'chat-app-link').waitFor({ state: 'detached' });
    expect(await card(page).locator('[data-promotion-note="chat-handle"]').count()).toBe(0);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('chat-app-card-390-cn.png'), fullPage: true });
    await context.close();
  });
});
