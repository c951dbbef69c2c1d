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

describe("the back office shows game providers' rounds (decision 0127)", () => {
  it('lists a stale open round first, filters by age, and opens a round with every call and its debt', async () => {
    await memberSite(server).register({
      username: 'Roundplayer1',
      password: 'Secret123',
      email: 'roundplayer1@example.com',
      mobileNum: '91234571',
      countryDialingCode: '65',
    });
    const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'roundplayer1'");
    if (!member) throw new Error('no member');
    const [game] = await server.query<{ id: number }>(
      "SELECT id FROM games WHERE vendor_code = 'PT' AND game_type = 'RNG' ORDER BY id LIMIT 1",
    );
    // Rounds as the seamless wallet records them: a sports bet open for three days, one opened now, and a settled
    // live round that was resettled downwards past the balance (a debt).
    await server.query(
      `INSERT INTO seamless_rounds (provider, round_id, merchant_code, member_id, game_id, currency, status, bet_total,
                                    win_total, created_at)
       VALUES ('DEMO', 'sports-31', 'demo', $1, $2, 'USD', 'open', 2500, 0, now() - interval '3 days'),
              ('DEMO', 'slot-32', 'demo', $1, $2, 'USD', 'open', 100, 0, now()),
              ('DEMO', 'live-33', 'demo', $1, $2, 'USD', 'settled', 500, 100, now() - interval '1 hour')`,
      [member.id, game?.id],
    );
    await server.query(
      `INSERT INTO seamless_transactions (provider, transaction_id, kind, round_id, merchant_code, member_id, amount,
                                          request_hash, outcome, response, ledger_transaction_id, created_at)
       VALUES ('DEMO', 'tx-331', 'bet', 'live-33', 'demo', $1, 500, 'h1', 'ok', '{"balance":"5.00"}', NULL,
               now() - interval '60 minutes'),
              ('DEMO', 'tx-332', 'win', 'live-33', 'demo', $1, 900, 'h2', 'ok', '{"balance":"14.00"}', NULL,
               now() - interval '59 minutes'),
              ('DEMO', 'tx-333', 'resettle', 'live-33', 'demo', $1, 100, 'h3', 'ok', '{"balance":"0.00","debt":"2.00"}',
               NULL, now() - interval '30 minutes')`,
      [member.id],
    );
    await server.query(
      `INSERT INTO seamless_debts (merchant_code, member_id, currency, provider, round_id, transaction_id, amount, outstanding)
       VALUES ('demo', $1, 'USD', 'DEMO', 'live-33', 'tx-333', 200, 200)`,
      [member.id],
    );
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page } = await newPage(browser, { viewport });
      await signInAsOwner(page, server.url);
      if (viewport === 'desktop') {
        await page.locator('aside').getByRole('link', { name: 'Game rounds' }).click();
        await page.locator('[data-pick-merchant="demo"]').click();
      } else {
        await page.goto(`${server.url}/admin/merchants/demo/game-rounds`);
      }
      const rows = page.locator('tr[data-seamless-round]');
      await rows.first().waitFor();
      expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-seamless-round')))).toEqual([
        'sports-31',
        'slot-32',
      ]);
      expect(await rows.first().textContent()).toContain('25.00 USD');
      expect(await page.getByTestId('seamless-round-totals').textContent()).toBe(
        'Open: DEMO 2 rounds holding 26.00 USD',
      );
      await page.getByLabel('Open for').selectOption('24');
      await page.waitForFunction(() => document.querySelectorAll('tr[data-seamless-round]').length === 1);
      expect(await rows.first().getAttribute('data-seamless-round')).toBe('sports-31');
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/game-rounds-${viewport}.png`, fullPage: true });
      }
      await page.getByRole('tab', { name: 'All' }).click();
      await page.locator('tr[data-seamless-round="live-33"]').waitFor();
      await page.locator('tr[data-seamless-round="live-33"]').getByRole('link').click();
      const calls = page.locator('tr[data-seamless-call]');
      await calls.first().waitFor();
      expect(await calls.evaluateAll((all) => all.map((row) => row.getAttribute('data-seamless-call')))).toEqual([
        'bet',
        'win',
        'resettle',
      ]);
      expect(await calls.nth(2).textContent()).toContain('No money moved');
      expect(await page.getByTestId('seamless-round-debts').textContent()).toContain(
        'tx-333: owed 2.00 USD, outstanding 2.00 USD',
      );
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/game-round-history-${viewport}.png`,
          fullPage: true,
        });
      }
      await page.close();
    }
  });
});

describe("the back office shows a round closed after the provider's timeout (decision 0128)", () => {
  it('marks the round closed by timeout in the list and on its page', async () => {
    await memberSite(server).register({
      username: 'Roundplayer2',
      password: 'Secret123',
      email: 'roundplayer2@example.com',
      mobileNum: '91234572',
      countryDialingCode: '65',
    });
    const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'roundplayer2'");
    if (!member) throw new Error('no member');
    const [game] = await server.query<{ id: number }>(
      "SELECT id FROM games WHERE vendor_code = 'PT' AND game_type = 'RNG' ORDER BY id LIMIT 1",
    );
    // A round the timeout job closed with no win, as seamless_close_stale leaves it.
    await server.query(
      `INSERT INTO seamless_rounds (provider, round_id, merchant_code, member_id, game_id, currency, status, bet_total,
                                    win_total, created_at, timed_out_at)
       VALUES ('DEMO', 'sports-41', 'demo', $1, $2, 'USD', 'settled', 700, 0, now() - interval '2 days', now())`,
      [member.id, game?.id],
    );
    await server.query(
      `INSERT INTO seamless_transactions (provider, transaction_id, kind, round_id, merchant_code, member_id, amount,
                                          request_hash, outcome, response, ledger_transaction_id, created_at)
       VALUES ('DEMO', 'tx-411', 'bet', 'sports-41', 'demo', $1, 700, 'h1', 'ok', '{"balance":"3.00"}', NULL,
               now() - interval '2 days')`,
      [member.id],
    );
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page } = await newPage(browser, { viewport });
      await signInAsOwner(page, server.url);
      await page.goto(`${server.url}/admin/merchants/demo/game-rounds`);
      await page.getByRole('tab', { name: 'All' }).click();
      const row = page.locator('tr[data-seamless-round="sports-41"]');
      await row.waitFor();
      expect(await row.textContent()).toContain('Closed by timeout');
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/game-rounds-timeout-${viewport}.png` });
      }
      await row.getByRole('link').click();
      await page.locator('tr[data-seamless-call]').first().waitFor();
      expect(await page.getByTestId('seamless-round-facts').textContent()).toContain('Closed by timeout');
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/game-round-timeout-${viewport}.png`,
          fullPage: true,
        });
      }
      await page.close();
    }
  });
});
