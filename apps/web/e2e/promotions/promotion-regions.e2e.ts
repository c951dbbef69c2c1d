import { launchBrowser, promotionInput, redEnvelopeInput, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

/**
 * Region eligibility on /promotions and /redEnvelope (decisions 0140, 0142): the CDN's country header places a member
 * signed in from Malaysia; a promotion open to Singapore only shows closed with the translated reason (English,
 * Arabic right to left, on a phone) and its claim is refused, while one open to Malaysia can be claimed; a red
 * envelope for Singapore shows the envelope's own reason (English, Thai), one for Malaysia is opened, and a claim
 * refused because the member's region changed since the list was read shows that reason, nothing paid.
 */

const HEADER = 'x-test-country';
let server: TestServer;
let browser: Browser;
let money: ReturnType<typeof moneyApi>;

const promotion = (title: string, regions: string[]) =>
  promotionInput({
    kind: 'daily_login',
    category: 'daily',
    texts: { EN: { title, summary: '', content: 'Claim once a day.', imageUrl: '' } },
    fixedAmount: '1',
    frequency: 'daily',
    regions,
  });
const card = (page: Page, id: string) => page.locator(`article[data-promotion="${id}"]`);
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

beforeAll(async () => {
  server = await startTestServer({ env: { COUNTRY_HEADER: HEADER } });
  browser = await launchBrowser();
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a promotion open to other regions', () => {
  it('shows closed with the reason to a member signed in from elsewhere, in English and Arabic', async () => {
    const singapore = await money.operator<{ id: string }>(
      'POST',
      '/api/admin/merchants/demo/promotions',
      promotion('Singapore check-in', ['SG']),
    );
    const malaysia = await money.operator<{ id: string }>(
      'POST',
      '/api/admin/merchants/demo/promotions',
      promotion('Malaysia check-in', ['MY']),
    );
    await memberApi(server).registerByUsername('Region0001', 'Secret123', '81400140');

    const { context, page } = await openSite(browser, server, '/', 'phone');
    await context.setExtraHTTPHeaders({ [HEADER]: 'MY' });
    await signInMember(page, 'Region0001');
    const [member] = await server.query<{ country: string | null }>(
      "SELECT country FROM members WHERE username = 'region0001'",
    );
    expect(member?.country).toBe('MY');

    await page.goto(`${server.url}/promotions`);
    await card(page, singapore.id).waitFor();
    expect(await card(page, singapore.id).getAttribute('data-promotion-state')).toBe('closed');
    expect(await card(page, singapore.id).textContent()).toContain('This promotion is not available in your region.');
    expect(await card(page, malaysia.id).getAttribute('data-promotion-state')).toBe('claim');
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('promotion-region-phone-en.png'), fullPage: true });
    expect(await fits(page)).toBe(true);

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await card(page, singapore.id).waitFor();
    expect(await card(page, singapore.id).textContent()).toContain('هذا العرض غير متاح في منطقتك.');
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('promotion-region-phone-ar.png'), fullPage: true });
    expect(await fits(page)).toBe(true);

    // The claim button is not offered; the API refuses it too, and nothing is granted.
    expect(await card(page, singapore.id).locator('button[data-promotion-action]').count()).toBe(0);
    const bonuses = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bonuses b JOIN members m ON m.id = b.member_id WHERE m.username = 'region0001'",
    );
    expect(bonuses[0]?.n).toBe(0);
    await context.close();
  });
});

describe('a red envelope open to other regions', () => {
  const envelope = (title: string, regions: string[]) =>
    redEnvelopeInput({ texts: { EN: { title, blessing: 'Good luck' } }, totalAmount: '20', shares: 4, regions });
  const item = (page: Page, id: string) => page.locator(`article[data-red-envelope="${id}"]`);
  const shares = async () =>
    (
      await server.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM red_envelope_shares s JOIN members m ON m.id = s.member_id WHERE m.username = 'region0002'",
      )
    )[0]?.n;

  it("shows the envelope's own reason to a member from elsewhere, opens one for its region, shows a refusal's reason", async () => {
    const singapore = await money.operator<{ id: string }>(
      'POST',
      '/api/admin/merchants/demo/red-envelopes',
      envelope('Singapore envelope', ['SG']),
    );
    const malaysia = await money.operator<{ id: string }>(
      'POST',
      '/api/admin/merchants/demo/red-envelopes',
      envelope('Malaysia envelope', ['MY']),
    );
    const late = await money.operator<{ id: string }>(
      'POST',
      '/api/admin/merchants/demo/red-envelopes',
      envelope('Malaysia envelope, later', ['MY']),
    );
    await memberApi(server).registerByUsername('Region0002', 'Secret123', '81400142');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await context.setExtraHTTPHeaders({ [HEADER]: 'MY' });
    await signInMember(page, 'Region0002');

    await page.goto(`${server.url}/redEnvelope`);
    await item(page, singapore.id).waitFor();
    expect(await item(page, singapore.id).getAttribute('data-red-envelope-state')).toBe('ineligible');
    expect(await item(page, singapore.id).textContent()).toContain(
      'This red envelope is not available in your region.',
    );
    expect(await item(page, singapore.id).locator('[data-red-envelope-action]').count()).toBe(0);

    await item(page, malaysia.id).locator('[data-red-envelope-action="open"]').click();
    await page.locator('[data-dialog="red-envelope-opened"]').waitFor();
    expect(await shares()).toBe(1);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('red-envelope-region-phone-en.png'), fullPage: true });
    expect(await fits(page)).toBe(true);

    // The member's region changes (as a sign-in from Singapore elsewhere would set it) after the list was read:
    // opening the other Malaysian envelope is refused on the server with the envelope's reason, nothing paid.
    await server.query("UPDATE members SET country = 'SG' WHERE username = 'region0002'");
    await item(page, late.id).locator('[data-red-envelope-action="open"]').click();
    await page.getByRole('alert').filter({ hasText: 'This red envelope is not available in your region.' }).waitFor();
    expect(await shares()).toBe(1);
    await page.screenshot({ path: screenshotPath('red-envelope-region-refused-phone-en.png'), fullPage: true });

    await page.evaluate(() => localStorage.setItem('lang', 'TH'));
    await page.reload();
    await item(page, late.id).waitFor();
    expect(await item(page, late.id).getAttribute('data-red-envelope-state')).toBe('ineligible');
    expect(await item(page, late.id).textContent()).toContain('อั่งเปานี้ไม่เปิดให้บริการในภูมิภาคของคุณ');
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('red-envelope-region-phone-th.png'), fullPage: true });
    expect(await fits(page)).toBe(true);
    await context.close();
  });
});
