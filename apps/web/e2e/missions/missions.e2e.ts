import { randomUUID } from 'node:crypto';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { headerBalance, moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

/**
 * Missions as a member meets them (decisions 0096-0097): an operator adds a daily mission (two settled rounds, 3.00
 * and 10 leaderboard points); a member plays two dice rounds, the personal centre's Missions entry shows a red 1,
 * the mission is claimed into the wallet (the header's balance rises by 3.00), the badge goes, and the leaderboard
 * shows the member's own rank.
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
  await money.operator('POST', '/api/admin/merchants/demo/missions', {
    kind: 'rounds',
    period: 'daily',
    category: 'all',
    target: '2',
    reward: '3.00',
    score: 10,
    titles: { EN: 'Play two rounds', AR: 'العب جولتين' },
    descriptions: { EN: 'Any game counts, in-house dice included.' },
    enabled: true,
    sortOrder: 0,
  });
  await money.operator('POST', '/api/admin/merchants/demo/missions', {
    kind: 'deposit',
    period: 'weekly',
    category: 'all',
    target: '500.00',
    reward: '10.00',
    score: 20,
    titles: { EN: 'Deposit 500 this week', AR: 'أودِع 500 هذا الأسبوع' },
    descriptions: {},
    enabled: true,
    sortOrder: 1,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A member with 100.00 deposited and two settled dice rounds of 10.00. */
const playingMember = async (username: string, mobile: string) => {
  const { token } = await api.registerByUsername(username, 'Secret123', mobile);
  await money.creditByBankTransfer(token, '100');
  for (let i = 0; i < 2; i += 1) {
    await money.member(token, 'POST', '/wps/inhouse/bets', {
      game: 'dice',
      stake: '10',
      idempotencyKey: `missions-${randomUUID()}`,
      params: { target: 9800, direction: 'under' },
    });
  }
  return token;
};

const centreMenu = (page: Page) => page.getByRole('navigation', { name: 'Personal Center' });
const settle = (page: Page) => page.waitForTimeout(500);
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('missions', () => {
  it('a member completes a mission by playing, sees the red badge, claims the reward and finds its rank', async () => {
    await playingMember('Mission001', '81400001');
    const { context, page } = await openSite(browser, server, '/', 'desktop');
    await signInMember(page, 'Mission001');
    await page.goto(`${server.url}/member?page=missionLeaderboard`);

    // Progress arrives from the settled rounds' events: the mission completes and the menu shows a red 1.
    const mission = page.locator('[data-mission][data-mission-status="completed"]');
    await mission.waitFor({ timeout: 45_000 });
    expect(await mission.textContent()).toContain('Play two rounds');
    await centreMenu(page).locator('[data-menu-badge="1"]').waitFor({ timeout: 45_000 });
    expect(await page.locator('[data-mission][data-mission-status="in_progress"]').textContent()).toContain(
      'Deposit 500 this week',
    );
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('missions-desktop-en.png'), fullPage: true });

    const before = await headerBalance(page).getAttribute('data-balance');
    const after = (Number(before) + 3).toFixed(2);
    await mission.getByRole('button', { name: 'Claim the reward for Play two rounds' }).click();
    await page.locator('[data-alert="mission-claimed"]').waitFor();
    expect(await page.locator('[data-alert="mission-claimed"]').textContent()).toBe(
      '$3.00 has been added to your wallet.',
    );
    await waitForHeaderBalance(page, after);
    await page.locator('[data-mission][data-mission-status="claimed"]').waitFor();
    await centreMenu(page).locator('[data-menu-badge]').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('missions-claimed-desktop-en.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Leaderboard' }).click();
    const rank = page.locator('[data-card="mission-my-rank"] [data-my-rank]');
    await rank.waitFor();
    expect(await rank.getAttribute('data-my-rank')).toBe('1');
    expect(await page.locator('[data-my-score]').getAttribute('data-my-score')).toBe('10');
    expect(await page.locator('[data-board-me="true"]').textContent()).toContain('(you)');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('missions-leaderboard-desktop-en.png'), fullPage: true });
    expect(reconcileLedger(server).status).toBe(0);
    await context.close();
  });

  it('lays out on a phone and on a desktop, in English and in Arabic right to left', async () => {
    await playingMember('Mission002', '81400002');
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto(`${server.url}/`);
      await signInMember(page, 'Mission002');
      for (const language of ['en', 'ar'] as const) {
        if (language === 'ar') {
          await page.evaluate(() => localStorage.setItem('lang', 'AR'));
          await page.reload();
          await page.locator('html[dir="rtl"]').waitFor();
        }
        await page.goto(`${server.url}/member?page=missionLeaderboard`);
        await page.locator('[data-mission][data-mission-status="completed"]').waitFor({ timeout: 45_000 });
        await settle(page);
        await page.screenshot({ path: screenshotPath(`missions-${viewport}-${language}.png`), fullPage: true });
        expect(await fits(page), `missions ${viewport} ${language}`).toBe(true);
        await page.getByRole('tab').nth(1).click();
        await page.locator('[data-card="mission-my-rank"] [data-my-rank]').waitFor();
        await settle(page);
        await page.screenshot({
          path: screenshotPath(`missions-leaderboard-${viewport}-${language}.png`),
          fullPage: true,
        });
        expect(await fits(page), `leaderboard ${viewport} ${language}`).toBe(true);
      }
      await context.close();
    }
  });
});
