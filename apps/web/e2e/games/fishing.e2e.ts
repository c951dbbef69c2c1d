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
  server = await startTestServer({ referenceProvider: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("an outside provider's fishing game, end to end", () => {
  it("a member fires single shots and holds a fish for automatic fire; each shot is a round, the balance and records follow; the provider's tournament pays its prize through the wallet", {
    timeout: 240_000,
  }, async () => {
    const { member, game, context, page, src, frame } = await memberPlayingSeamlessGame(browser, server, {
      username: 'Fish0001',
      mobile: '81190001',
      where: "g.game_type = 'FISH' AND v.provider_code = 'DEMO' AND g.engine = 'fishing'",
    });
    expect(src.searchParams.get('engine')).toBe('fishing');
    await frame.getByText('100.00 USD').waitFor();
    const stat = (key: string) => frame.locator(`[data-stat="${key}"]`);

    // The provider's operator opens a tournament on this game on the provider's own page (decision 0167).
    const gameCode = src.searchParams.get('game') ?? '';
    const operator = await browser.newPage();
    await operator.goto(`${src.origin}/tournaments/admin`);
    await operator.locator('[data-key]').fill('reference-provider-operator-key');
    await operator.getByRole('button', { name: 'Open', exact: true }).click();
    await operator.locator('[data-create-form] input[name="game"]').fill(gameCode);
    await operator.locator('[data-create-form] input[name="prizes"]').fill('30.00, 20.00');
    await operator.getByRole('button', { name: 'Open tournament' }).click();
    const row = operator.locator('[data-tournament]').filter({ hasText: gameCode });
    await row.locator('[data-status="running"]').waitFor();

    // Single shots of 1.00 at the clownfish (×2), at least three and until one is caught.
    const clownfish = frame.locator('[data-fish="clownfish"]');
    let singles = 0;
    while (singles < 3 || (singles < 40 && (await stat('catches').textContent()) === '0')) {
      singles += 1;
      await clownfish.click();
      await stat('shots')
        .filter({ hasText: new RegExp(`^${singles}$`) })
        .waitFor();
    }
    expect(Number(await stat('catches').textContent())).toBeGreaterThan(0);
    // The cannon at 0.50, the turtle (×10) held down: shots keep firing until it is released.
    await frame.locator('[data-level="0.50"]').click();
    const turtle = frame.locator('[data-fish="turtle"]');
    const box = await turtle.boundingBox();
    if (!box) throw new Error('the turtle is not on the page');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect
      .poll(async () => Number(await stat('shots').textContent()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(singles + 6);
    await page.mouse.up();
    await page.screenshot({ path: screenshotPath('fishing-1440.png') });

    // Firing stops: the count settles.
    let shots = Number(await stat('shots').textContent());
    for (;;) {
      await page.waitForTimeout(700);
      const now = Number(await stat('shots').textContent());
      if (now === shots) break;
      shots = now;
    }
    expect(shots).toBeGreaterThanOrEqual(singles + 6);

    // The platform's record: one closed round a shot, 1.00 for the single shots, 0.50 for the turtle's.
    const rows = await server.query<{ round_ref: string; bet_amount: string; payout: string; status: string }>(
      `SELECT round_ref, bet_amount::text, payout::text, status FROM bet_rounds
        WHERE member_id = $1 AND source = 'seamless' AND provider = 'DEMO' ORDER BY id`,
      [member.id],
    );
    expect(rows).toHaveLength(shots);
    expect(rows.every((row) => row.status === 'settled')).toBe(true);
    expect(rows.map((row) => row.bet_amount)).toEqual([
      ...Array(singles).fill('100'),
      ...Array(shots - singles).fill('50'),
    ]);
    for (const [i, row] of rows.entries()) expect(['0', i < singles ? '200' : '500']).toContain(row.payout);
    const staked = rows.reduce((sum, row) => sum + BigInt(row.bet_amount), 0n);
    const won = rows.reduce((sum, row) => sum + BigInt(row.payout), 0n);
    const caught = rows.filter((row) => row.payout !== '0').length;
    const calls = await server.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM seamless_transactions
        WHERE member_id = $1 AND outcome = 'ok' GROUP BY kind ORDER BY kind`,
      [member.id],
    );
    expect(calls).toEqual([
      { kind: 'bet', n: shots },
      { kind: 'win', n: shots },
    ]);

    // The page's totals and balance agree with the platform.
    expect(await stat('staked').textContent()).toBe(wire(staked));
    expect(await stat('won').textContent()).toBe(wire(won));
    expect(await stat('catches').textContent()).toBe(String(caught));
    const expected = wire(10_000n - staked + won);
    await frame.locator('[data-balance]').getByText(`${expected} USD`).waitFor();
    await waitForHeaderBalance(page, expected);

    // The game's page shows the tournament with the member first (the only player); the operator closes it on the
    // provider's page, and the prize of 30.00 comes through the wallet's promotional payout.
    const panel = frame.locator('[data-tournaments] [data-tournament]');
    await panel.locator('[data-you]').filter({ hasText: 'Your place: 1' }).waitFor({ timeout: 20_000 });
    await operator.reload();
    await row.getByRole('button', { name: 'Close and pay' }).click();
    await row.locator('[data-status="closed"]').filter({ hasText: '30.00 paid' }).waitFor();
    await operator.screenshot({ path: screenshotPath('tournaments-operator-1440.png'), fullPage: true });
    await operator.close();
    const prized = wire(10_000n - staked + won + 3_000n);
    await waitForHeaderBalance(page, prized);
    await panel.locator('[data-prize]').filter({ hasText: '30.00 USD' }).waitFor({ timeout: 20_000 });
    // The game's page reads its balance again once the prize is paid.
    await frame.locator('[data-balance]').getByText(`${prized} USD`).waitFor();
    await panel.screenshot({ path: screenshotPath('fishing-tournament-1440.png') });

    // The betting record: the shots' rounds, each with its stake.
    await page.goto(`${server.url}/member?page=personalHistoryCopy`);
    const first = rows[0] as (typeof rows)[number];
    const last = rows.at(-1) as (typeof rows)[number];
    const record = (ref: string) => page.locator(`[data-page="betting-record"] [data-bet="${ref}"]`);
    await record(last.round_ref).waitFor();
    await record(last.round_ref).getByText(game.name).waitFor();
    await record(last.round_ref).getByText('$0.50').first().waitFor();
    await page.screenshot({ path: screenshotPath('fishing-record-1440.png'), fullPage: true });
    expect(first.round_ref).not.toBe(last.round_ref);

    // The account record: the shots' bets and a win of each kind caught.
    await page.goto(`${server.url}/member?page=transactionHistory`);
    const entry = (type: string, amount: string) =>
      page.locator(`[data-card="account-record"] tr[data-record="${type}"][data-amount="${amount}"]`);
    await entry('game_bet', '-1.00').first().waitFor();
    await entry('game_bet', '-0.50').first().waitFor();
    // The tournament's prize, with its reason.
    await entry('game_promo', '30.00')
      .getByText(/DEMO:tournament:tn-/)
      .waitFor();
    if (rows.slice(0, singles).some((row) => row.payout === '200')) await entry('game_win', '2.00').first().waitFor();
    if (rows.slice(singles).some((row) => row.payout === '500')) await entry('game_win', '5.00').first().waitFor();
    await page.screenshot({ path: screenshotPath('fishing-account-record-1440.png'), fullPage: true });
    await context.close();

    // The game's own page on a 360 px phone, in Arabic too.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const small = await phone.newPage();
    await small.goto(src.toString());
    await small.getByText(`${prized} USD`).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.screenshot({ path: screenshotPath('fishing-360.png'), fullPage: true });
    const arabic = new URL(src);
    arabic.searchParams.set('lang', 'AR');
    await small.goto(arabic.toString());
    await small.getByText(`${prized} USD`).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.screenshot({ path: screenshotPath('fishing-360-ar.png'), fullPage: true });
    await phone.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
