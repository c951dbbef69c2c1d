import { drawVietnamese, vnHits, vnOddsFor, vnPayout, vnStoredNumbers } from '@tessera/engines';
import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance, wire } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

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

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('the Vietnamese lottery at /vnLottery', () => {
  it('a member buys lô, đề, 3 càng and xiên tickets, sees the draw arrive, the winnings credited, and verifies it', {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Vnlotto01', 'Secret123', '81790402');
    await moneyApi(server).adjust(member.id, '100.00');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Vnlotto01');
    await waitForHeaderBalance(page, '100.00');

    // The northern draw is at 18:15 on the merchant's clock, bets closing at 18:00: whatever the time of the run,
    // the draw taking bets now is kept open ten more minutes (it is brought forward further down).
    let drawNo = '';
    let serverSeed = '';
    await expect
      .poll(
        async () => {
          const shifted = await server.query<{ draw_no: string; server_seed: string }>(
            `UPDATE lottery_draws SET closes_at = now() + interval '10 minutes', draw_at = now() + interval '11 minutes'
              WHERE id = (SELECT d.id FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
                           WHERE g.code = 'VNN' AND d.status = 'open' AND d.opens_at <= now() AND d.draw_at > now()
                           ORDER BY d.draw_at LIMIT 1)
             RETURNING draw_no, server_seed`,
          );
          drawNo = shifted[0]?.draw_no ?? '';
          serverSeed = shifted[0]?.server_seed ?? '';
          return shifted.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    // What the draw will give (the test reads the seed the server keeps secret until then), to pick winners.
    const result = drawVietnamese('north', { serverSeed, gameCode: 'VNN', drawNo, beacon: null });
    const special = vnStoredNumbers(result)[0] as number;
    const two = String(special % 100).padStart(2, '0');
    const three = String(special % 1000).padStart(3, '0');

    // The Vietnamese lobby lists the three regions only.
    await page.goto(`${server.url}/vnLottery`);
    const card = page.locator('[data-lottery-card="VNN"]');
    await card.waitFor();
    await expect(page.locator('[data-lottery-card]').count()).resolves.toBe(3);
    await card.locator('[data-countdown]').waitFor();
    // A daily draw's time of day is on the member's clock, its zone named (the browser here runs in UTC).
    await expect(card.textContent()).resolves.toMatch(/Daily at \d\d:\d\d( [AP]M)? (UTC|GMT[+-]\d+)/);
    await page.screenshot({ path: screenshotPath('vn-lottery-lobby-1440.png'), fullPage: true });
    await card.getByRole('link', { name: 'Play' }).click();
    await page.locator('[data-lottery-game="VNN"]').waitFor();
    const picker = page.locator('[data-picker="vn"]');

    // Lô and đề on the special prize's last two digits, 3 càng on its last three, xiên 2 by quick pick.
    await picker.getByRole('button', { name: two, exact: true }).click();
    await expect(picker.locator('[data-vn-pick]').textContent()).resolves.toBe(two);
    await picker.getByRole('button', { name: 'Add to slip' }).click();
    await picker.getByRole('button', { name: 'Đề (special prize)' }).click();
    await picker.getByRole('button', { name: two, exact: true }).click();
    await picker.getByRole('button', { name: 'Add to slip' }).click();
    await picker.getByRole('button', { name: '3 Càng (3 digits)' }).click();
    for (const [slot, digit] of three.split('').entries()) {
      await picker
        .getByRole('group', { name: `Digit ${slot + 1}` })
        .getByRole('button', { name: digit, exact: true })
        .click();
    }
    await picker.getByRole('button', { name: 'Add to slip' }).click();
    await picker.getByRole('button', { name: 'Xiên 2 (2 numbers)' }).click();
    await picker.getByRole('button', { name: 'Quick pick' }).click();
    const xien = ((await picker.locator('[data-vn-pick]').textContent()) ?? '').split('-').map(Number);
    expect(xien).toHaveLength(2);
    await picker.getByRole('button', { name: 'Add to slip' }).click();
    const lines = page.locator('[data-slip-line]');
    await expect(lines.count()).resolves.toBe(4);
    await expect(lines.first().textContent()).resolves.toContain(`Lô (2 digits) · ${two}`);
    await expect(lines.nth(2).textContent()).resolves.toContain(`3 Càng (3 digits) · ${three}`);
    await expect(page.locator('[data-slip-total]').textContent()).resolves.toBe('4.00 USD');
    await page.screenshot({ path: screenshotPath('vn-lottery-betting-1440.png'), fullPage: true });

    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await page.getByText('Tickets bought. Good luck!').waitFor();
    await waitForHeaderBalance(page, '96.00');
    await expect.poll(() => page.locator('[data-my-tickets] [data-ticket="pending"]').count()).toBe(4);

    // What the tickets pay: lô once per number ending in the pair, đề 97.50, 3 càng 975.00, xiên 2 if both are in.
    const odds = vnOddsFor('north', 9750);
    const paid = [
      vnPayout(100n, odds.lo, vnHits({ betType: 'lo', numbers: [special % 100] }, result)),
      vnPayout(100n, odds.de, 1),
      vnPayout(100n, odds.three_cang, 1),
      vnPayout(100n, odds.xien2, vnHits({ betType: 'xien2', numbers: xien }, result)),
    ].reduce((sum, x) => sum + x, 0n);

    // The draw brought forward to now: the server's own timer draws and settles it, pushed live.
    await server.query(
      `UPDATE lottery_draws SET closes_at = now(), draw_at = now()
        WHERE status = 'open' AND id IN (SELECT draw_id FROM lottery_tickets)`,
    );
    await page.getByRole('tab', { name: 'Results' }).click();
    const drawn = page.locator('[data-results] [data-draw]').first();
    await drawn.locator('[data-vn-numbers]').waitFor({ timeout: 60_000 });
    await expect(drawn.locator('[data-vn-numbers]').getAttribute('data-vn-numbers')).resolves.toBe(
      result.flatMap((tier) => tier.numbers).join(' '),
    );
    await drawn.getByRole('button', { name: 'Verify' }).click();
    await expect(drawn.locator('[data-verify]').getAttribute('data-verify')).resolves.toBe('ok');
    await page.screenshot({ path: screenshotPath('vn-lottery-results-1440.png'), fullPage: true });
    await waitForHeaderBalance(page, wire(9_600n + paid), 60_000);
    await page.getByRole('tab', { name: 'My tickets' }).click();
    await expect.poll(() => page.locator('[data-my-tickets] [data-ticket="won"]').count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[data-my-tickets] [data-ticket="pending"]').count()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.locator('[data-rules]').getByText('97.4700%').waitFor();
    // The odds shown are the member's prize mode's (decision 0159): ELOTT for the Vietnamese games.
    await page.locator('[data-rules] [data-prize-mode="ELOTT"]').getByText('Odds of prize mode ELOTT').waitFor();
    await page.screenshot({ path: screenshotPath('vn-lottery-rules-1440.png'), fullPage: true });

    // 360 px: the betting view and its 00-99 grid fit.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('tab', { name: 'Bet' }).click();
    await picker.waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('vn-lottery-betting-360.png'), fullPage: true });

    // Vietnamese and Arabic (right to left), 360 px: translated and still fitting.
    await page.evaluate(() => localStorage.setItem('lang', 'VI'));
    await page.reload();
    await picker.getByText('Đề (giải đặc biệt)').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('vn-lottery-betting-360-vi.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await picker.getByText('Đề (الجائزة الخاصة)').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('vn-lottery-betting-360-ar.png'), fullPage: true });
    await page.getByRole('tab', { name: 'النتائج' }).click();
    await page.locator('[data-results] [data-vn-numbers]').first().waitFor();
    await page.screenshot({ path: screenshotPath('vn-lottery-results-360-ar.png'), fullPage: true });
    await context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
