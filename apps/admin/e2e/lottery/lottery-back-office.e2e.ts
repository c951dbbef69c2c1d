import { type LotteryDraw, type LotteryGame, lotteryEndpoints, walletEndpoints } from '@tessera/contracts';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
let site: ReturnType<typeof memberSite>;
let memberToken: string;
/** The draw the member bought tickets on in set-up: not yet drawn, taking bets for a while yet. */
let draw: LotteryDraw;
let straight5Odds: string;

const MEMBER = {
  username: 'Lotto0001',
  password: 'Secret123',
  email: 'lotto@example.com',
  mobileNum: '81260001',
  countryDialingCode: '65',
};
const SUPPORT = {
  username: 'lotto.support',
  password: 'Lotto-Support-1',
  role: 'support',
  displayName: 'Sup',
} as const;
const CONTENT = {
  username: 'lotto.content',
  password: 'Lotto-Content-1',
  role: 'content',
  displayName: 'Cnt',
} as const;
const SHOTS = '/tmp/tessera-screenshots/lottery-admin';

const memberGames = async () => (await site.call(lotteryEndpoints.games, memberToken)).value as LotteryGame[];
const mainWallet = async () => {
  const value = (await site.call(walletEndpoints.balance, memberToken)).value as {
    balance: { wallet: string; availBalance: string; heldBalance: string }[];
  };
  const main = value.balance.find((row) => row.wallet === 'main');
  return { available: main?.availBalance, held: main?.heldBalance };
};
/** Follows the navigation entry; a platform operator picks the demo merchant on the way. */
const openLottery = async (on: Page) => {
  await on.getByRole('link', { name: 'Lottery' }).click();
  await on.waitForURL(/\/admin\/(lottery|merchants\/demo\/lottery)$/);
  if (!on.url().includes('/merchants/demo/lottery')) await on.locator('[data-pick-merchant="demo"]').click();
  await on.locator('form[data-lottery-game="FAST1"]').waitFor();
};
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const audits = (action: string) =>
  server.query<{ operator_username: string; target: string }>(
    'SELECT operator_username, target FROM audit_log WHERE action = $1',
    [action],
  );
