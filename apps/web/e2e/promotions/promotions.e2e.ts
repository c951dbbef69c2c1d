import { randomUUID } from 'node:crypto';
import { launchBrowser, promotionInput, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { png } from '../support/images';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { memberRow, openSite, signInMember } from '../support/site';

/**
 * The promotions members take part in (issue 28, decisions 0081 and 0082), as a member meets them on /promotions
 * and in the personal centre's bonus details: a first-deposit bonus joined, credited by the deposit, wagered by dice
 * bets and released to the main wallet; an application with two pictures, first refused by the form for a remark
 * one character too long, then sent, approved by the operator, and seen issued.
 */

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const createPromotion = (values: Record<string, unknown>) =>
  money.operator<{ id: string }>('POST', '/api/admin/merchants/demo/promotions', promotionInput(values));

const card = (page: Page, id: string) => page.locator(`article[data-promotion="${id}"]`);
const stateOf = (page: Page, id: string) => card(page, id).getAttribute('data-promotion-state');
const settle = (page: Page) => page.waitForTimeout(500);
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Reloads /promotions until the card shows `state` (a deposit's or a review's effect arrives by event). */
const waitForState = async (page: Page, id: string, state: string) => {
  await expect
    .poll(
      async () => {
        await page.goto(`${server.url}/promotions`);
        await card(page, id).waitFor();
        return stateOf(page, id);
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(state);
};

/** The member's balance of one ledger wallet, in minor units. */
const walletOf = async (memberId: string, kind: 'main' | 'bonus') =>
  Number(
    (
      await server.query<{ balance: string }>(
        `SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
         WHERE owner_type = 'member' AND owner_id = $1 AND kind = $2`,
        [memberId, kind],
      )
    )[0]?.balance,
  );

const inArabic = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('lang', 'AR'));
  await page.reload();
  await page.locator('html[dir="rtl"]').waitFor();
};

describe('a first-deposit bonus', () => {
  it('is joined on /promotions, credited by the deposit, shown with its wagering, wagered by dice and released', async () => {
    const { id } = await createPromotion({
      kind: 'first_deposit',
      category: 'newbie',
      texts: {
        EN: {
          title: 'Welcome deposit 50%',
          summary: 'Half of your first deposit again, up to $100.00',
          content: 'Deposit at least $50.00.\nWager the bonus twice to release it.',
          imageUrl: '',
        },
        AR: {
          title: 'مكافأة الإيداع الأول 50%',
          summary: 'نصف إيداعك الأول مرة أخرى، حتى 100.00 دولار',
          content: 'أودع 50.00 دولارًا على الأقل.\nراهن بالمكافأة مرتين لتحريرها.',
          imageUrl: '',
        },
      },
      percent: 50,
      maxAmount: '100',
      minDeposit: '50',
      wageringMultiple: 2,
    });
    // Another promotion, open to every member: the side menu keeps it while the first one leaves once taken.
    const { id: checkInId } = await createPromotion({
      kind: 'daily_login',
      category: 'daily',
      texts: { EN: { title: 'Daily check-in', summary: '', content: 'Claim once a day.', imageUrl: '' } },
      fixedAmount: '1',
    });
    const { token } = await api.registerByUsername('Promo0001', 'Secret123', '81400001');
    const memberId = String((await memberRow(server, 'Promo0001')).id);

    const { context, page } = await openSite(browser, server);
    await signInMember(page, 'Promo0001');
    // The side menu leads to the promotion: its link opens the detail on /promotions by the id in the hash.
    const side = page.locator('[data-shell="side-menu"]');
    const sideLink = (promotionId: string) => side.locator(`a[href="/promotions#${promotionId}"]`);
    await sideLink(checkInId).waitFor();
    await side.getByRole('link', { name: 'Welcome deposit 50%' }).click();
    await page.waitForURL(new RegExp(`/promotions#${id}$`));
    const detail = page.locator(`dialog[data-dialog="promotion-detail"] [data-promotion-detail="${id}"]`);
    await detail.waitFor();
    expect(await detail.locator('[data-promotion-rules]').textContent()).toBe(
      'Deposit at least $50.00.\nWager the bonus twice to release it.',
    );
    expect(await detail.textContent()).toContain('50% bonus, up to $100.00 · wager 2× before withdrawing');
    await page.screenshot({ path: screenshotPath('promotions-detail-desktop-en.png') });
    await page.locator('dialog[data-dialog="promotion-detail"]').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/promotions$/);

    // The card: category, state "Join" and its one action.
    const promo = card(page, id);
    await promo.waitFor();
    expect(await stateOf(page, id)).toBe('join');
    // In the join state the state is the button itself: no label says it twice.
    expect(await promo.locator('[data-status]').count()).toBe(0);
    expect(await promo.locator('button[data-promotion-action="join"]').textContent()).toBe('Join');
    expect(await promo.textContent()).toContain('New members');
    await promo.getByRole('button', { name: 'Join: Welcome deposit 50%' }).click();
    await page.locator('[data-alert="promotion-done"]').waitFor();
    expect(await page.locator('[data-alert="promotion-done"]').textContent()).toContain(
      'You have joined Welcome deposit 50%.',
    );
    await expect.poll(() => stateOf(page, id)).toBe('joined');
    expect(await promo.locator('button[data-promotion-action]').count()).toBe(0);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The deposit (approved by the desk) earns 50% of 100.00: a bonus of 50.00 to wager twice.
    await money.creditByBankTransfer(token, '100');
    await waitForState(page, id, 'issued');
    expect(await promo.locator('[data-status]').textContent()).toBe('Issued');
    expect(await walletOf(memberId, 'bonus')).toBe(5_000);
    // Its bonus issued, the promotion has nothing more to offer: the side menu drops it and keeps the open one.
    await sideLink(checkInId).waitFor();
    expect(await sideLink(id).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('promotions-side-menu-issued-desktop-en.png') });

    await page.goto(`${server.url}/member?page=bonusDetails`);
    const bonus = page.locator('[data-page="bonus-details"] [data-bonus]');
    await bonus.waitFor();
    expect(await bonus.getAttribute('data-bonus-status')).toBe('active');
    expect(await bonus.locator('h3').textContent()).toBe('Welcome deposit 50%');
    expect(await bonus.locator('[data-bonus-figure="amount"] dd').textContent()).toBe('$50.00');
    expect(await bonus.locator('[data-bonus-figure="requirement"] dd').textContent()).toBe('$100.00');
    expect(await bonus.locator('[data-bonus-progress]').textContent()).toBe('$0.00 of $100.00 wagered (0%)');
    expect(await page.locator('[data-bonus-wallet]').getAttribute('data-bonus-wallet')).toBe('50.00');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('bonus-details-active-desktop-en.png'), fullPage: true });

    // One dice bet of 60.00 counts 60 % of the requirement.
    const dice = (stake: string) =>
      money.member<{ stake: string; payout: string }>(token, 'POST', '/wps/inhouse/bets', {
        game: 'dice',
        stake,
        idempotencyKey: `promo-${randomUUID()}`,
        params: { target: 9800, direction: 'under' },
      });
    await dice('60');
    await expect
      .poll(
        async () => {
          await page.reload();
          await bonus.waitFor();
          return bonus.locator('[data-bonus-progress]').getAttribute('data-bonus-progress');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('60');
    expect(await bonus.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    await page.screenshot({ path: screenshotPath('bonus-details-progress-desktop-en.png'), fullPage: true });

    // The next 40.00 meets it: the bonus moves to the main wallet.
    const mainBefore = await walletOf(memberId, 'main');
    const last = await dice('40');
    await expect
      .poll(
        async () => {
          await page.reload();
          await bonus.waitFor();
          return bonus.getAttribute('data-bonus-status');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('released');
    expect(await bonus.locator('[data-status]').textContent()).toBe('Released');
    expect(await bonus.locator('[data-bonus-progress]').textContent()).toBe('$100.00 of $100.00 wagered (100%)');
    expect(await page.locator('[data-bonus-wallet]').getAttribute('data-bonus-wallet')).toBe('0.00');
    await page.screenshot({ path: screenshotPath('bonus-details-released-desktop-en.png'), fullPage: true });

    // The ledger: the bonus wallet is empty, one release of 50.00 reached the main wallet, and the books balance.
    expect(await walletOf(memberId, 'bonus')).toBe(0);
    const releases = await server.query<{ amount: string }>(
      `SELECT p.amount::text AS amount FROM ledger_postings p
       JOIN ledger_transactions t ON t.id = p.transaction_id
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.type = 'bonus_release' AND a.owner_id = $1 AND a.kind = 'main'`,
      [memberId],
    );
    expect(releases).toEqual([{ amount: '5000' }]);
    // The main wallet rose by the release and the last bet's outcome.
    const outcome = Math.round((Number(last.payout) - Number(last.stake)) * 100);
    expect(await walletOf(memberId, 'main')).toBe(mainBefore + 5_000 + outcome);
    const rows = await server.query<{ status: string; wagered: string; requirement: string }>(
      `SELECT status, wagered::text AS wagered, requirement::text AS requirement FROM bonuses WHERE member_id = $1`,
      [memberId],
    );
    expect(rows).toEqual([{ status: 'released', wagered: '10000', requirement: '10000' }]);
    expect(reconcileLedger(server).status).toBe(0);

    await waitForState(page, id, 'claimed');
    expect(await card(page, id).locator('[data-status]').textContent()).toBe('Claimed');
    await sideLink(checkInId).waitFor();
    expect(await sideLink(id).count()).toBe(0);

    // Read in Arabic, the bonus carries the promotion's Arabic title (stored in the merchant's English).
    await inArabic(page);
    await page.goto(`${server.url}/member?page=bonusDetails`);
    await bonus.waitFor();
    expect(await bonus.locator('h3').textContent()).toBe('مكافأة الإيداع الأول 50%');
    await settle(page);
    await page.screenshot({ path: screenshotPath('bonus-details-released-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});

describe('an application with pictures', () => {
  it('is refused by the form for a 141-character remark, sent with two images, approved by the operator and issued', async () => {
    const { id } = await createPromotion({
      kind: 'application',
      category: 'special',
      texts: {
        EN: {
          title: 'Share your big win',
          summary: 'Send a screenshot of a win and get $20.00',
          content: 'One application per member. Pictures in png or jpg.',
          imageUrl: '',
        },
        AR: {
          title: 'شارك فوزك الكبير',
          summary: 'أرسل لقطة شاشة لفوز واحصل على 20.00 دولارًا',
          content: 'طلب واحد لكل عضو. الصور بصيغة png أو jpg.',
          imageUrl: '',
        },
      },
      fixedAmount: '20',
      wageringMultiple: 1,
    });
    const { token } = await api.registerByUsername('Promo0002', 'Secret123', '81400002');
    const memberId = String((await memberRow(server, 'Promo0002')).id);
    const entries = async () =>
      Number(
        (
          await server.query<{ n: string }>(
            'SELECT count(*)::text AS n FROM promotion_entries WHERE promotion_id = $1 AND member_id = $2',
            [id, memberId],
          )
        )[0]?.n,
      );

    const { context, page } = await openSite(browser, server, '/promotions');
    await signInMember(page, 'Promo0002');
    // The Special tab holds it; the New members tab does not.
    await page.getByRole('tab', { name: 'Special' }).click();
    await page.waitForURL(/\/promotions\?category=special$/);
    const promo = card(page, id);
    await promo.waitFor();
    expect(await page.locator('[role="tabpanel"] article').evaluateAll((nodes) => nodes.length)).toBe(1);
    expect(await stateOf(page, id)).toBe('join');
    await promo.getByRole('button', { name: 'Apply: Share your big win' }).click();

    const form = page.locator('dialog[data-dialog="promotion-apply"] form[data-form="promotion-apply"]');
    await form.waitFor();
    await form.getByLabel('Remark').fill('x'.repeat(141));
    await form.locator('#promotion-images').setInputFiles([png('win-1.png'), png('win-2.png')]);
    await form.locator('[data-proofs] li').nth(1).waitFor();
    await form.getByRole('button', { name: 'Send application' }).click();
    const remarkError = form.locator('#promotion-remark-error');
    await remarkError.waitFor();
    expect(await remarkError.textContent()).toBe('Must be at most 140 characters.');
    expect(await form.getByLabel('Remark').getAttribute('aria-invalid')).toBe('true');
    expect(await entries()).toBe(0);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('promotion-apply-error-desktop-en.png') });

    // The server refuses the same remark under the same field, and stores nothing.
    const refused = await fetch(`${server.url}/wps/promotions/apply`, {
      method: 'POST',
      headers: { ModuleId: 'COMM3', Authorization: token },
      body: (() => {
        const body = new FormData();
        body.set('promotionId', id);
        body.set('remark', 'x'.repeat(141));
        return body;
      })(),
    });
    const refusal = (await refused.json()) as { success: boolean; fieldErrors: { path: string; code: string }[] };
    expect(refusal.success).toBe(false);
    expect(refusal.fieldErrors).toEqual([expect.objectContaining({ path: 'remark', code: 'field_too_long' })]);
    expect(await entries()).toBe(0);

    await form.getByLabel('Remark').fill('My win on dice, round 42');
    await expect.poll(() => remarkError.isVisible()).toBe(false);
    await form.getByRole('button', { name: 'Send application' }).click();
    await page.locator('dialog[data-dialog="promotion-apply"]').waitFor({ state: 'detached' });
    await page.locator('[data-alert="promotion-done"]').waitFor();
    expect(await page.locator('[data-alert="promotion-done"]').textContent()).toBe(
      'Your application for Share your big win has been sent for review.',
    );
    await expect.poll(() => stateOf(page, id)).toBe('applying');
    expect(await promo.locator('[data-status]').textContent()).toBe('Applying');

    // The operator finds it in the review queue with both pictures and approves it.
    const queue = await money.operator<{
      list: { id: string; promotionId: string; remark: string; images: unknown[] }[];
    }>('GET', '/api/admin/merchants/demo/promotion-applications?status=applying');
    const application = queue.list.find((entry) => entry.promotionId === id);
    expect(application).toMatchObject({ remark: 'My win on dice, round 42' });
    expect(application?.images).toHaveLength(2);
    await money.operator('POST', `/api/admin/merchants/demo/promotion-applications/${application?.id}`, {
      decision: 'approve',
      note: '',
    });

    await waitForState(page, id, 'issued');
    expect(await card(page, id).locator('[data-status]').textContent()).toBe('Issued');
    expect(await walletOf(memberId, 'bonus')).toBe(2_000);
    await page.goto(`${server.url}/member?page=bonusDetails`);
    const bonus = page.locator('[data-bonus]');
    await bonus.waitFor();
    expect(await bonus.locator('h3').textContent()).toBe('Share your big win');
    expect(await bonus.locator('[data-bonus-figure="requirement"] dd').textContent()).toBe('$20.00');
    expect(reconcileLedger(server).status).toBe(0);
    await context.close();
  });
});

describe('a visitor', () => {
  it('sees the promotions with their action, which opens the login popup', async () => {
    const { context, page } = await openSite(browser, server, '/promotions', 'phone');
    const join = page.locator('button[data-promotion-action="join"]').first();
    await join.waitFor();
    await join.click();
    await page.locator('dialog[data-dialog="login"]').waitFor();
    await context.close();
  });
});

describe('layout', () => {
  it('fits a phone and a desktop, in English and in Arabic right to left', async () => {
    // Promo0002 has an issued bonus and sees both promotions (the first-deposit one open to it, too).
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await openSite(browser, server, '/', viewport);
      await signInMember(page, 'Promo0002');
      for (const language of ['en', 'ar'] as const) {
        if (language === 'ar') await inArabic(page);
        await page.goto(`${server.url}/promotions`);
        await page.locator('article[data-promotion]').nth(1).waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`promotions-${viewport}-${language}.png`), fullPage: true });
        expect(await fits(page), `/promotions ${viewport} ${language}`).toBe(true);

        const first = page.locator('article[data-promotion]').first();
        const id = await first.getAttribute('data-promotion');
        await first.locator('h2 a').click();
        await page.waitForURL(new RegExp(`#${id}$`));
        await page.locator('dialog[data-dialog="promotion-detail"] [data-promotion-rules]').waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`promotions-detail-${viewport}-${language}.png`) });
        expect(await fits(page), `detail ${viewport} ${language}`).toBe(true);

        await page.goto(`${server.url}/member?page=bonusDetails`);
        await page.locator('[data-bonus]').waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`bonus-details-${viewport}-${language}.png`), fullPage: true });
        expect(await fits(page), `bonus details ${viewport} ${language}`).toBe(true);
      }
      await context.close();
    }
  });

  it("shows the application form with its error on a phone in Arabic, and the reviewer's note once refused", async () => {
    const { id } = await createPromotion({
      kind: 'application',
      category: 'special',
      texts: { EN: { title: 'Photo contest', summary: '', content: 'Send your best photo.', imageUrl: '' } },
      fixedAmount: '5',
    });
    await api.registerByUsername('Promo0003', 'Secret123', '81400003');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'Promo0003');
    await inArabic(page);
    await page.goto(`${server.url}/promotions`);
    await card(page, id).locator('button[data-promotion-action="apply"]').click();
    const form = page.locator('form[data-form="promotion-apply"]');
    await form.waitFor();
    await form.locator('#promotion-remark').fill('x'.repeat(141));
    await form.locator('#promotion-images').setInputFiles([png('a.png'), png('b.png')]);
    await form.locator('[data-proofs] li').nth(1).waitFor();
    await form.locator('button[type="submit"]').click();
    await form.locator('#promotion-remark-error').waitFor();
    await settle(page);
    await page.screenshot({ path: screenshotPath('promotion-apply-error-phone-ar.png') });
    expect(await fits(page)).toBe(true);

    // Sent with a shorter remark, then refused by the operator with a note the member reads on the card.
    await form.locator('#promotion-remark').fill('صورة فوزي');
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => stateOf(page, id)).toBe('applying');
    const queue = await money.operator<{ list: { id: string; promotionId: string }[] }>(
      'GET',
      '/api/admin/merchants/demo/promotion-applications?status=applying',
    );
    const application = queue.list.find((entry) => entry.promotionId === id);
    await money.operator('POST', `/api/admin/merchants/demo/promotion-applications/${application?.id}`, {
      decision: 'reject',
      note: 'The picture is not readable',
    });
    await waitForState(page, id, 'rejected');
    expect(await card(page, id).locator('[data-promotion-note="review"]').textContent()).toBe(
      'ملاحظة المراجع: The picture is not readable',
    );
    expect(await card(page, id).locator('button[data-promotion-action]').count()).toBe(0);
    await settle(page);
    await card(page, id).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('promotion-rejected-phone-ar.png') });
    expect(await fits(page)).toBe(true);
    await context.close();
  });
});
