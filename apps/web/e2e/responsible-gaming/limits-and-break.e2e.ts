import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInToPlay } from '../support/site';

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

const rgPage = (page: Page) => page.locator('[data-page="responsible-gaming"]');

const roundsOf = async (username: string) =>
  Number(
    (
      await server.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM inhouse_rounds r JOIN members m ON m.id = r.member_id WHERE m.username = $1`,
        [username.toLowerCase()],
      )
    )[0]?.n,
  );

/** Places one dice bet of `stake` on the game's screen. */
const betDice = async (page: Page, stake: string) => {
  await page.goto(`${server.url}/inHouse?game=dice`);
  await page.getByTestId('place-bet').waitFor();
  await page.getByLabel(/Stake/).fill(stake);
  await page.getByTestId('place-bet').click();
};

describe('responsible gaming', () => {
  it('a member sets a loss limit and is stopped by it in dice; then takes a break and is refused, money untouched', async () => {
    const { token } = await api.registerByUsername('Limits001', 'Secret123', '81310001');
    await money.creditByBankTransfer(token, '100');
    const { page } = await openSite(browser, server);
    await signInToPlay(page, 'Limits001');
    await waitForHeaderBalance(page, '100.00');

    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const form = page.locator('[data-form="rg-limit"]');
    await form.getByLabel('Limit', { exact: true }).selectOption('loss');
    await form.getByLabel('Period').selectOption('day');
    await form.getByLabel('Amount').fill('3');
    await form.getByRole('button', { name: 'Save limit' }).click();
    await page.locator('[data-alert="rg-limit-saved"]').waitFor();
    await expect.poll(() => page.locator('[data-limit="loss-day"]').textContent()).toContain('$3.00');

    // A raise waits: asked now, it shows as waiting and the limit in force stays.
    await form.getByLabel('Amount').fill('50');
    await form.getByRole('button', { name: 'Save limit' }).click();
    await page.locator('[data-limit="loss-day"] [data-pending]').waitFor();
    expect(await page.locator('[data-limit="loss-day"]').textContent()).toContain('$3.00');
    await page.screenshot({ path: screenshotPath('responsible-gaming-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-limit="loss-day"] [data-pending]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('responsible-gaming-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await betDice(page, '5.00');
    await page.getByText('A limit you set stops this: it would take you past it.').waitFor();
    expect(await roundsOf('Limits001')).toBe(0);
    await waitForHeaderBalance(page, '100.00');
    await page.screenshot({ path: screenshotPath('responsible-gaming-dice-refused.png') });

    // A 24-hour break, with its explicit confirmation.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const breakForm = page.locator('[data-form="rg-break"]');
    const start = breakForm.getByRole('button', { name: 'Start break' });
    expect(await start.isDisabled()).toBe(true);
    await breakForm.getByLabel('I understand that the break starts now and cannot be ended early.').check();
    await start.click();
    await page.locator('[data-alert="rg-blocked"]').waitFor();
    expect(await page.locator('[data-alert="rg-blocked"]').textContent()).toContain('You are on a break until');
    await page.screenshot({ path: screenshotPath('responsible-gaming-on-break.png'), fullPage: true });

    await betDice(page, '1.00');
    await page.getByText('You are on a break or self-excluded: deposits, bets and promotions are closed.').waitFor();
    expect(await roundsOf('Limits001')).toBe(0);
    await waitForHeaderBalance(page, '100.00');

    expect(reconcileLedger(server).status).toBe(0);
  });
});
