import { launchBrowser, promotionInput, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

/**
 * A join, claim or application the server refuses as not eligible shows the refusal's reason, in the words the card
 * shows before (not the generic "not eligible"): the member's list was read while signed in from Malaysia, then the
 * member's region became Singapore (as a sign-in elsewhere sets it), so the card still offers the action and the
 * server refuses it with `promotion_not_eligible`, reason `promotion_reason_region`. English on a desktop and in the
 * detail dialog, Chinese on a phone; nothing is joined, applied for or granted. And an application waiting for
 * review is withdrawn from its card (`MCSFE_cancelTicket`, decision 0146), or refused with its reason once reviewed.
 */

const HEADER = 'x-test-country';
const REASON_EN = 'This promotion is not available in your region.';
const REASON_CN = '此活动不适用于您所在的地区。';
const GENERIC_EN = 'You are not eligible for this promotion.';
let server: TestServer;
let browser: Browser;
let money: ReturnType<typeof moneyApi>;

const create = async (title: string, values: Record<string, unknown>) =>
  money.operator<{ id: string }>(
    'POST',
    '/api/admin/merchants/demo/promotions',
    promotionInput({
      texts: { EN: { title, summary: '', content: 'Malaysia only.', imageUrl: '' } },
      regions: ['MY'],
      ...values,
    }),
  );
const card = (page: Page, id: string) => page.locator(`article[data-promotion="${id}"]`);
const refusal = (page: Page, text: string) =>
  page.locator('[data-alert="form-error"]').filter({ hasText: text }).first();
const placeIn = (country: string, username: string) =>
  server.query('UPDATE members SET country = $1 WHERE username = $2', [country, username]);

beforeAll(async () => {
  server = await startTestServer({ env: { COUNTRY_HEADER: HEADER } });
  browser = await launchBrowser();
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a refused join, claim or application', () => {
  it('shows the reason the server gave, and nothing is taken part in', async () => {
    const deposit = await create('Malaysia first deposit', { kind: 'first_deposit', percent: 50, maxAmount: '100' });
    const login = await create('Malaysia check-in', {
      kind: 'daily_login',
      category: 'daily',
      fixedAmount: '1',
      frequency: 'daily',
    });
    const application = await create('Malaysia big win', {
      kind: 'application',
      category: 'special',
      fixedAmount: '5',
    });
    await memberApi(server).registerByUsername('Refuse0001', 'Secret123', '81400281');
    const entries = async () =>
      (
        await server.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM promotion_entries e JOIN members m ON m.id = e.member_id WHERE m.username = 'refuse0001'",
        )
      )[0]?.n;
    const bonuses = async () =>
      (
        await server.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM bonuses b JOIN members m ON m.id = b.member_id WHERE m.username = 'refuse0001'",
        )
      )[0]?.n;

    const { context, page } = await openSite(browser, server, '/');
    await context.setExtraHTTPHeaders({ [HEADER]: 'MY' });
    await signInMember(page, 'Refuse0001');
    await page.goto(`${server.url}/promotions`);
    await card(page, deposit.id).waitFor();
    expect(await card(page, deposit.id).getAttribute('data-promotion-state')).toBe('join');
    expect(await card(page, login.id).getAttribute('data-promotion-state')).toBe('claim');
    expect(await card(page, application.id).getAttribute('data-promotion-state')).toBe('join');

    // The region changes after the list was read: each action the cards still offer is refused with its reason.
    await placeIn('SG', 'refuse0001');
    await card(page, deposit.id).getByRole('button', { name: 'Join: Malaysia first deposit' }).click();
    await refusal(page, REASON_EN).waitFor();
    expect(await page.locator('[data-promotion-refusal="promotion_reason_region"]').count()).toBe(1);
    expect(await page.getByText(GENERIC_EN).count()).toBe(0);
    expect(await entries()).toBe(0);
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('promotion-refusal-join-desktop-en.png') });

    // The application form keeps the reason inside the dialog.
    await page.goto(`${server.url}/promotions`);
    await placeIn('MY', 'refuse0001');
    await page.reload();
    await card(page, application.id).waitFor();
    expect(await card(page, application.id).getAttribute('data-promotion-state')).toBe('join');
    await placeIn('SG', 'refuse0001');
    await card(page, application.id).getByRole('button', { name: 'Apply: Malaysia big win' }).click();
    const form = page.locator('dialog[data-dialog="promotion-apply"] form[data-form="promotion-apply"]');
    await form.waitFor();
    await form.getByLabel('Remark').fill('My win on dice');
    await form.getByRole('button', { name: 'Send application' }).click();
    await form.locator('[data-alert="form-error"]').filter({ hasText: REASON_EN }).waitFor();
    expect(await entries()).toBe(0);
    await page.screenshot({ path: screenshotPath('promotion-refusal-apply-desktop-en.png') });
    await page.keyboard.press('Escape');

    // The detail dialog (#id) shows the claim's refusal beside its own button.
    await placeIn('MY', 'refuse0001');
    await page.reload();
    await card(page, login.id).getByRole('link', { name: 'Details of Malaysia check-in' }).click();
    await page.waitForURL(new RegExp(`/promotions#${login.id}$`));
    const detail = page.locator('dialog[data-dialog="promotion-detail"]');
    await detail.getByRole('button', { name: 'Claim: Malaysia check-in' }).waitFor();
    await placeIn('SG', 'refuse0001');
    await detail.getByRole('button', { name: 'Claim: Malaysia check-in' }).click();
    await detail.locator('[data-alert="form-error"]').filter({ hasText: REASON_EN }).waitFor();
    expect(await bonuses()).toBe(0);
    expect(await entries()).toBe(0);
    await page.screenshot({ path: screenshotPath('promotion-refusal-claim-detail-desktop-en.png') });
    await context.close();
  });

  it('shows the reason in the member language on a phone', async () => {
    const login = await create('Malaysia daily gift', {
      kind: 'daily_login',
      category: 'daily',
      fixedAmount: '1',
      frequency: 'daily',
    });
    await memberApi(server).registerByUsername('Refuse0002', 'Secret123', '81400282');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await context.setExtraHTTPHeaders({ [HEADER]: 'MY' });
    await signInMember(page, 'Refuse0002');
    await page.evaluate(() => localStorage.setItem('lang', 'CN'));
    await page.goto(`${server.url}/promotions`);
    await card(page, login.id).waitFor();
    expect(await card(page, login.id).getAttribute('data-promotion-state')).toBe('claim');

    await placeIn('SG', 'refuse0002');
    await card(page, login.id).getByRole('button', { name: '领取：Malaysia daily gift' }).click();
    await refusal(page, REASON_CN).waitFor();
    const granted = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bonuses b JOIN members m ON m.id = b.member_id WHERE m.username = 'refuse0002'",
    );
    expect(granted[0]?.n).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('promotion-refusal-claim-phone-cn.png'), fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await context.close();
  });
});

