import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInToPlay } from '../support/site';

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

const promptsOf = (username: string) =>
  server.query<{ prompt: string; answer: string }>(
    `SELECT p.prompt, p.answer FROM rg_prompts p JOIN members m ON m.id::text = p.member_id
      WHERE m.username = $1 ORDER BY p.prompt`,
    [username.toLowerCase()],
  );

const limitsOf = (username: string) =>
  server.query<{ kind: string; period: string; amount: string }>(
    `SELECT l.kind, l.period, l.amount::text AS amount FROM rg_limits l JOIN members m ON m.id::text = l.member_id
      WHERE m.username = $1 ORDER BY l.kind`,
    [username.toLowerCase()],
  );

describe('the one-time responsible-gaming prompts (decision 0107)', () => {
  it('a new member is offered limits, sets one, and is told how to play safely before the first wager, once', async () => {
    // A member whose prompts are still due, as every newly registered member's are.
    await memberApi(server, { prompts: 'due' }).registerByUsername('Prompts001', 'Secret123', '81320001');
    const { page } = await openSite(browser, server);
    await signInToPlay(page, 'Prompts001');

    // The offer of limits comes first, on the page the member is on, and has no way around it but an answer.
    const offer = dialog(page, 'rg-limits-offer');
    await offer.getByRole('heading', { name: 'Set your limits' }).waitFor();
    expect(await offer.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.waitForTimeout(300); // the dialog's fade-in, so the screenshot shows it whole
    await page.screenshot({ path: screenshotPath('rg-prompts-limits-offer.png') });

    // Bad input: a field error, nothing kept, the offer stays.
    await offer.getByLabel('Deposit limit').fill('abc');
    await offer.getByRole('button', { name: 'Set limits' }).click();
    await offer.getByText('Enter an amount in numbers.').waitFor();
    expect(await limitsOf('Prompts001')).toEqual([]);
    expect(await promptsOf('Prompts001')).toEqual([]);
    await page.screenshot({ path: screenshotPath('rg-prompts-limits-offer-error.png') });

    await offer.getByLabel('Deposit limit').fill('50');
    await offer.getByLabel('Session time (minutes)').fill('90');
    await offer.getByRole('button', { name: 'Set limits' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await limitsOf('Prompts001')).toEqual([
      { kind: 'deposit', period: 'day', amount: '5000' },
      { kind: 'session', period: 'day', amount: '90' },
    ]);
    expect(await promptsOf('Prompts001')).toEqual([{ prompt: 'limits_offer', answer: 'set' }]);

    // The limits set there are the responsible-gaming page's own.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await page.locator('[data-page="responsible-gaming"]').waitFor();
    await expect.poll(() => page.locator('[data-limit="deposit-day"]').textContent()).toContain('$50.00');
    expect(await dialog(page, 'rg-first-wager-info').count()).toBe(0); // not a page where the member can wager

    // The first page where the member can wager shows what playing safely takes, in the member's language.
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.goto(`${server.url}/inHouse?game=dice`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const info = dialog(page, 'rg-first-wager-info');
    await info.getByRole('heading', { name: 'العب بمسؤولية' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('rg-prompts-first-wager-info-ar.png') });

    await page.evaluate(() => localStorage.setItem('lang', 'EN'));
    await page.reload();
    await info.getByRole('heading', { name: 'Play responsibly' }).waitFor();
    expect(await info.getByRole('link', { name: 'Open responsible gaming' }).getAttribute('href')).toBe(
      '/member?page=responsibleGaming',
    );
    await page.screenshot({ path: screenshotPath('rg-prompts-first-wager-info.png') });
    await info.getByRole('button', { name: 'I understand' }).click();
    await info.waitFor({ state: 'detached' });
    await page.getByTestId('place-bet').waitFor();
    expect(await promptsOf('Prompts001')).toEqual([
      { prompt: 'first_wager_info', answer: 'acknowledged' },
      { prompt: 'limits_offer', answer: 'set' },
    ]);

    // Answered once, on the server: not shown again, here or on another device.
    await page.reload();
    await page.getByTestId('place-bet').waitFor();
    const other = await openSite(browser, server, '/inHouse?game=dice');
    await signInToPlay(other.page, 'Prompts001');
    await other.page.getByTestId('place-bet').waitFor();
    await other.page.waitForTimeout(500); // time for a prompt to have come, had one been due
    expect(await dialog(other.page, 'rg-limits-offer').count()).toBe(0);
    expect(await dialog(other.page, 'rg-first-wager-info').count()).toBe(0);
    expect(await dialog(page, 'rg-first-wager-info').count()).toBe(0);
  });

  it('the offer of limits and the announcement popup never stack: the second shows once the first is closed', async () => {
    const admin = await adminApi(server.url);
    await admin.createContent({
      content: {
        kind: 'popup',
        data: { title: 'Welcome aboard', content: 'Offers await.', execution: 'A', promotionType: null },
      },
    });
    await memberApi(server, { prompts: 'due' }).registerByUsername('Prompts002', 'Secret123', '81320002');
    const { page } = await openSite(browser, server);
    await signInToPlay(page, 'Prompts002');

    const offer = dialog(page, 'rg-limits-offer');
    const popup = dialog(page, 'announcement');
    const shown = async () => (await offer.count()) + (await popup.count());
    await expect.poll(shown, { timeout: 15_000 }).toBe(1);
    // Both want to show; for a while, still only one does.
    for (let i = 0; i < 6; i += 1) {
      await page.waitForTimeout(250);
      expect(await shown()).toBe(1);
    }
    await page.screenshot({ path: screenshotPath('rg-prompts-one-popup-at-a-time.png') });
    if ((await popup.count()) === 1) {
      await popup.getByRole('button', { name: 'Close' }).click();
      await offer.getByRole('heading', { name: 'Set your limits' }).waitFor();
      expect(await popup.count()).toBe(0);
      await offer.getByRole('button', { name: 'Not now' }).click();
      await offer.waitFor({ state: 'detached' });
    } else {
      await offer.getByRole('button', { name: 'Not now' }).click();
      await popup.getByText('Welcome aboard').waitFor();
      expect(await offer.count()).toBe(0);
    }
    expect(await promptsOf('Prompts002')).toEqual([{ prompt: 'limits_offer', answer: 'skipped' }]);
  });
});
