import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGame, playFromLobby, searchCard } from '../support/games';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance, wire } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The outside party: the reference provider, wired to this server both ways.
  server = await startTestServer({ referenceProvider: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Minor units of a wire amount ("12.50" → 1250n). */
const minor = (amount: string) => BigInt(amount.replace('.', ''));

interface RoundRow {
  round_ref: string;
  bet_amount: string;
  payout: string;
  status: string;
}

/**
 * Plays Big at a 10.00 stake (each round is a bet, then a win of 0 or 20.00, at the platform) until at least
 * three rounds were played and one of them won. Returns each round's outcome as the provider's page told it.
 */
const playRounds = async (game: FrameLocator): Promise<boolean[]> => {
  await game.locator('[data-balance]').filter({ hasText: /\d/ }).waitFor();
  await game.locator('[data-stake]').selectOption('10.00');
  const message = game.locator('[data-message]');
  const outcomes: boolean[] = [];
  while (outcomes.length < 3 || !outcomes.includes(true)) {
    if (outcomes.length >= 40) throw new Error('forty rounds of Big without a win');
    await game.locator('[data-action="big"]').click();
    // The buttons are disabled while the round is under way and enabled again once it has settled.
    await game.locator('[data-action="big"]:not([disabled])').waitFor();
    const text = (await message.textContent()) ?? '';
    expect(text).toMatch(/^(You win 20\.00 USD|No win this time)$/);
    outcomes.push(text.startsWith('You win'));
  }
  return outcomes;
};

describe("an outside provider's round, end to end", () => {
  it("a member plays the reference provider's game from the lobby; the wallet, records, P&L and winners board follow", {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Round0001', 'Secret123', '81180001');
    await moneyApi(server).adjust(member.id, '100.00');
    const game = await demoGame(
      server,
      "v.launch_kind = 'seamless' AND v.provider_code = 'DEMO' AND g.engine = 'dice' AND g.support_play = 1",
    );

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Round0001');
    await waitForHeaderBalance(page, '100.00');
    const { src, content: provider } = await playFromLobby(page, server.url, game);
    expect(src.origin).toBe(server.referenceProvider?.url);

    // The provider's page, served by the provider, asks the platform for the balance and plays rounds through it.
    await provider.getByText('100.00 USD').waitFor();
    const outcomes = await playRounds(provider);
    const rounds = outcomes.length;
    const wins = outcomes.filter(Boolean).length;

    // What the platform recorded: every round a bet and a win at the provider's transaction ids, through the ledger.
    const rows = await server.query<RoundRow>(
      `SELECT round_ref, bet_amount::text, payout::text, status FROM bet_rounds
        WHERE member_id = $1 AND source = 'seamless' AND provider = 'DEMO' ORDER BY id`,
      [member.id],
    );
    expect(rows).toHaveLength(rounds);
    expect(rows.every((row) => row.bet_amount === '1000' && row.status === 'settled')).toBe(true);
    expect(rows.map((row) => row.payout)).toEqual(outcomes.map((won) => (won ? '2000' : '0')));
    const calls = await server.query<{ kind: string; n: number; ledger: number }>(
      `SELECT kind, count(*)::int AS n, count(ledger_transaction_id)::int AS ledger FROM seamless_transactions
        WHERE member_id = $1 AND outcome = 'ok' GROUP BY kind ORDER BY kind`,
      [member.id],
    );
    // Wins of 0 (lost rounds) move no money: only the won rounds' wins have a ledger transaction.
    expect(calls).toEqual([
      { kind: 'bet', n: rounds, ledger: rounds },
      { kind: 'win', n: rounds, ledger: wins },
    ]);
    const ledger = await server.query<{ type: string; n: number; total: string }>(
      `SELECT t.type, count(*)::int AS n, sum(p.amount)::text AS total
         FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.owner_id = $1 AND t.idempotency_key LIKE 'seamless:DEMO:%' GROUP BY t.type ORDER BY t.type`,
      [member.id],
    );
    expect(ledger).toEqual([
      { type: 'game_bet', n: rounds, total: String(-1000 * rounds) },
      { type: 'game_win', n: wins, total: String(2000 * wins) },
    ]);
    const expected = wire(10_000n - 1000n * BigInt(rounds) + 2000n * BigInt(wins));
    const [account] = await server.query<{ available: string }>(
      `SELECT (balance - held)::text AS available FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'main' AND currency = 'USD'`,
      [member.id],
    );
    expect(account?.available).toBe(String(minor(expected)));

    // The frame and the site's header both show the balance after the rounds.
    await provider.getByText(`${expected} USD`).waitFor();
    await waitForHeaderBalance(page, expected);
    await page.locator('[data-seamless-balance]').getByText(`$${expected}`).waitFor();

    // The betting record lists every round; the won one with its payout.
    const won = rows.find((row) => row.payout === '2000') as RoundRow;
    await page.goto(`${server.url}/member?page=personalHistoryCopy`);
    const record = page.locator('[data-page="betting-record"]');
    await record.locator(`[data-bet="${won.round_ref}"]`).waitFor();
    expect(await record.locator('[data-record-list] [data-bet]').count()).toBe(rounds);
    const wonRow = record.locator(`[data-bet="${won.round_ref}"]`);
    await wonRow.getByText(game.name).waitFor();
    await wonRow.getByText('+$10.00').waitFor();
    const totals = record.locator('[data-record-totals]');
    await totals.getByText(String(rounds), { exact: true }).waitFor();
    await totals
      .getByText(`$${wire(1000n * BigInt(rounds))}`)
      .first()
      .waitFor();
    await page.screenshot({ path: screenshotPath('provider-round-record-1440.png'), fullPage: true });

    // The personal P&L counts the settled rounds: staked 10.00 each, paid 20.00 for each win.
    const winLoss = 2000n * BigInt(wins) - 1000n * BigInt(rounds);
    const signed = winLoss > 0n ? `+$${wire(winLoss)}` : winLoss < 0n ? `-$${wire(-winLoss)}` : '$0.00';
    await page.goto(`${server.url}/member?page=personalProfit`);
    const profit = page.locator('[data-page="personal-profit"]');
    const total = profit.locator('[data-profit-total]');
    await total
      .getByText(`$${wire(2000n * BigInt(wins))}`)
      .first()
      .waitFor();
    await total.getByText(signed).first().waitFor();
    await profit.locator('[data-profit-by-type]').getByText(signed).first().waitFor();
    await page.screenshot({ path: screenshotPath('provider-round-profit-1440.png'), fullPage: true });

    // The winners board at the foot of the home lobby shows the member's win, name masked (the server caches the
    // board for 15 s, so the page is opened again until the new win is on it).
    const entry = page
      .locator(`[data-winners-board] [data-winner="${game.id}"]`)
      .filter({ hasText: /Ro\*\*\*1/ })
      .first();
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/`);
          // The board is drawn when it nears the screen: the foot of the lobby.
          await page.locator('[data-home-section]').first().waitFor();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return entry.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          );
        },
        // The 15 s cache plus the page's own load, with room for CI's shared cores.
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    await entry.getByText('$20.00').waitFor();
    await entry.getByText(game.name).waitFor();
    await context.close();

    // The same pages on a phone.
    const phone = await newPage(browser, { viewport: 'phone' });
    await phone.page.goto(`${server.url}/`);
    await signInMember(phone.page, 'Round0001');
    await phone.page.goto(`${server.url}/member?page=personalHistoryCopy`);
    await phone.page.locator(`[data-bet="${won.round_ref}"]`).waitFor();
    await phone.page.screenshot({ path: screenshotPath('provider-round-record-390.png'), fullPage: true });
    await phone.page.goto(`${server.url}/member?page=personalProfit`);
    await phone.page.locator('[data-profit-by-type]').waitFor();
    await phone.page.screenshot({ path: screenshotPath('provider-round-profit-390.png'), fullPage: true });
    await phone.context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });

  it("a member chooses a PVP game's room; the provider's table opens with that room's stakes only", async () => {
    const { member } = await memberApi(server).registerByUsername('Room0001', 'Secret123', '81180002');
    await moneyApi(server).adjust(member.id, '100.00');
    const game = await demoGame(server, "g.game_type = 'PVP' AND v.provider_code = 'DEMO' AND g.engine = 'dice'");
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Room0001');
    const card = await searchCard(page, server.url, game);
    await card.getByRole('button', { name: 'PLAY NOW' }).click();
    const rooms = page.locator('dialog[data-dialog="pvp-rooms"]');
    await rooms.getByText('Choose a room').waitFor();
    expect(
      await rooms.locator('[data-room]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-room'))),
    ).toEqual(['beginner', 'intermediate', 'advanced', 'vip']);
    const intermediate = rooms.locator('[data-room="intermediate"]');
    // Each amount is isolated (U+2068 … U+2069) so a right-to-left sentence keeps it whole.
    await intermediate.getByText('Stakes \u2068$1.00\u2069 – \u2068$100.00\u2069').waitFor();
    await intermediate.getByText('Playing now: 0').waitFor();
    await page.screenshot({ path: screenshotPath('pvp-rooms-1440.png') });
    await intermediate.getByRole('button', { name: 'Enter' }).click();

    await page.waitForURL(
      (url) => url.pathname === '/seamless' && url.searchParams.get('roomId') === `${game.id}-intermediate`,
    );
    const frame = page.locator('iframe[data-game-frame]');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect([src.searchParams.get('room'), src.searchParams.get('minBet'), src.searchParams.get('maxBet')]).toEqual([
      'intermediate',
      '1.00',
      '100.00',
    ]);
    const table = page.frameLocator('iframe[data-game-frame]');
    await table.locator('[data-room="intermediate"]').waitFor();
    const stakes = await table.locator('[data-stake] option').evaluateAll((nodes) => nodes.map((n) => n.textContent));
    expect(stakes).toEqual(['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00']);

    // A round in the room: against an opponent's equal stake, a win is the pot less the provider's 5% rake.
    await table.locator('[data-room="intermediate"]').getByText(/Room/).waitFor();
    await table.getByText('the winner takes the pot less a 5% rake', { exact: false }).waitFor();
    await table.getByText('100.00 USD').waitFor();
    await table.locator('[data-stake]').selectOption('10.00');
    await table.locator('[data-action="big"]').click();
    const said = table.locator('[data-message]').filter({ hasText: /\S/ });
    await said.waitFor();
    const [round] = await server.query<{ bet_amount: string; payout: string }>(
      `SELECT bet_amount::text, payout::text FROM bet_rounds WHERE member_id = $1 AND source = 'seamless'`,
      [member.id],
    );
    expect(round?.bet_amount).toBe('1000');
    const payout = round?.payout ?? '';
    expect(['1900', '1000', '0']).toContain(payout);
    expect(await said.textContent()).toBe(
      payout === '1900'
        ? 'You win 19.00 USD (the pot of 20.00 less the 1.00 rake)'
        : payout === '1000'
          ? 'A triple: a push, your stake is returned'
          : 'No win this time',
    );
    await waitForHeaderBalance(page, wire(9_000n + BigInt(payout)));
    await page.screenshot({ path: screenshotPath('pvp-room-rake-1440.png') });

    // Back in the lobby, the rooms count this member as playing.
    await page.goBack();
    const again = await searchCard(page, server.url, game);
    await again.getByRole('button', { name: 'PLAY NOW' }).click();
    await rooms.locator('[data-room="beginner"]').getByText('Playing now: 1').waitFor();
    await context.close();
  });
});
