import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPlayingSeamlessGame } from '../support/games';
import { waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ referenceProvider: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The reference provider's default operator key (REFERENCE_PROVIDER_OPERATOR_KEY, apps/reference-provider/README.md). */
const OPERATOR_KEY = 'reference-provider-operator-key';
const wire = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The provider operator enters a fixture's result on the provider's own page. */
const enterResult = async (
  operator: Page,
  fixtureId: string,
  result: 'Home' | 'Away',
  button: 'Settle' | 'Correct',
) => {
  const row = operator.locator(`tr[data-fixture="${fixtureId}"]`);
  await row.locator('[data-result]').selectOption({ label: result });
  await row.getByRole('button', { name: button }).click();
  await operator.locator('[data-message]').getByText(`${fixtureId}: ${result}`).waitFor();
};

describe("the reference provider's sportsbook, end to end", () => {
  it('a member bets on a match; the provider settles it days later as a win, then corrects it to a loss', {
    timeout: 300_000,
  }, async () => {
    const {
      member,
      game,
      context,
      page,
      src,
      frame: book,
    } = await memberPlayingSeamlessGame(browser, server, {
      username: 'Sport0001',
      mobile: '81190001',
      where: "g.game_type = 'SPORTS' AND v.provider_code = 'DEMO' AND g.engine = 'sportsbook'",
    });
    expect(src.searchParams.get('engine')).toBe('sportsbook');

    // The member picks the first match's home win, stakes 10.00 and places the bet: a bet call, its own round.
    await book.getByText('100.00 USD').waitFor();
    const fixture = book.locator('[data-fixture]').first();
    const fixtureId = (await fixture.getAttribute('data-fixture')) ?? '';
    const homePrice = fixture.locator('[data-pick="home"]');
    const odds = ((await homePrice.textContent()) ?? '').match(/\d+\.\d{2}/)?.[0] ?? '';
    expect(odds).toMatch(/^\d+\.\d{2}$/);
    await homePrice.click();
    await book.locator('[data-stake]').fill('10.00');
    const payout = (1000n * BigInt(odds.replace('.', ''))) / 100n;
    await book
      .locator('[data-potential]')
      .getByText(`${wire(payout)} USD`)
      .waitFor();
    await page.screenshot({ path: screenshotPath('sportsbook-slip-1440.png') });
    await book.getByRole('button', { name: 'Place bet' }).click();
    await book.getByText(`Bet placed: 10.00 USD on odds ${odds}`).waitFor();
    await book.locator('[data-balance]').getByText('90.00 USD').waitFor();
    const placed = book.locator('[data-bet][data-state="open"]');
    const roundId = (await placed.getAttribute('data-bet')) ?? '';
    expect(roundId).toMatch(/^sb-/);
    await waitForHeaderBalance(page, '90.00');
    // An open bet's cash-out offer: the fair price, less than the stake before the match.
    const offer = Number(
      ((await placed.locator('[data-action="cashout"]').textContent()) ?? '').match(/\d+\.\d{2}/)?.[0],
    );
    expect(offer).toBeGreaterThan(0);
    expect(offer).toBeLessThan(10);
    await page.screenshot({ path: screenshotPath('sportsbook-bet-1440.png'), fullPage: true });

    // A second bet, 5.00 on the next match, cashed out at once at the offer shown: the platform pays the offer.
    await book.locator('[data-fixture]').nth(1).locator('[data-pick="away"]').click();
    await book.locator('[data-stake]').fill('5.00');
    await book.getByRole('button', { name: 'Place bet' }).click();
    await book.locator('[data-balance]').getByText('85.00 USD').waitFor();
    // The list shows both open bets, the new one first, once the page has read it again.
    await book.locator('[data-bet][data-state="open"]').nth(1).waitFor();
    const second = book.locator('[data-bet][data-state="open"]').first();
    const secondId = (await second.getAttribute('data-bet')) ?? '';
    expect(secondId).not.toBe(roundId);
    const cashout = second.locator('[data-action="cashout"]');
    const price = ((await cashout.textContent()) ?? '').match(/\d+\.\d{2}/)?.[0] ?? '';
    await cashout.click();
    await book.getByText(`Cashed out for ${price} USD`).first().waitFor();
    await book.locator(`[data-bet="${secondId}"][data-state="cashed_out"]`).waitFor();
    const afterCashout = wire(8500n + BigInt(price.replace('.', '')));
    await book.locator('[data-balance]').getByText(`${afterCashout} USD`).waitFor();
    await waitForHeaderBalance(page, afterCashout);
    const cashedOut = await server.query<{ kind: string; amount: string }>(
      `SELECT kind, amount::text FROM seamless_transactions WHERE member_id = $1 AND round_id = $2 ORDER BY id`,
      [member.id, secondId],
    );
    expect(cashedOut).toEqual([
      { kind: 'bet', amount: '500' },
      { kind: 'cashout', amount: String(BigInt(price.replace('.', ''))) },
    ]);
    const base = 9000n - 500n + BigInt(price.replace('.', ''));

    // The same page on a 360 px phone (the launch URL opened on its own): it fits.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(src.toString());
    await phonePage.locator(`[data-bet="${roundId}"]`).waitFor();
    await phonePage.locator('[data-fixture]').first().locator('[data-pick="draw"]').click();
    expect(await fits(phonePage)).toBe(true);
    await phonePage.screenshot({ path: screenshotPath('sportsbook-360.png'), fullPage: true });
    await phone.close();

    // The platform: one bet, the round open; the member's betting record shows it open.
    const rows = await server.query<{ status: string; bet_amount: string; payout: string }>(
      `SELECT status, bet_amount::text, payout::text FROM bet_rounds WHERE member_id = $1 AND round_ref = $2`,
      [member.id, roundId],
    );
    expect(rows).toEqual([{ status: 'open', bet_amount: '1000', payout: '0' }]);
    await page.goto(`${server.url}/member?page=personalHistoryCopy`);
    const record = page.locator('[data-page="betting-record"]');
    const row = record.locator(`[data-bet="${roundId}"]`);
    await row.locator('[data-status="open"]').waitFor();
    await row.getByText(game.name).waitFor();

    // The provider's operator enters the result: a home win. The win pays the stake times the odds.
    const operatorSession = await newPage(browser);
    const operator = operatorSession.page;
    await operator.goto(`${server.referenceProvider?.url}/sportsbook/admin`);
    await operator.locator('[data-key]').fill('wrong-key-000');
    await operator.getByRole('button', { name: 'Open' }).click();
    await operator.getByText('Wrong operator key').waitFor();
    await operator.locator('[data-key]').fill(OPERATOR_KEY);
    await operator.getByRole('button', { name: 'Open' }).click();
    await enterResult(operator, fixtureId, 'Home', 'Settle');
    await operator.screenshot({ path: screenshotPath('sportsbook-operator-1440.png'), fullPage: true });
    const afterWin = wire(base + payout);
    await waitForHeaderBalance(page, afterWin);
    await page.reload();
    await row.locator('[data-status="settled"]').waitFor();
    await row.getByText(`+$${wire(payout - 1000n)}`).waitFor();

    // The result was wrong: the operator corrects it to an away win. The platform takes the payout back.
    await enterResult(operator, fixtureId, 'Away', 'Correct');
    await waitForHeaderBalance(page, wire(base));
    const after = await server.query<{ status: string; payout: string }>(
      `SELECT status, payout::text FROM bet_rounds WHERE member_id = $1 AND round_ref = $2`,
      [member.id, roundId],
    );
    expect(after).toEqual([{ status: 'settled', payout: '0' }]);
    const calls = await server.query<{ kind: string; amount: string }>(
      `SELECT kind, amount::text FROM seamless_transactions WHERE member_id = $1 AND round_id = $2 ORDER BY id`,
      [member.id, roundId],
    );
    expect(calls).toEqual([
      { kind: 'bet', amount: '1000' },
      { kind: 'win', amount: String(payout) },
      { kind: 'resettle', amount: '0' },
    ]);
    await page.reload();
    await row.locator('[data-status="settled"]').waitFor();
    await row.getByText('-$10.00').waitFor();

    // The account record shows the resettlement (the payout taken back) beside the bet and the win.
    await page.goto(`${server.url}/member?page=transactionHistory`);
    const account = page.locator('[data-card="account-record"]');
    const resettlement = account.locator(`tr[data-record="game_resettle"][data-amount="-${wire(payout)}"]`);
    await resettlement.getByText('Game resettlement').waitFor();
    await resettlement.getByText(`DEMO:${roundId}`).waitFor();
    await account.locator(`tr[data-record="game_win"][data-amount="${wire(payout)}"]`).waitFor();
    await account.locator('tr[data-record="game_bet"][data-amount="-10.00"]').waitFor();
    // The second bet's cash-out is its own kind of movement, not a game win (decision 0133).
    const cashedOutEntry = account.locator(`tr[data-record="game_cashout"][data-amount="${price}"]`);
    await cashedOutEntry.getByText('Cash-out').waitFor();
    await cashedOutEntry.getByText(`DEMO:${secondId}`).waitFor();
    expect(await account.locator(`tr[data-record="game_win"][data-amount="${price}"]`).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('sportsbook-account-record-1440.png'), fullPage: true });
    // On a 390 px phone, in Arabic: the cash-out keeps its own translated label.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await cashedOutEntry.getByText('صرف الرهان مبكرًا').waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('sportsbook-account-record-390-ar.png'), fullPage: true });

    await operatorSession.context.close();
    await context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
