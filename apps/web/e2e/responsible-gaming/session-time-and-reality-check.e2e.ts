import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { dialog, loginWithPassword, openSite, signInToPlay, userMenu } from '../support/site';

/**
 * Session-time limits and reality checks (issue 31, decision 0069). Time passes as the server's integration tests
 * make it pass: the session's last counted moment is moved back in the database, and the page's next beat (on a
 * reload) counts the gap, as it would count a real one.
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

const USERNAME = 'Session001';
const rgPage = (page: Page) => page.locator('[data-page="responsible-gaming"]');
const memberId = async () =>
  (await server.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [USERNAME.toLowerCase()]))[0]?.id;
/** `minutes` pass unseen for the member's sessions: their next count takes them in. */
const passTime = async (minutes: number) =>
  server.query(
    'UPDATE rg_sessions SET last_counted_at = last_counted_at - make_interval(mins => $2) WHERE member_id = $1',
    [await memberId(), minutes],
  );
/** Money text as a plain signed decimal ("−$2.00" → "-2.00", "+$1.96" → "1.96"). */
const plain = (text: string) => text.replace(/[−–]/g, '-').replace(/[^0-9.-]/g, '');

describe('session time and reality checks', () => {
  it('shows a reality check with the net position after a dice bet, then signs out at the session-time limit and refuses sign-in', async () => {
    const { token } = await api.registerByUsername(USERNAME, 'Secret123', '81310021');
    await money.creditByBankTransfer(token, '100');
    const { page } = await openSite(browser, server);
    await signInToPlay(page, USERNAME);
    await waitForHeaderBalance(page, '100.00');
    const clock = page.locator('[data-session-clock]');
    await clock.waitFor();
    expect(await clock.textContent()).toMatch(/0:0\d:\d\d/);
    await page
      .locator('[data-shell="header"]')
      .screenshot({ path: screenshotPath('session-clock-header-desktop.png') });

    // The member chooses a reality check every 15 minutes.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const reality = page.locator('[data-form="rg-reality-check"]');
    await reality.getByLabel('Remind me').selectOption({ label: 'Every 15 minutes' });
    await reality.getByRole('button', { name: 'Save reminder' }).click();
    await page.locator('[data-alert="rg-reality-saved"]').waitFor();

    // A dice bet; its result is the session's net position.
    await page.goto(`${server.url}/inHouse?game=dice`);
    await page.getByTestId('place-bet').waitFor();
    await page.getByLabel(/Stake/).fill('2.00');
    await page.getByTestId('place-bet').click();
    const netOf = async () =>
      (
        await server.query<{ n: string; net: string }>(
          `SELECT count(*)::text AS n, coalesce(sum(payout) - sum(stake), 0)::text AS net FROM inhouse_rounds
            WHERE member_id = $1`,
          [await memberId()],
        )
      )[0];
    await expect.poll(async () => (await netOf())?.n, { timeout: 15_000 }).toBe('1');
    const net = (Number((await netOf())?.net) / 100).toFixed(2);

    // Fifteen minutes pass: the next beat brings the reality check.
    await passTime(15);
    await page.reload();
    const check = dialog(page, 'reality-check');
    await check.waitFor();
    expect(plain((await check.locator('[data-reality="net"]').textContent()) ?? '')).toBe(net);
    expect(await check.locator('[data-reality="elapsed"]').textContent()).toMatch(/^0:1[5-9]:\d\d$/);
    expect(await check.getByRole('link', { name: 'See your bet history' }).getAttribute('href')).toContain(
      'personalHistoryCopy',
    );
    await page.screenshot({ path: screenshotPath('reality-check-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await check.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('reality-check-phone.png') });
    await check.getByRole('button', { name: 'Continue' }).click();
    await check.waitFor({ state: 'detached' });
    const answers = await server.query<{ response: string; net: string }>(
      'SELECT response, net_position::text AS net FROM rg_reality_checks WHERE member_id = $1',
      [await memberId()],
    );
    expect(answers).toEqual([{ response: 'continue', net: String(Math.round(Number(net) * 100)) }]);

    // A daily session-time limit of 20 minutes, then six more minutes: the session ends with its notice.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const limit = page.locator('[data-form="rg-session-limit"]');
    await limit.getByLabel('Period').selectOption('day');
    await limit.getByLabel('Minutes').fill('20');
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await page.locator('[data-alert="rg-session-limit-saved"]').waitFor();
    await expect.poll(() => page.locator('[data-limit="session-day"]').textContent()).toContain('20 min');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page
      .locator('[data-card="rg-session-time"]')
      .screenshot({ path: screenshotPath('session-limits-phone.png') });
    await page
      .locator('[data-card="rg-reality-check"]')
      .screenshot({ path: screenshotPath('reality-check-setting-phone.png') });
    await page.locator('[data-shell="header"]').screenshot({ path: screenshotPath('session-clock-header-phone.png') });

    await passTime(6);
    await page.reload();
    const notice = dialog(page, 'session-limit');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'You reached your daily session-time limit and have been signed out. You can sign in again from',
    );
    await userMenu(page).waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('session-limit-phone.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: screenshotPath('session-limit-desktop.png') });
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    const live = await server.query(
      'SELECT 1 FROM member_sessions WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > now()',
      [await memberId()],
    );
    expect(live).toHaveLength(0);

    // Signing in again is refused with the same notice until the day turns.
    await loginWithPassword(page, USERNAME, 'Secret123');
    await dialog(page, 'session-limit').waitFor();
    expect(await dialog(page, 'session-limit').textContent()).toContain('You can sign in again from');
    expect(await userMenu(page).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('session-limit-sign-in-refused.png') });

    expect(reconcileLedger(server).status).toBe(0);
  });
});
