import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInDesk, signInMember } from '../support/site';

/**
 * Raffles (issue 28, decision 0122) as the operator and the member meet them: the operator creates a raffle in the
 * back office (refused first with per-field errors, then saved); a member joins it on /promotions and sees tickets
 * after a deposit; another, in Arabic on a phone, is told in Arabic that the raffle was already joined; after the
 * draw job has drawn it the member sees the revealed seed and the masked winners.
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

const TITLE = 'Weekend raffle';
const card = (page: Page) => page.locator('article[data-raffle]').filter({ hasText: TITLE });
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a raffle', () => {
  it('is created in the back office, joined on /promotions, earns tickets from a deposit and shows its draw', async () => {
    // The operator: nothing filled is refused field by field, then the raffle is saved.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/promotions?tab=raffles`);
    await desk.page.getByRole('tab', { name: 'Raffles' }).waitFor();
    await desk.page.getByRole('button', { name: 'New raffle' }).click();
    const editor = desk.page.locator('[data-raffle-editor]');
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Some fields need a change: see the messages under them.').waitFor();
    await editor.getByText('Set how tickets are earned: by deposits, by valid bets, or both.').waitFor();
    expect(await editor.locator('[data-prize="0"] [role="alert"]').count()).toBe(1);
    await desk.page.screenshot({ path: screenshotPath('raffles-admin-errors-desktop-en.png'), fullPage: true });
    expect(await server.query('SELECT id FROM raffles')).toEqual([]);

    await editor.getByLabel('Title').first().fill(TITLE);
    await editor.getByLabel('Text').first().fill('One ticket for every $10.00 you deposit.');
    await editor.getByLabel('Credited deposits per ticket (USD)').fill('10');
    await editor.getByLabel('Prize 1 (USD)').fill('50');
    await editor.getByRole('button', { name: 'Add a prize' }).click();
    await editor.getByLabel('Prize 2 (USD)').fill('20');
    await editor.getByRole('button', { name: 'Save' }).click();
    const row = desk.page.getByTestId('raffle-list').locator(`tr[data-title="${TITLE}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('open');
    expect(await row.locator('[data-figure="prizes"]').textContent()).toBe('50.00 · 20.00');
    const [raffle] = await server.query<{ id: string; seed_hash: string }>('SELECT id, seed_hash FROM raffles');
    expect(await row.locator('[data-figure="hash"]').textContent()).toBe(raffle?.seed_hash);
    await desk.page.screenshot({ path: screenshotPath('raffles-admin-list-desktop-en.png'), fullPage: true });

    // The member joins on /promotions and earns 5 tickets with a deposit of 55.00.
    const { token } = await api.registerByUsername('Raffle0001', 'Secret123', '81470001');
    const { context, page } = await openSite(browser, server, '/promotions');
    await signInMember(page, 'Raffle0001');
    await page.goto(`${server.url}/promotions`);
    await card(page).waitFor();
    expect(await card(page).getAttribute('data-raffle-state')).toBe('open');
    expect(await card(page).locator('[data-detail="hash"]').textContent()).toContain(raffle?.seed_hash);
    await card(page)
      .getByRole('button', { name: `Join ${TITLE}` })
      .click();
    await page.locator('[data-alert="raffle-joined"]').waitFor();
    await expect.poll(() => card(page).getAttribute('data-raffle-state')).toBe('joined');
    await money.creditByBankTransfer(token, '55');
    await expect
      .poll(
        async () => {
          await page.reload();
          await card(page).waitFor();
          return card(page).locator('[data-raffle-tickets]').getAttribute('data-raffle-tickets');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('5');
    expect(await card(page).locator('[data-detail="tickets"]').textContent()).toContain('5 of 5 in total');
    await page.screenshot({ path: screenshotPath('raffles-member-joined-desktop-en.png'), fullPage: true });

    // A second member, in Arabic on a phone, presses Join on a raffle already joined elsewhere: told so in Arabic.
    const second = await api.registerByUsername('Raffle0002', 'Secret123', '81470002');
    const phone = await openSite(browser, server, '/promotions', 'phone');
    await signInMember(phone.page, 'Raffle0002');
    await phone.page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await phone.page.goto(`${server.url}/promotions`);
    await phone.page.locator('html[dir="rtl"]').waitFor();
    await card(phone.page).waitFor();
    const joined = await fetch(`${server.url}/wps/relay/MCS2_claimRafflePromotion`, {
      method: 'POST',
      headers: { ModuleId: 'REWCEN3', Authorization: second.token, 'content-type': 'application/json' },
      body: JSON.stringify({ promotionId: raffle?.id }),
    });
    expect(((await joined.json()) as { success: boolean }).success).toBe(true);
    await card(phone.page).locator('button[data-raffle-action="join"]').click();
    await phone.page.getByText('لقد انضممت إلى هذا السحب من قبل.').waitFor();
    expect(await fits(phone.page)).toBe(true);
    await phone.page.screenshot({ path: screenshotPath('raffles-member-error-phone-ar.png'), fullPage: true });

    // The draw: the window and the draw time moved to the past, the draw job (every 15 s) draws it.
    await server.query(
      "UPDATE raffles SET tickets_from = now() - interval '2 hours', tickets_to = now() - interval '1 minute', draw_at = now() - interval '1 minute' WHERE id = $1",
      [raffle?.id],
    );
    await expect
      .poll(
        async () => {
          await page.reload();
          await card(page).waitFor();
          return card(page).getAttribute('data-raffle-state');
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe('drawn');
    // Only the first member has tickets: the first prize is theirs, the second stays with the house.
    const winners = card(page).locator('[data-raffle-winner]');
    expect(await winners.count()).toBe(1);
    expect(await winners.first().getAttribute('data-raffle-winner-mine')).toBe('true');
    expect(await winners.first().textContent()).toContain('$50.00');
    const [drawn] = await server.query<{ server_seed: string }>('SELECT server_seed FROM raffles WHERE id = $1', [
      raffle?.id,
    ]);
    expect(await card(page).locator('[data-detail="seed"]').textContent()).toContain(drawn?.server_seed);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('raffles-member-drawn-desktop-en.png'), fullPage: true });

    await phone.page.reload();
    await card(phone.page).waitFor();
    expect(await card(phone.page).getAttribute('data-raffle-state')).toBe('drawn');
    expect(await fits(phone.page)).toBe(true);
    await phone.page.screenshot({ path: screenshotPath('raffles-member-drawn-phone-ar.png'), fullPage: true });

    await desk.page.reload();
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('drawn');
    expect(await row.locator('[data-figure="paid"]').textContent()).toBe('50.00');
    expect(await row.locator('[data-winner]').getAttribute('data-winner')).toBe('raffle0001');
    expect(await row.locator('[data-winner]').textContent()).toContain('50.00');
    await desk.page.screenshot({ path: screenshotPath('raffles-admin-drawn-desktop-en.png'), fullPage: true });
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.reload();
    await row.waitFor();
    await desk.page.screenshot({ path: screenshotPath('raffles-admin-drawn-phone-en.png'), fullPage: true });

    await phone.context.close();
    await context.close();
    await desk.context.close();
  }, 240_000);
});
