import { randomUUID } from 'node:crypto';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { headerBalance, moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember, userMenu } from '../support/site';

/**
 * The VIP programme and the reward centre as a member meets them (decision 0040): deposits and bets reach the
 * demo ladder's first level (Bronze: 50.00 deposited, 200.00 of valid bets, bonus 5.00), the header shows the
 * label, /vip shows the way to Silver, and the upgrade bonus is claimed into the wallet from the reward centre.
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

/** A member with 300.00 deposited (approved by the desk) and 250.00 of settled dice bets: Bronze. */
const bronzeMember = async (username: string, mobile: string) => {
  const { token } = await api.registerByUsername(username, 'Secret123', mobile);
  await money.creditByBankTransfer(token, '300');
  for (let i = 0; i < 5; i += 1) {
    // A 98 % chance to win 1.01x: the balance stays near 300 whatever the draw.
    await money.member(token, 'POST', '/wps/inhouse/bets', {
      game: 'dice',
      stake: '50',
      idempotencyKey: `vip-${randomUUID()}`,
      params: { target: 9800, direction: 'under' },
    });
  }
  return token;
};

const sideMenu = (page: Page) => page.locator('[data-shell="side-menu"]');
const settle = (page: Page) => page.waitForTimeout(500);
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Shows the site in a theme, remembered as the theme toggle remembers it (the phone's toggle is in the drawer). */
const showInTheme = async (page: Page, theme: 'light' | 'dark') => {
  await page.evaluate((name) => localStorage.setItem('theme', name), theme);
  await page.reload();
  await page.locator(`html[data-theme="${theme}"]`).waitFor();
};

/** Shows a page in Arabic, right to left, after a reload. */
const inArabic = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('lang', 'AR'));
  await page.reload();
  await page.locator('html[dir="rtl"]').waitFor();
};

