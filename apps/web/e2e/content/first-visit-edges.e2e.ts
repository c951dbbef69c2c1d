import { type LanguageCode, languages } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { signInToPlay } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  // With the demo's content: its banners are part of what is checked.
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors of a page from now on. */
const consoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
};

/** A fresh visitor who has already seen this session's announcements, on a page of the site. */
const openSite = async (path = '/', viewport: 'phone' | 'desktop' = 'desktop') => {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript(() => {
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    sessionStorage.setItem('USER_POPUP', 'closed');
  });
  await page.goto(`${server.url}${path}`);
  await page.locator('[data-shell="header"]').waitFor();
  return { context, page };
};

/** The language as the language select stores it; the next page load starts in it. */
const chooseLanguage = async (page: Page, language: LanguageCode) => {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(languages[language].locale);
};

describe('the rough edges a first visit finds', () => {
  it('rotates seeds with an empty client seed, and My bets offers the verify link at once', async () => {
    const { token } = await api.registerByUsername('Edges001', 'Secret123', '81280001');
    await money.creditByBankTransfer(token, '50');
    const { context, page } = await openSite();
    await signInToPlay(page, 'Edges001');
    await page.goto(`${server.url}/inHouse?game=dice`);
    await page.getByTestId('place-bet').waitFor();
    await waitForHeaderBalance(page, '50.00');
    await page.getByLabel(/Stake/).fill('1.00');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('bet-result').waitFor();

    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByText('Rotate seeds to verify').first().waitFor();

    await page.getByRole('tab', { name: 'Fairness' }).click();
    const clientSeed = page.getByTestId('client-seed').filter({ hasText: /\S{4,}/ });
    await clientSeed.waitFor();
    const before = (await clientSeed.textContent())?.trim();
    // Left empty, the new client seed is made for the member instead of being refused.
    expect(await page.getByLabel('New client seed').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Rotate' }).click();
    await page.getByTestId('revealed-seed').first().waitFor();
    await expect.poll(async () => (await page.getByTestId('client-seed').textContent())?.trim()).not.toBe(before);
    const after = (await page.getByTestId('client-seed').textContent())?.trim() ?? '';
    expect(after).toMatch(/^[\x21-\x7e]{8,64}$/);

    // Without a reload, the round just played can be verified.
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByTestId('verify-round').first().waitFor();
    expect(await page.getByText('Rotate seeds to verify').count()).toBe(0);
    await context.close();
  });

  it('labels every movement of the account record in the member’s language, never an internal code', async () => {
    for (const [language, stake, payout] of [
      ['EN', 'In-house game bet', 'In-house game win'],
      ['AR', 'رهان لعبة داخلية', 'ربح لعبة داخلية'],
    ] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await openSite('/', viewport);
        await signInToPlay(page, 'Edges001');
        await chooseLanguage(page, language);
        await page.goto(`${server.url}/member?page=transactionHistory`);
        const stakeRow = page.locator('[data-record="inhouse.stake"]').first();
        await stakeRow.waitFor();
        expect(await stakeRow.textContent()).toContain(stake);
        const record = page.locator('[data-page="account-record"]');
        const text = (await record.textContent()) ?? '';
        for (const code of ['inhouse.stake', 'inhouse.payout', 'txn_type_']) expect(text).not.toContain(code);
        if ((await page.locator('[data-record="inhouse.payout"]').count()) > 0) {
          expect(await page.locator('[data-record="inhouse.payout"]').first().textContent()).toContain(payout);
        }
        // The type filter names them too.
        const options = await page.locator('#record-type option').allTextContents();
        expect(options).toContain(stake);
        await page.screenshot({
          path: screenshotPath(`first-visit-account-record-${language}-${viewport}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  });

  it('times every mirror line on /lines without the page’s own policy blocking it', async () => {
    const { context, page } = await openSite('/', 'phone');
    const errors = consoleErrors(page);
    await page.goto(`${server.url}/lines`);
    const lines = page.locator('[data-line]');
    await lines.first().waitFor();
    const count = await lines.count();
    expect(count).toBeGreaterThan(1);
    // Every line answers with its time (none left testing or down): the other domains are reachable.
    await expect.poll(() => page.locator('[data-line] [data-state="ok"]').count(), { timeout: 15_000 }).toBe(count);
    await page.screenshot({ path: screenshotPath('first-visit-lines-phone.png'), fullPage: true });
    expect(errors.filter((error) => /Content Security Policy|connect-src/i.test(error))).toEqual([]);
    await context.close();
  });

  it('headlines the demo banners in the visitor’s language, beyond the demo’s three written ones', async () => {
    for (const [language, headline] of [
      ['DE', 'In unter einer Minute dabei'],
      ['JA', '1分以内で登録完了'],
      ['EN', 'Join in under a minute'],
    ] as const) {
      const { context, page } = await openSite('/', 'desktop');
      await chooseLanguage(page, language);
      const caption = page.locator('[data-carousel]').getByText(headline);
      await caption.first().waitFor();
      if (language === 'DE') await page.screenshot({ path: screenshotPath('first-visit-banner-DE-desktop.png') });
      await context.close();
    }
  });
});
