import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, memberRow, openSite, sessionOf, signInMember, userMenu } from '../support/site';

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

const sideMenu = (page: Page) => page.locator('[data-shell="side-menu"]');
const invitePage = (page: Page) => page.locator('[data-page="referral"]');
const friendRow = (page: Page, account: string) =>
  page.locator(`[data-card="referral-friends"] tr[data-friend="${account}"]`);

/**
 * The referral programme as members meet it (the demo pays 10.00 per friend whose deposits reach 50.00): a
 * member opens Invite from the side menu, copies its link, a friend registers through it and deposits, and the
 * member sees the friend qualified and the reward waiting to be claimed.
 */
describe('inviting friends', () => {
  it('offers the referral entries to a visitor, who is asked to log in first', async () => {
    const { context, page } = await openSite(browser, server);
    const menu = sideMenu(page);
    await menu.locator('[data-side-entry="referral"]').waitFor();
    expect(await menu.locator('[data-side-entry="referral"]').textContent()).toBe('Refer friends, earn rewards');
    // No request of the programme on a visitor's load: the entries need none.
    const asked = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('MerchantAvailablePromotions')),
    );
    expect(asked).toBe(false);
    await menu.locator('[data-side-entry="invite"]').click();
    await dialog(page, 'login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shares the link from the invite page; a friend registers through it, deposits, and earns the member a reward', async () => {
    await api.registerByUsername('RefHost01', 'Secret123', '81310001');
    const { context, page } = await openSite(browser, server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInMember(page, 'RefHost01');

    // The programme pays, so the member sees the Referral entry too; Invite opens the page.
    await sideMenu(page).locator('[data-side-entry="referral"]').waitFor();
    await sideMenu(page).locator('[data-side-entry="invite"]').click();
    await invitePage(page).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('referral');
    const terms = page.locator('[data-card="referral-programme"] [data-terms]');
    expect(await terms.textContent()).toContain(
      'Earn $10.00 for every friend who signs up with your link and deposits $50.00 in total.',
    );
    await page.locator('[data-card="referral-friends"] [data-testid="empty-state"]').waitFor();

    const { referral_code: referralCode, id: referrerId } = await memberRow(server, 'RefHost01');
    const link = await page.locator('[data-referral-link]').inputValue();
    expect(link).toBe(`${server.url}/register?referralCode=${referralCode}`);
    expect(await page.locator('[data-card="referral-link"] [data-qr-code]').getAttribute('data-qr-value')).toBe(link);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);

    // A friend opens the copied link in its own browser and registers.
    const friend = await newPage(browser, { viewport: 'phone' });
    await friend.page.goto(copied);
    const register = dialog(friend.page, 'register');
    await register.waitFor();
    await register.getByRole('tab', { name: 'By username' }).click();
    await register.locator('form').getByLabel('Username').fill('RefFriend1');
    await register.locator('form').getByLabel('Password', { exact: true }).fill('Secret123');
    await register.locator('form').getByLabel('Confirm password').fill('Secret123');
    await register.locator('form').getByLabel('Mobile number').fill('81310002');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await userMenu(friend.page).waitFor();
    expect(await memberRow(server, 'RefFriend1')).toMatchObject({ referred_by_id: referrerId });

    // Joined, not qualified yet: listed masked, nothing earned.
    await page.reload();
    await friendRow(page, 'Re•••d1').waitFor();
    expect(await friendRow(page, 'Re•••d1').getAttribute('data-qualified')).toBe('false');

    // The friend's deposits reach the total: a bank transfer the desk approves (credited through the ledger).
    const friendToken = (await sessionOf(friend.page)).token ?? '';
    await money.creditByBankTransfer(friendToken, '60');
    await friend.context.close();

    await page.reload();
    const row = friendRow(page, 'Re•••d1');
    await row.waitFor();
    expect(await row.getAttribute('data-qualified')).toBe('true');
    expect(await row.getAttribute('data-reward')).toBe('available');
    expect(await row.textContent()).toContain('$10.00');
    expect(await page.locator('[data-stat="qualified"] dd').textContent()).toBe('1');
    expect(await page.locator('[data-stat="waiting"] dd').textContent()).toBe('$10.00');
    // The reward waits in the reward centre, once.
    const answer = await fetch(`${server.url}/wps/relay/MCSFE_getAvailablePromotions`, {
      headers: { ModuleId: 'REWCEN3', Authorization: (await sessionOf(page)).token ?? '' },
    });
    const rewards = ((await answer.json()) as { value: unknown }).value;
    expect(rewards).toMatchObject({ availablePromoCount: 1, list: [{ kind: 'REFERRAL', amount: '10.00' }] });
    await page.screenshot({ path: screenshotPath('referral-desktop-en.png'), fullPage: true });
    await context.close();
  });

  it('fits a phone and a wide screen in the light theme, and lays out right to left in Arabic', async () => {
    await api.registerByUsername('RefHost02', 'Secret123', '81310003');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await signInMember(page, 'RefHost02');
    await page.goto(`${server.url}/member?page=referral`);
    await page.locator('html[data-theme="light"]').waitFor();
    await page.locator('[data-card="referral-link"] [data-qr-code]').waitFor();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('referral-phone-light-en.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await sideMenu(page).locator('[data-side-entry="referral"]').waitFor();
    await page.screenshot({ path: screenshotPath('referral-desktop-light-en.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await page.getByRole('button', { name: 'نسخ الرابط' }).waitFor();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('referral-phone-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await sideMenu(page).locator('[data-side-entry="referral"]').waitFor();
    await page.screenshot({ path: screenshotPath('referral-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});