describe('an application waiting for review', () => {
  it('is withdrawn from its card, and a reviewed one cannot be', async () => {
    const first = await create('Share your screenshot', { kind: 'application', category: 'special', fixedAmount: '5' });
    const second = await create('Share another', {
      kind: 'application',
      category: 'special',
      fixedAmount: '5',
      wageringMultiple: 1,
    });
    await memberApi(server).registerByUsername('Ticket0001', 'Secret123', '81400283');
    const entries = async (promotionId: string) =>
      (
        await server.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM promotion_entries e JOIN members m ON m.id = e.member_id WHERE m.username = 'ticket0001' AND e.promotion_id = $1",
          [promotionId],
        )
      )[0]?.n;
    const { context, page } = await openSite(browser, server, '/');
    await context.setExtraHTTPHeaders({ [HEADER]: 'MY' });
    await signInMember(page, 'Ticket0001');
    await page.goto(`${server.url}/promotions`);
    for (const [promotion, title] of [
      [first, 'Share your screenshot'],
      [second, 'Share another'],
    ] as const) {
      await card(page, promotion.id)
        .getByRole('button', { name: `Apply: ${title}` })
        .click();
      const form = page.locator('dialog[data-dialog="promotion-apply"] form[data-form="promotion-apply"]');
      await form.getByLabel('Remark').fill('Round 42');
      await form.getByRole('button', { name: 'Send application' }).click();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => card(page, promotion.id).getAttribute('data-promotion-state')).toBe('applying');
    }
    const withdraw = card(page, first.id).getByRole('button', { name: 'Withdraw application: Share your screenshot' });
    await withdraw.waitFor();
    expect(await card(page, first.id).locator('[data-status]').textContent()).toBe('Applying');
    // The apply dialog's closing and the list's refresh settle first (as promotions.e2e.ts does before axe).
    await page.waitForTimeout(500);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('promotion-ticket-applying-desktop-en.png') });

    await withdraw.click();
    await page
      .locator('[data-alert="promotion-done"]')
      .filter({ hasText: 'Your application for Share your screenshot has been withdrawn.' })
      .waitFor();
    await expect.poll(() => card(page, first.id).getAttribute('data-promotion-state')).toBe('join');
    expect(await entries(first.id)).toBe(0);
    await page.screenshot({ path: screenshotPath('promotion-ticket-withdrawn-desktop-en.png') });

    // The operator approves the other one while the page still offers to withdraw it: refused, the bonus stands.
    const queue = await money.operator<{ list: { id: string; promotionId: string }[] }>(
      'GET',
      '/api/admin/merchants/demo/promotion-applications?status=applying',
    );
    const application = queue.list.find((entry) => entry.promotionId === second.id);
    await money.operator('POST', `/api/admin/merchants/demo/promotion-applications/${application?.id}`, {
      decision: 'approve',
      note: 'ok',
    });
    await card(page, second.id).getByRole('button', { name: 'Withdraw application: Share another' }).click();
    await refusal(page, 'This application has already been reviewed.').waitFor();
    expect(await entries(second.id)).toBe(1);
    await expect.poll(() => card(page, second.id).getAttribute('data-promotion-state')).toBe('issued');
    await page.screenshot({ path: screenshotPath('promotion-ticket-reviewed-desktop-en.png') });
    await context.close();
  });
});