/** Multiplies a money text ("97500.00") by a whole number of cents' units, exactly. */
const times = (amount: string, factor: bigint) => {
  const cents = BigInt(amount.replace('.', '')) * factor;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

/**
 * The draw timer runs on the real clock (nothing shortened or faked): waits until FAST3 or FAST5 has a draw taking
 * bets for at least 100 s more, time enough to buy on it and cancel it before it is drawn.
 */
const roomyDraw = async (): Promise<{ game: LotteryGame; draw: LotteryDraw }> => {
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    const games = await memberGames();
    const roomy = games
      .filter((game) => game.code === 'FAST3' || game.code === 'FAST5')
      .map((game) => ({
        game,
        left: game.current ? Date.parse(game.current.closesAt) - Date.parse(game.serverTime) : 0,
        opened: game.current ? Date.parse(game.current.opensAt) <= Date.parse(game.serverTime) : false,
      }))
      .filter((row) => row.opened && row.left >= 100_000)
      .sort((a, b) => b.left - a.left)[0];
    if (roomy?.game.current) return { game: roomy.game, draw: roomy.game.current };
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error('no draw taking bets for long enough');
};

beforeAll(async () => {
  server = await startTestServer();
  site = memberSite(server);
  await site.register(MEMBER);
  memberToken = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const owner = await signInAdminApi(server.url);
  await owner.createOperator(SUPPORT);
  await owner.createOperator(CONTENT);
  const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'lotto0001'");
  await owner.credit(member?.id ?? '', '500');

  // Tickets bought through the member API on a draw not yet drawn.
  const picked = await roomyDraw();
  draw = picked.draw;
  straight5Odds = picked.game.betTypes.find((b) => b.betType === 'straight5')?.odds[0] ?? '';
  const bought = await site.call(lotteryEndpoints.buy, memberToken, {
    requestId: crypto.randomUUID(),
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    lines: [
      { betType: 'straight5', numbers: [1, 2, 3, 4, 5], stake: '2.00' },
      { betType: 'position', position: 0, numbers: [7], stake: '3.00' },
    ],
  });
  if (!bought.success) throw new Error(`tickets refused: ${bought.errorCode}`);

  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signIn(page, server.url, DEMO_OPERATOR);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the lottery in the back office', () => {
  it('the owner changes a game’s limit: a refused field is shown under it, a good one is saved and offered to members', async () => {
    await openLottery(page);
    const form = page.locator('form[data-lottery-game="FAST1"]');
    await form.waitFor();
    // The three fast games, the 4D game (a multiplier per prize tier for Big and Small) and the three Vietnamese
    // regions (one multiplier per bet type, drawn once a day).
    expect(await page.locator('form[data-lottery-game]').count()).toBe(7);
    const north = page.locator('form[data-lottery-game="VNN"]');
    expect(await north.getByLabel('Multiplier of Lô (2 digits, per number)').inputValue()).toBe('3.61');
    expect(await north.getByLabel('Multiplier of 3 Càng (special prize, last 3)').inputValue()).toBe('975.00');
    expect(await north.getByLabel('Draw interval').locator('option').allTextContents()).toEqual([
      'Once a day at its draw time',
    ]);
    expect(await north.getByLabel(/^Draw time/).inputValue()).toBe('18:15');
    await north.getByText('97.4700%').waitFor();
    expect(await north.locator('details[data-bet-type="sum"]').count()).toBe(0);
    expect(await page.getByLabel('Minimum stake (USD)').first().inputValue()).toBe('1.00');
    const fourD = page.locator('form[data-lottery-game="SEA4D"]');
    expect(await fourD.getByLabel('Multiplier of 4D Big · 1st prize').inputValue()).toBe('2500.00');
    expect(await fourD.getByLabel('Multiplier of 4D Small · Starter (×10)').inputValue()).toBe('0.00');
    await fourD.getByText('64.0000%').waitFor();
    await page.screenshot({ path: `${SHOTS}-games-1440.png`, fullPage: true });

    // Above the maximum stake: refused by the server, under the field, nothing changed.
    await form.getByLabel('Minimum stake (USD)').fill('20000');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const error = page.locator('#lottery-FAST1-minStake-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Too large: at most 10000.00.');
    expect(await form.getByLabel('Minimum stake (USD)').getAttribute('aria-invalid')).toBe('true');
    await form.screenshot({ path: `${SHOTS}-refused-1440.png` });
    expect((await memberGames()).find((game) => game.code === 'FAST1')?.minStake).toBe('1.00');
    expect(await audits('lottery.game_update')).toEqual([]);

    await form.getByLabel('Minimum stake (USD)').fill('2');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'saved.' }).waitFor();
    await error.waitFor({ state: 'detached' });
    expect(await page.locator('form[data-lottery-game="FAST1"]').getByLabel('Minimum stake (USD)').inputValue()).toBe(
      '2.00',
    );
    expect((await memberGames()).find((game) => game.code === 'FAST1')?.minStake).toBe('2.00');
    expect(await audits('lottery.game_update')).toEqual([
      { operator_username: DEMO_OPERATOR.username, target: 'FAST1' },
    ]);
  });

  it('the owner sets a daily draw’s time and one prize mode’s odds; members get their own mode’s', async () => {
    // The draw time (decision 0159): blank is refused under its field, a time of day is saved and offered.
    const north = page.locator('form[data-lottery-game="VNN"]');
    await north.getByLabel(/^Draw time/).fill('');
    await north.getByRole('button', { name: 'Save', exact: true }).click();
    const timeError = page.locator('#lottery-VNN-drawTime-error');
    await timeError.waitFor();
    expect(await timeError.textContent()).toBe('Required.');
    await north.screenshot({ path: `${SHOTS}-draw-time-refused-1440.png` });
    expect((await memberGames()).find((game) => game.code === 'VNN')?.drawTime).toBe('18:15');
    await north.getByLabel(/^Draw time/).fill('19:30');
    await north.getByRole('button', { name: 'Save', exact: true }).click();
    await timeError.waitFor({ state: 'detached' });
    await expect.poll(async () => (await memberGames()).find((game) => game.code === 'VNN')?.drawTime).toBe('19:30');

    // Odds per prize mode: ZY's edited, the member's own mode's (and so what they are offered) untouched.
    const form = page.locator('form[data-lottery-game="FAST3"]');
    const position = () => form.getByLabel('Multiplier of Single digit');
    const before = await position().inputValue();
    await form.getByLabel('Prize mode').selectOption('ZY');
    await position().fill('11.00');
    await form.screenshot({ path: `${SHOTS}-prize-mode-1440.png` });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'saved.' }).last().waitFor();
    expect(await position().inputValue()).toBe('11.00');
    await form.getByLabel('Prize mode').selectOption('LOTT');
    expect(await position().inputValue()).toBe(before);
    const offered = (await memberGames()).find((game) => game.code === 'FAST3');
    expect(offered?.prizeMode).not.toBe('ZY');
    expect(offered?.betTypes.find((b) => b.betType === 'position')?.odds).toEqual([before]);
  });

  it('lists the draws with their commitments, and opens the member’s draw with its exposure', async () => {
    await page.getByRole('tab', { name: 'Draws' }).click();
    await page.getByTestId('lottery-draws-game').selectOption(draw.gameCode);
    // Only this game's draws once the filter applies (another game may draw at the same minute, same number).
    await expect
      .poll(() =>
        page.locator(`[data-testid="lottery-draws"] tbody tr:not([data-draw-game="${draw.gameCode}"])`).count(),
      )
      .toBe(0);
    const row = page.locator(
      `[data-testid="lottery-draws"] tr[data-draw="${draw.drawNo}"][data-draw-game="${draw.gameCode}"]`,
    );
    await row.waitFor();
    expect(await row.textContent()).toContain('Open');
    expect(await row.locator('td').nth(6).textContent()).toBe('2');
    expect(await row.locator('td').nth(7).textContent()).toBe('5.00');
    await page.screenshot({ path: `${SHOTS}-draws-1440.png`, fullPage: true });

    await row.getByRole('link', { name: draw.drawNo }).click();
    const detail = page.getByTestId('lottery-draw');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(draw.seedHash);
    expect(await detail.textContent()).toContain('Kept secret until the draw');
    // The worst result for the house is the straight five 1 2 3 4 5: 2.00 at its odds.
    expect(await page.getByTestId('lottery-worst-payout').textContent()).toBe(`${times(straight5Odds, 2n)} USD`);
    expect(await page.getByTestId('lottery-worst').locator('[data-numbers]').getAttribute('data-numbers')).toBe(
      '12345',
    );
    const selections = page.getByTestId('lottery-exposure').locator('tbody tr');
    expect(await selections.count()).toBe(2);
    expect(await selections.first().textContent()).toContain('All five in order · 1 2 3 4 5');
    await page.screenshot({ path: `${SHOTS}-draw-1440.png`, fullPage: true });
  });

  it('cancels the draw with a reason: every ticket refunded, the member’s balance whole again, audited', async () => {
    expect(await mainWallet()).toEqual({ available: '495.00', held: '5.00' });
    await page.getByRole('button', { name: 'Cancel draw' }).click();
    const dialog = page.getByTestId('cancel-draw-dialog');
    await dialog.waitFor();
    // The reason is required.
    await page.getByRole('button', { name: 'Cancel the draw and refund' }).click();
    await page.locator('#lottery-cancel-reason-error').filter({ hasText: 'Required.' }).waitFor();
    expect(await server.query("SELECT 1 FROM lottery_draws WHERE status = 'cancelled'")).toEqual([]);
    await page.getByLabel('Reason').fill('Results feed outage');
    await page.screenshot({ path: `${SHOTS}-cancel-1440.png` });
    await page.getByRole('button', { name: 'Cancel the draw and refund' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Draw ${draw.drawNo} cancelled` })
      .waitFor();
    await page.locator('[data-testid="lottery-draw"][data-status="cancelled"]').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel draw' }).count()).toBe(0);
    expect(await page.getByTestId('lottery-draw').textContent()).toContain('Results feed outage');
    // The refunded tickets are still counted on the cancelled draw; none waits for it any more.
    expect(await page.getByTestId('lottery-exposure').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}-cancelled-1440.png`, fullPage: true });

    await expect.poll(mainWallet).toEqual({ available: '500.00', held: '0.00' });
    expect(
      await server.query<{ status: string }>('SELECT DISTINCT status FROM lottery_tickets WHERE draw_id = $1', [
        draw.id,
      ]),
    ).toEqual([{ status: 'refunded' }]);
    expect(await audits('lottery.draw_cancel')).toEqual([
      { operator_username: DEMO_OPERATOR.username, target: `${draw.gameCode}:${draw.drawNo}` },
    ]);
  });

  it('fits a phone: the games and the draw', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('lottery-draw').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-draw-390.png`, fullPage: true });
    await page.goto(`${server.url}/admin/merchants/demo/lottery`);
    await page.locator('form[data-lottery-game="FAST1"]').waitFor();
    await page.locator('form[data-lottery-game="FAST1"] details summary').click();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-games-390.png`, fullPage: true });
    await page.goto(`${server.url}/admin/merchants/demo/lottery?tab=draws`);
    await page.getByTestId('lottery-draws').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-draws-390.png`, fullPage: true });
  });

  it('shows support the settings read-only, and hides the entry from a role without lottery access', async () => {
    const support = await newPage(browser, { viewport: 'desktop' });
    await signIn(support.page, server.url, SUPPORT);
    await openLottery(support.page);
    const form = support.page.locator('form[data-lottery-game="FAST1"]');
    await form.waitFor();
    expect(await form.getByLabel('Minimum stake (USD)').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await form.textContent()).toContain('Your role may read these settings');
    await support.page.goto(`${server.url}/admin/merchants/demo/lottery/draws/${draw.id}`);
    await support.page.getByTestId('lottery-draw').waitFor();
    expect(await support.page.getByRole('button', { name: 'Cancel draw' }).count()).toBe(0);
    await support.context.close();

    const content = await newPage(browser, { viewport: 'desktop' });
    await signIn(content.page, server.url, CONTENT);
    await content.page.getByRole('navigation').waitFor();
    expect(await content.page.getByRole('link', { name: 'Lottery' }).count()).toBe(0);
    await content.context.close();
  });
});
