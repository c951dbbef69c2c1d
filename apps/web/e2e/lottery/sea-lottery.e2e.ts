import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
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

/** Nothing on the page reaches past the viewport's width (the page would scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('the 4D lottery at /seaLottery', () => {
  it('a member picks a 4D number, buys Big and Small tickets held until the draw, and reads the rules', {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Fourd001', 'Secret123', '81790401');
    await moneyApi(server).adjust(member.id, '100.00');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Fourd001');
    await waitForHeaderBalance(page, '100.00');

    // The hourly draw stops taking bets five minutes before the hour; a run that lands in those minutes would
    // find no draw to buy on. The draw taking bets now is kept open ten more minutes (it is drawn further down).
    await expect
      .poll(
        async () => {
          const shifted = await server.query(
            `UPDATE lottery_draws SET closes_at = now() + interval '10 minutes', draw_at = now() + interval '11 minutes'
            WHERE id = (SELECT d.id FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
                         WHERE g.code = 'SEA4D' AND d.status = 'open' AND d.opens_at <= now() AND d.draw_at > now()
                         ORDER BY d.draw_at LIMIT 1)
           RETURNING id`,
          );
          return shifted.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // The 4D lobby lists the 4D game only (the fast draws stay at /lottery).
    await page.goto(`${server.url}/seaLottery`);
    const card = page.locator('[data-lottery-card="SEA4D"]');
    await card.waitFor();
    await expect(page.locator('[data-lottery-card]').count()).resolves.toBe(1);
    await card.locator('[data-countdown]').waitFor();
    await card.getByRole('link', { name: 'Play' }).click();
    await page.locator('[data-lottery-game="SEA4D"]').waitFor();

    // Big on 0427, digit by digit; Small by quick pick.
    for (const [slot, digit] of [0, 4, 2, 7].entries()) {
      await page
        .getByRole('group', { name: `Digit ${slot + 1}` })
        .getByRole('button', { name: String(digit), exact: true })
        .click();
    }
    await expect(page.locator('[data-four-d-pick]').textContent()).resolves.toBe('0427');
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('button', { name: 'Small', exact: true }).click();
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await expect(page.locator('[data-slip-line]').count()).resolves.toBe(2);
    await expect(page.locator('[data-slip-line]').first().textContent()).resolves.toContain('Big · 0427');
    await expect(page.locator('[data-slip-line]').nth(1).textContent()).resolves.toMatch(/Small · \d{4}/);
    await page.locator('[data-slip-line]').nth(1).getByLabel('Stake').fill('2.00');
    await expect(page.locator('[data-slip-total]').textContent()).resolves.toBe('3.00 USD');
    await page.screenshot({ path: screenshotPath('sea-lottery-betting-1440.png'), fullPage: true });

    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await page.getByText('Tickets bought. Good luck!').waitFor();
    // The stakes are held until the draw: the balance shown is what is left to play with.
    await waitForHeaderBalance(page, '97.00');
    // My tickets follow once the list is asked again.
    await expect.poll(() => page.locator('[data-my-tickets] [data-ticket="pending"]').count()).toBe(2);

    // The draw brought forward to now (an hourly game): the server's own timer draws and settles it, pushed live.
    await server.query(
      `UPDATE lottery_draws SET closes_at = now(), draw_at = now()
        WHERE status = 'open' AND id IN (SELECT draw_id FROM lottery_tickets)`,
    );
    await page.getByRole('tab', { name: 'Results' }).click();
    const result = page.locator('[data-results] [data-draw]').first();
    await result.locator('[data-numbers]').waitFor({ timeout: 60_000 });
    await result.getByRole('button', { name: 'Verify' }).click();
    await expect(result.locator('[data-verify]').getAttribute('data-verify')).resolves.toBe('ok');
    await page.screenshot({ path: screenshotPath('sea-lottery-results-1440.png'), fullPage: true });
    await page.getByRole('tab', { name: 'My tickets' }).click();
    await expect.poll(() => page.locator('[data-my-tickets] [data-ticket="pending"]').count()).toBe(0);

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.locator('[data-rules]').getByText('64.0000%').waitFor();
    await page.locator('[data-rules]').getByText('65.0000%').waitFor();
    await page.screenshot({ path: screenshotPath('sea-lottery-rules-1440.png'), fullPage: true });

    // 360 px: the betting view fits (the balance follows the settled tickets).
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('tab', { name: 'Bet' }).click();
    await page.locator('[data-picker="four_d"]').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('sea-lottery-betting-360.png'), fullPage: true });

    // Arabic (right to left), 360 px: translated and still fitting.
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('[data-picker="four_d"]').waitFor();
    await page.getByText('رقمك', { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('sea-lottery-betting-360-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: screenshotPath('sea-lottery-betting-1440-ar.png'), fullPage: true });
    await context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
