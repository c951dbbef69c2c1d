import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

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

describe("the back office shows members' debts from game providers' resettlements", () => {
  it('lists an outstanding debt with its round and total, and a repaid one under All', async () => {
    await memberSite(server).register({
      username: 'Gamedebtor1',
      password: 'Secret123',
      email: 'gamedebtor1@example.com',
      mobileNum: '91234570',
      countryDialingCode: '65',
    });
    const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'gamedebtor1'");
    if (!member) throw new Error('no member');
    // Debts as a resettlement debit larger than the balance records them (decision 0117).
    await server.query(
      `INSERT INTO seamless_debts (merchant_code, member_id, currency, provider, round_id, transaction_id, amount, outstanding)
       VALUES ('demo', $1, 'USD', 'DEMO', 'sports-77', 'resettle-77', 2500, 1250),
              ('demo', $1, 'USD', 'DEMO', 'live-12', 'resettle-12', 400, 0)`,
      [member.id],
    );
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page } = await newPage(browser, { viewport });
      await signInAsOwner(page, server.url);
      if (viewport === 'desktop') {
        await page.locator('aside').getByRole('link', { name: 'Game debts' }).click();
        await page.locator('[data-pick-merchant="demo"]').click();
      } else {
        await page.goto(`${server.url}/admin/merchants/demo/game-debts`);
      }
      const open = page.locator('tr[data-seamless-debt]');
      await open.first().waitFor();
      expect(await open.count()).toBe(1);
      expect(await open.first().textContent()).toContain('DEMO:sports-77');
      expect(await open.first().textContent()).toContain('12.50 USD');
      expect(await page.getByTestId('seamless-debt-totals').textContent()).toBe('Outstanding in total: 12.50 USD');
      await page.getByRole('tab', { name: 'All' }).click();
      await page.locator('tr[data-seamless-debt]').nth(1).waitFor();
      expect(await page.locator('tr[data-seamless-debt]').first().textContent()).toContain('Repaid');
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/game-debts-${viewport}.png`, fullPage: true });
      }
      await page.close();
    }
  });
});