describe('VIP and the reward centre', () => {
  it('a visitor sees the ladder and the VIP entry without the first load asking for either', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/MCSFE_|MCS2_|\/vip\//.test(request.url())) asked.push(request.url());
    });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    await sideMenu(page).getByRole('link', { name: 'VIP Club' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await sideMenu(page).getByRole('link', { name: 'VIP Club' }).click();
    await page.locator('[data-vip-level="5"]').waitFor();
    expect(await page.locator('[data-vip-level]').allTextContents()).toEqual([
      expect.stringContaining('Bronze'),
      expect.stringContaining('Silver'),
      expect.stringContaining('Gold'),
      expect.stringContaining('Platinum'),
      expect.stringContaining('Diamond'),
    ]);
    expect(await page.locator('[data-vip-level="1"]').textContent()).toContain('$5.00');
    await page.locator('[data-card="vip-login"]').getByRole('button', { name: 'Login' }).waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a member who reached Bronze sees the label, the way to Silver, and claims the upgrade bonus into the wallet', async () => {
    await bronzeMember('Vip0001', '81300001');
    const { context, page } = await openSite(browser, server);
    await signInMember(page, 'Vip0001');

    // The header: the VIP label beside the account.
    const label = userMenu(page).locator('[data-vip-label="1"]').first();
    await label.waitFor();
    expect(await label.textContent()).toContain('Bronze');
    await userMenu(page).getByRole('button').first().click();
    // The menu opens after the click: wait for its label before counting (CI once counted before it opened).
    await userMenu(page).locator('[data-vip-label="1"]').nth(1).waitFor();
    expect(await userMenu(page).locator('[data-vip-label="1"]').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('vip-header-menu-desktop-en.png') });
    await page.keyboard.press('Escape');

    // The side menu: the VIP entry, and the reward centre with one reward waiting.
    await sideMenu(page).locator('[data-reward-count="1"]').waitFor();

    await sideMenu(page).getByRole('link', { name: 'VIP Club' }).click();
    const progress = page.locator('[data-card="vip-progress"]');
    await progress.waitFor();
    expect(await progress.locator('[data-vip-rank]').getAttribute('data-vip-rank')).toBe('1');
    expect(await progress.textContent()).toContain('Reach Silver to receive $18.00.');
    const bars = progress.getByRole('progressbar');
    expect(await bars.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-valuenow')))).toEqual([
      '60',
      '12',
    ]);
    expect(await page.locator('[data-vip-level="1"]').getAttribute('aria-current')).toBe('true');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('vip-desktop-en.png'), fullPage: true });

    // The reward centre: claim, and the header's balance rises by the bonus.
    await sideMenu(page).locator('[data-side-reward-center]').click();
    const reward = page.locator('[data-reward-kind="VIP_UPGRADE"]');
    await reward.waitFor();
    expect(await reward.textContent()).toContain('VIP level 1 upgrade bonus');
    expect(
      await page.getByRole('navigation', { name: 'Personal Center' }).locator('[data-menu-badge="1"]').count(),
    ).toBe(1);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('reward-centre-desktop-en.png'), fullPage: true });

    const before = await headerBalance(page).getAttribute('data-balance');
    const after = (Number(before) + 5).toFixed(2);
    await reward.getByRole('button', { name: 'Claim VIP level 1 upgrade bonus' }).click();
    await page.locator('[data-alert="reward-claimed"]').waitFor();
    expect(await page.locator('[data-alert="reward-claimed"]').textContent()).toBe(
      '$5.00 has been added to your wallet.',
    );
    await waitForHeaderBalance(page, after);
    await page.locator('[data-card="claimed-rewards"] [data-claimed-reward]').waitFor();
    expect(await page.locator('[data-card="available-rewards"] [data-testid="empty-state"]').count()).toBe(1);
    await sideMenu(page).locator('[data-reward-count]').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('reward-centre-claimed-desktop-en.png'), fullPage: true });
    expect(reconcileLedger(server).status).toBe(0);
    await context.close();
  });

  it('lays out on a phone and on a desktop in the light theme, in English and in Arabic right to left', async () => {
    await bronzeMember('Vip0002', '81300002');
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await openSite(browser, server, '/', viewport);
      await showInTheme(page, 'light');
      await signInMember(page, 'Vip0002');
      for (const language of ['en', 'ar'] as const) {
        if (language === 'ar') await inArabic(page);
        await page.goto(`${server.url}/vip`);
        await page.locator('[data-card="vip-progress"] [data-vip-rank="1"]').waitFor();
        await page.locator('[data-vip-level="5"]').waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`vip-${viewport}-${language}.png`), fullPage: true });
        expect(await fits(page), `/vip ${viewport} ${language}`).toBe(true);

        await page.goto(`${server.url}/member?page=rewardCenter`);
        await page.locator('[data-reward-kind="VIP_UPGRADE"]').waitFor();
        await settle(page);
        await page.screenshot({ path: screenshotPath(`reward-centre-${viewport}-${language}.png`), fullPage: true });
        expect(await fits(page), `reward centre ${viewport} ${language}`).toBe(true);
      }
      await context.close();
    }
  });
});

describe.each([
  { theme: 'light', viewport: 'desktop' },
  { theme: 'dark', viewport: 'phone' },
] as const)(
  'accessibility of the VIP page and the reward centre in the $theme theme on a $viewport',
  ({ theme, viewport }) => {
    it('has no serious violation', async () => {
      const username = theme === 'light' ? 'VipAxe001' : 'VipAxe002';
      await bronzeMember(username, theme === 'light' ? '81300011' : '81300012');
      const { context, page } = await openSite(browser, server, '/', viewport);
      const current = await page.evaluate(() => document.documentElement.dataset.theme);
      if (current !== theme) {
        await page.locator('[data-shell="header"] [data-theme-toggle]').click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      }
      await signInMember(page, username);
      await page.goto(`${server.url}/vip`);
      await page.locator('[data-card="vip-progress"]').waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${server.url}/member?page=rewardCenter`);
      await page.locator('[data-reward-kind="VIP_UPGRADE"]').waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (theme === 'dark') await page.screenshot({ path: screenshotPath(`reward-centre-${viewport}-dark.png`) });
      await context.close();
    });
  },
);
