import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPlayingSeamlessGame } from '../support/games';
import { waitForHeaderBalance, wire } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // A short betting window keeps the journey fast (the provider reads it when it starts; 20 s unless set).
  process.env.REFERENCE_PROVIDER_TABLE_ROUND_MS = '8000';
  server = await startTestServer({ referenceProvider: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("an outside provider's live table, end to end", () => {
  it('a member places two bets and a tip in one live round; the round settles when its timer ends and the records show it', {
    timeout: 240_000,
  }, async () => {
    const {
      member,
      game,
      context,
      page,
      src,
      frame: table,
    } = await memberPlayingSeamlessGame(browser, server, {
      username: 'Live0001',
      mobile: '81190001',
      where: "g.game_type = 'LIVE' AND v.provider_code = 'DEMO' AND g.engine = 'live'",
    });
    expect(src.searchParams.get('engine')).toBe('live');
    await table.getByText('100.00 USD').waitFor();
    // Bets go into a round with time left for all three calls: wait for a fresh betting window.
    await table
      .locator('[data-countdown]')
      .filter({ hasText: /^Bets close in [5-8] s$/ })
      .waitFor({ timeout: 30_000 });
    const round = (await table.locator('[data-round]').textContent()) ?? '';
    await table.locator('[data-stake]').selectOption('10.00');
    await table.locator('[data-spot="banker"]').click();
    await table.getByText('Bet placed: Banker 10.00 USD').waitFor();
    await table.locator('[data-stake]').selectOption('2.00');
    await table.locator('[data-spot="tie"]').click();
    await table.getByText('Bet placed: Tie 2.00 USD').waitFor();
    await table.locator('[data-stake]').selectOption('1.00');
    await table.locator('[data-tip]').click();
    await table.getByText('The dealer thanks you for the tip of 1.00 USD').waitFor();
    // Still the same round: the player's bets and tip of it are listed.
    expect(await table.locator('[data-round]').textContent()).toBe(round);
    const mine = table.locator('[data-mine]');
    await mine.locator('[data-my-bet="banker"]').getByText('Banker · 10.00 USD').waitFor();
    await mine.locator('[data-my-bet="tie"]').getByText('Tie · 2.00 USD').waitFor();
    await mine.getByText('Tips: 1.00 USD').waitFor();
    await page.screenshot({ path: screenshotPath('live-table-betting-1440.png') });

    // The timer ends the round: the result, and the player's settlement of it.
    const settled = table.locator('[data-message]').filter({ hasText: /^Round \d+: you staked 12\.00 USD/ });
    await settled.waitFor({ timeout: 30_000 });
    await table.locator('[data-board] [data-result]').waitFor();
    await page.screenshot({ path: screenshotPath('live-table-settled-1440.png') });

    // The platform's record: one round, two bets, a tip and one closing win, all through the ledger.
    const rows = await server.query<{ round_ref: string; bet_amount: string; payout: string; status: string }>(
      `SELECT round_ref, bet_amount::text, payout::text, status FROM bet_rounds
        WHERE member_id = $1 AND source = 'seamless' AND provider = 'DEMO'`,
      [member.id],
    );
    expect(rows).toHaveLength(1);
    const [row] = rows as [(typeof rows)[number]];
    expect(row).toMatchObject({ bet_amount: '1200', status: 'settled' });
    // Banker wins (10.00 × 1.95), a tie (Banker's stake back and Tie 2.00 × 9) or Player wins (nothing back).
    expect(['1950', '2800', '0']).toContain(row.payout);
    const payout = BigInt(row.payout);
    const calls = await server.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM seamless_transactions
        WHERE member_id = $1 AND outcome = 'ok' AND round_id = $2 GROUP BY kind ORDER BY kind`,
      [member.id, row.round_ref],
    );
    expect(calls).toEqual([
      { kind: 'bet', n: 2 },
      { kind: 'tip', n: 1 },
      { kind: 'win', n: 1 },
    ]);
    const text = (await settled.textContent()) ?? '';
    expect(text).toBe(
      payout > 0n
        ? `${round}: you staked 12.00 USD and win ${wire(payout)} USD`
        : `${round}: you staked 12.00 USD, no win`,
    );
    const expected = wire(10_000n - 1200n - 100n + payout);
    await table.getByText(`${expected} USD`).waitFor();
    await waitForHeaderBalance(page, expected);

    // The betting record: the round with its 12.00 of bets and its payout.
    await page.goto(`${server.url}/member?page=personalHistoryCopy`);
    const record = page.locator(`[data-page="betting-record"] [data-bet="${row.round_ref}"]`);
    await record.waitFor();
    await record.getByText(game.name).waitFor();
    await record.getByText('$12.00').first().waitFor();
    await page.screenshot({ path: screenshotPath('live-table-record-1440.png'), fullPage: true });

    // The account record: each bet, the tip and the win.
    await page.goto(`${server.url}/member?page=transactionHistory`);
    const entry = (type: string, amount: string) =>
      page.locator(`[data-card="account-record"] tr[data-record="${type}"][data-amount="${amount}"]`);
    await entry('game_bet', '-10.00').waitFor();
    await entry('game_bet', '-2.00').waitFor();
    await entry('game_tip', '-1.00').waitFor();
    expect(await entry('game_tip', '-1.00').textContent()).toContain('Game tip');
    if (payout > 0n) await entry('game_win', wire(payout)).waitFor();
    await page.screenshot({ path: screenshotPath('live-table-account-record-1440.png'), fullPage: true });
    await context.close();

    // The table's own page on a 360 px phone.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const small = await phone.newPage();
    await small.goto(src.toString());
    await small.locator('[data-round]').filter({ hasText: /Round/ }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.screenshot({ path: screenshotPath('live-table-360.png'), fullPage: true });
    await phone.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });

  it('a member bets on both sides of a cockfight; a win is paid at the odds shown, a draw returns every stake', {
    timeout: 240_000,
  }, async () => {
    const {
      member,
      game,
      context,
      page,
      src,
      frame: pit,
    } = await memberPlayingSeamlessGame(browser, server, {
      username: 'Cock0001',
      mobile: '81190002',
      where: "g.game_type = 'COCKFIGHT' AND v.provider_code = 'DEMO' AND g.engine = 'cockfight'",
    });
    expect(src.searchParams.get('engine')).toBe('cockfight');
    await pit.getByText('100.00 USD').waitFor();
    await pit
      .locator('[data-countdown]')
      .filter({ hasText: /^Bets close in [5-8] s$/ })
      .waitFor({ timeout: 30_000 });
    // The odds this fight offers each side (stake included), as the page shows them.
    const oddsOf = async (side: string) =>
      Math.round(Number(((await pit.locator(`[data-spot="${side}"] [data-pays]`).textContent()) ?? '').slice(1)) * 100);
    const odds = { meron: await oddsOf('meron'), wala: await oddsOf('wala') };
    expect(odds.meron).toBeGreaterThan(100);
    expect(odds.wala).toBeGreaterThan(100);
    await pit.locator('[data-stake]').selectOption('5.00');
    await pit.locator('[data-spot="meron"]').click();
    await pit.getByText('Bet placed: Meron 5.00 USD').waitFor();
    await pit.locator('[data-stake]').selectOption('2.00');
    await pit.locator('[data-spot="wala"]').click();
    await pit.getByText('Bet placed: Wala 2.00 USD').waitFor();
    await page.screenshot({ path: screenshotPath('cockfight-betting-1440.png') });

    // The fight: Meron or Wala wins (that side's stake times its odds), or a draw returns both stakes.
    const settled = pit.locator('[data-message]').filter({ hasText: /^Round \d+/ });
    await settled.waitFor({ timeout: 30_000 });
    const result = (await pit.locator('[data-board] [data-result]').getAttribute('data-result')) ?? '';
    expect(['meron', 'wala', 'draw']).toContain(result);
    await page.screenshot({ path: screenshotPath('cockfight-settled-1440.png') });
    const [row] = await server.query<{ round_ref: string; bet_amount: string; payout: string; status: string }>(
      `SELECT round_ref, bet_amount::text, payout::text, status FROM bet_rounds
        WHERE member_id = $1 AND source = 'seamless' AND provider = 'DEMO'`,
      [member.id],
    );
    const calls = await server.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM seamless_transactions
        WHERE member_id = $1 AND outcome = 'ok' GROUP BY kind ORDER BY kind`,
      [member.id],
    );
    let expected: bigint;
    if (result === 'draw') {
      expect(calls).toEqual([
        { kind: 'bet', n: 2 },
        { kind: 'rollback', n: 2 },
      ]);
      expect(await settled.textContent()).toMatch(/was a draw: your bets of 7\.00 USD are returned$/);
      expected = 10_000n;
    } else {
      const payout = ((result === 'meron' ? 500n : 200n) * BigInt(odds[result as 'meron' | 'wala'])) / 100n;
      expect(calls).toEqual([
        { kind: 'bet', n: 2 },
        { kind: 'win', n: 1 },
      ]);
      expect(row).toMatchObject({ bet_amount: '700', payout: String(payout), status: 'settled' });
      expect(await settled.textContent()).toMatch(new RegExp(`you staked 7\\.00 USD and win ${wire(payout)} USD$`));
      expected = 10_000n - 700n + payout;
    }
    await waitForHeaderBalance(page, wire(expected));

    // The account record: both bets, and the win or both stakes returned.
    await page.goto(`${server.url}/member?page=transactionHistory`);
    const entry = (type: string, amount: string) =>
      page.locator(`[data-card="account-record"] tr[data-record="${type}"][data-amount="${amount}"]`);
    await entry('game_bet', '-5.00').waitFor();
    await entry('game_bet', '-2.00').waitFor();
    await page.screenshot({ path: screenshotPath('cockfight-account-record-1440.png'), fullPage: true });
    expect(game.game_type).toBe('COCKFIGHT');
    await context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
