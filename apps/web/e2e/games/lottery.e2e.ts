import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGame, searchCard } from '../support/games';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The lottery runs at the reference provider, wired to this server both ways.
  server = await startTestServer({ referenceProvider: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const wire = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;

/** What a ticket of `pick` pays against `draw`, per the provider's paytable (×400, ×30, ×3). */
const multipleOf = (pick: string, draw: string) =>
  pick === draw ? 400n : pick.slice(1) === draw.slice(1) ? 30n : pick[2] === draw[2] ? 3n : 0n;

/** Buys one ticket of 1-2-3 at 10.00 in the provider's betting view; returns the draw the page showed. */
const buyTicket = async (lottery: FrameLocator): Promise<string> => {
  const picks = lottery.locator('[data-pick]');
  await picks.nth(0).selectOption('1');
  await picks.nth(1).selectOption('2');
  await picks.nth(2).selectOption('3');
  await lottery.locator('[data-stake]').selectOption('10.00');
  await lottery.getByRole('button', { name: 'Buy ticket', exact: true }).click();
  const message = lottery.locator('[data-message]').filter({ hasText: /^Drawn: \d{3}/ });
  await message.waitFor();
  const text = (await message.textContent()) ?? '';
  expect(text).toMatch(/^Drawn: \d{3} · (You win \d+\.00 USD|No win this time)$/);
  return text.slice('Drawn: '.length, 'Drawn: '.length + 3);
};

const frameOf = (page: Page) => page.locator('iframe[data-game-frame]');

describe('the lottery pages', () => {
  it("a member opens a lottery from its card, buys a ticket in the provider's lottery; balance and record follow", {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Lotto0001', 'Secret123', '81190001');
    await moneyApi(server).adjust(member.id, '100.00');
    const game = await demoGame(server, "g.vendor_code = 'LOTT' AND v.launch_kind = 'lottery'");

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Lotto0001');
    await waitForHeaderBalance(page, '100.00');
    const card = await searchCard(page, server.url, game);
    await card.getByRole('button', { name: 'PLAY NOW' }).click();
    await page.waitForURL((url) => url.pathname === '/lottery' && url.searchParams.get('gameCode') === game.game_code);

    // No side menu; the provider's lottery in the frame, opened in the betting view with the launch fields.
    await frameOf(page).waitFor();
    expect(await page.locator('[data-shell="side-menu"]').count()).toBe(0);
    const src = new URL((await frameOf(page).getAttribute('src')) ?? '');
    expect(src.origin).toBe(server.referenceProvider?.url);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      engine: 'lottery',
      game: game.game_code,
      view: 'betting',
      prizeMode: 'LOTT',
      area: 'VN',
      device: 'WEB',
    });
    const back = src.searchParams.get('back') ?? '';
    expect(new URL(back).origin).toBe(server.url);
    await page.locator('[data-lottery="/lottery"] h1').getByText(game.name).waitFor();

    const lottery = page.frameLocator('iframe[data-game-frame]');
    await lottery.getByText('100.00 USD').waitFor();
    await expect.poll(() => lottery.locator('body').getAttribute('data-view')).toBe('betting');
    expect(await lottery.locator('[data-back]').getAttribute('href')).toBe(back);
    await page.screenshot({ path: screenshotPath('lottery-betting-1440.png') });

    const draw = await buyTicket(lottery);
    const win = 1000n * multipleOf('123', draw);
    const expected = wire(10_000n - 1000n + win);

    // The platform took the stake and paid the win through the seamless wallet, in one round of the record.
    const rows = await server.query<{ round_ref: string; bet_amount: string; payout: string; status: string }>(
      `SELECT round_ref, bet_amount::text, payout::text, status FROM bet_rounds
        WHERE member_id = $1 AND source = 'seamless' AND provider = 'DEMO' AND game_id = $2`,
      [member.id, game.id],
    );
    expect(rows).toEqual([
      { round_ref: expect.any(String), bet_amount: '1000', payout: String(win), status: 'settled' },
    ]);
    await lottery.locator('[data-balance]').getByText(`${expected} USD`).waitFor();
    await page.locator('[data-seamless-balance]').getByText(`$${expected}`).waitFor();
    await waitForHeaderBalance(page, expected);
    await page.screenshot({ path: screenshotPath('lottery-ticket-1440.png') });

    // /lottery without a game is the platform's own lottery lobby (decision 0086), not a provider's: no frame.
    await page.goto(`${server.url}/lottery`);
    await page.locator('[data-lottery-lobby]').waitFor();
    expect(await frameOf(page).count()).toBe(0);

    // A provider's game code still launches that provider's lottery in the frame.
    await page.goto(`${server.url}/lottery?gameCode=${game.game_code}`);
    await frameOf(page).waitFor();

    // The bar's back control leaves the lottery.
    await page.locator('[data-game-back]').click();
    await page.waitForURL((url) => url.pathname === '/');

    // The betting record lists the ticket's round.
    await page.goto(`${server.url}/member?page=personalHistoryCopy`);
    const record = page.locator('[data-page="betting-record"]');
    const row = record.locator(`[data-bet="${rows[0]?.round_ref}"]`);
    await row.waitFor();
    await row.getByText(game.name).waitFor();
    await context.close();

    // The same lottery on a phone.
    const phone = await openSite(browser, server, '/', 'phone');
    await signInMember(phone.page, 'Lotto0001');
    await phone.page.goto(`${server.url}/lottery?gameCode=${game.game_code}`);
    await frameOf(phone.page).waitFor();
    const phoneSrc = new URL((await frameOf(phone.page).getAttribute('src')) ?? '');
    expect(phoneSrc.searchParams.get('device')).toBe('MOBILE');
    await phone.page.frameLocator('iframe[data-game-frame]').getByText(`${expected} USD`).waitFor();
    await phone.page.screenshot({ path: screenshotPath('lottery-betting-390.png') });
    await phone.context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });

  it('a member opens the South-East Asian and the Vietnamese lottery from their cards and buys a ticket in each', {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Lotto0003', 'Secret123', '81190003');
    await moneyApi(server).adjust(member.id, '100.00');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Lotto0003');
    await waitForHeaderBalance(page, '100.00');
    let balance = 10_000n;

    const journeys = [
      { vendor: 'TCG_SEA', path: '/seaLottery', area: 'SEA', prizeMode: 'SEA', shot: 'sea' },
      { vendor: 'TCG_LOTTO_VN', path: '/vnLottery', area: 'VN', prizeMode: 'ELOTT', shot: 'vn' },
    ] as const;
    for (const journey of journeys) {
      const game = await demoGame(server, `g.vendor_code = '${journey.vendor}'`);
      expect(game.game_type).toBe('ELOTT');
      const card = await searchCard(page, server.url, game);
      await card.getByRole('button', { name: 'PLAY NOW' }).click();
      await page.waitForURL(
        (url) => url.pathname === journey.path && url.searchParams.get('gameCode') === game.game_code,
      );
      await frameOf(page).waitFor();
      const src = new URL((await frameOf(page).getAttribute('src')) ?? '');
      expect(Object.fromEntries(src.searchParams)).toMatchObject({
        engine: 'lottery',
        game: game.game_code,
        view: 'betting',
        prizeMode: journey.prizeMode,
        area: journey.area,
      });
      await page.locator(`[data-lottery="${journey.path}"] h1`).getByText(game.name).waitFor();
      const lottery = page.frameLocator('iframe[data-game-frame]');
      await expect.poll(() => lottery.locator('body').getAttribute('data-view')).toBe('betting');
      await lottery
        .locator('[data-balance]')
        .getByText(`${wire(balance)} USD`)
        .waitFor();

      const draw = await buyTicket(lottery);
      balance += -1000n + 1000n * multipleOf('123', draw);
      const rows = await server.query<{ bet_amount: string; status: string }>(
        `SELECT bet_amount::text, status FROM bet_rounds WHERE member_id = $1 AND game_id = $2`,
        [member.id, game.id],
      );
      expect(rows).toEqual([{ bet_amount: '1000', status: 'settled' }]);
      await lottery
        .locator('[data-balance]')
        .getByText(`${wire(balance)} USD`)
        .waitFor();
      await waitForHeaderBalance(page, wire(balance));
      await page.screenshot({ path: screenshotPath(`lottery-${journey.shot}-1440.png`) });

      if (journey.vendor === 'TCG_SEA') {
        // The SEA page without a game is the platform's own 4D lobby (decision 0108), not a provider's frame.
        await page.goto(`${server.url}/seaLottery`);
        await page.locator('[data-lottery-card="SEA4D"]').waitFor();
        expect(await frameOf(page).count()).toBe(0);
        await page.screenshot({ path: screenshotPath('lottery-sea-lobby-1440.png') });
      }
    }
    await context.close();
    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });

  it('shows an unknown game code with its message, in the frame page', async () => {
    await memberApi(server).registerByUsername('Lotto0002', 'Secret123', '81190002');
    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Lotto0002');
    await page.goto(`${server.url}/vnLottery?gameCode=VN-404`);
    await page
      .locator('[data-alert="launch-error"]')
      .getByText('This lottery game was not found.', { exact: false })
      .waitFor();
    expect(await frameOf(page).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('lottery-unknown-1440.png') });
    await context.close();
  });

  it("the side menu's e-lottery entry opens the first e-lottery game, and the login popup for a visitor", async () => {
    await memberApi(server).registerByUsername('Lotto0004', 'Secret123', '81190004');
    const first = await demoGame(server, "g.game_type = 'ELOTT'");
    const { context, page } = await openSite(browser, server, '/');
    const entry = page.locator('[data-shell="side-menu"] a[data-launch-first="ELOTT"]');
    await entry.click();
    await dialog(page, 'login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await dialog(page, 'login').waitFor({ state: 'detached' });

    await signInMember(page, 'Lotto0004');
    await entry.click();
    await page.waitForURL((url) => url.pathname === '/lottery' && url.searchParams.get('gameCode') === first.game_code);
    await frameOf(page).waitFor();
    const src = new URL((await frameOf(page).getAttribute('src')) ?? '');
    expect(['game', 'view', 'prizeMode'].map((name) => src.searchParams.get(name))).toEqual([
      first.game_code,
      'betting',
      'ELOTT',
    ]);
    await page.locator('[data-lottery="/lottery"] h1').getByText(first.name).waitFor();
    await context.close();
  });

  it('sends a visitor to log in', async () => {
    const { context, page } = await openSite(browser, server, '/lottery?gameCode=LOTT-001');
    await dialog(page, 'login').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/lottery');
    expect(await frameOf(page).count()).toBe(0);
    await context.close();
  });
});
