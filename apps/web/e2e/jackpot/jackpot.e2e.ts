import { randomUUID } from 'node:crypto';
import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInDesk, signInToPlay } from '../support/site';

/**
 * The progressive jackpot as an operator and a member meet it (decisions 0115-0116): the operator sets it up in the
 * back office (a bad share is refused under its field), the member sees the pool on the in-house games and watches
 * it grow by the share of its own bet without reloading; once a bet wins it, the pool is back at its seed and the
 * win is on the member's list in the in-house lobby.
 */

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ticker = (page: Page) => page.getByTestId('jackpot-ticker');
const tickerShows = (page: Page, amount: string) =>
  ticker(page).locator('output').filter({ hasText: amount }).waitFor({ timeout: 15_000 });
const dice = (token: string) =>
  money.member(token, 'POST', '/wps/inhouse/bets', {
    game: 'dice',
    stake: '10',
    idempotencyKey: `jackpot-${randomUUID()}`,
    params: { target: 5000, direction: 'under' },
  });

describe('the progressive jackpot', () => {
  it('is set up in the back office, shown live to the member, grows with a bet and pays a win once', async () => {
    // The back office: a bad share is refused under its field, then the jackpot is saved.
    const desk = await signInDesk(browser, server);
    await desk.page.goto(`${server.url}/admin/merchants/demo/jackpot`);
    const form = desk.page.getByTestId('jackpot-settings');
    await form.waitFor();
    await desk.page.getByRole('switch', { name: 'Jackpot on' }).click();
    await desk.page.getByLabel('Seed (USD)').fill('500.00');
    await desk.page.getByLabel('Share of each stake (basis points)').fill('5000');
    await desk.page.getByLabel('Chance per bet (parts per billion)').fill('0');
    await desk.page.getByRole('checkbox', { name: 'Dice' }).check();
    await desk.page.getByRole('button', { name: 'Save' }).click();
    await desk.page.locator('#jackpot-shareBp[aria-invalid="true"]').waitFor();
    expect(await server.query('SELECT 1 FROM jackpot_pools')).toEqual([]);
    await desk.page.getByLabel('Share of each stake (basis points)').fill('1000');
    await desk.page.getByRole('button', { name: 'Save' }).click();
    await desk.page.getByTestId('jackpot-figures').filter({ hasText: '500.00 USD' }).waitFor();
    await desk.page.screenshot({ path: screenshotPath('jackpot-admin-desktop.png'), fullPage: true });

    // The member sees the pool above the game and watches it grow by 10 % of its 10.00 stake.
    const { token } = await api.registerByUsername('Jackpot01', 'Secret123', '81190001');
    await money.creditByBankTransfer(token, '100');
    const { context, page } = await openSite(browser, server);
    await signInToPlay(page, 'Jackpot01');
    await page.goto(`${server.url}/inHouse?game=dice`);
    await page.getByTestId('place-bet').waitFor();
    await tickerShows(page, '500.00');
    await page.getByLabel(/Stake/).fill('10.00');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('bet-result').waitFor();
    await tickerShows(page, '501.00');
    await page.screenshot({ path: screenshotPath('jackpot-dice-desktop.png'), fullPage: true });

    // Every bet wins from now on: the next one takes 501.00 + 1.00, and the pool starts again at its seed.
    await money.operator('PUT', '/api/admin/merchants/demo/jackpot', {
      enabled: true,
      seed: '500.00',
      shareBp: 1000,
      probabilityPpb: 1_000_000_000,
      eligibleGames: ['dice'],
    });
    await dice(token);
    await tickerShows(page, '500.00');
    const wins = await server.query<{ amount: string }>('SELECT amount::text FROM jackpot_wins');
    expect(wins).toEqual([{ amount: '50200' }]);
    // The member changes its seed pair: the winning bet's server seed is revealed, and the win can be verified.
    await money.member(token, 'POST', '/wps/inhouse/seeds/rotate', { clientSeed: 'jackpot-next-pair' });
    await context.close();

    // On a phone, the in-house lobby shows the pool and the member's own win.
    const phone = await openSite(browser, server, '/', 'phone');
    await signInToPlay(phone.page, 'Jackpot01');
    await phone.page.goto(`${server.url}/inHouse`);
    await tickerShows(phone.page, '500.00');
    await phone.page.getByTestId('jackpot-my-wins').filter({ hasText: '502.00' }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await phone.page.screenshot({ path: screenshotPath('jackpot-lobby-phone.png'), fullPage: true });

    // The win's proof opens the verifier prefilled: recomputed in the browser, the draw wins at the chance in force.
    const myWin = phone.page.getByTestId('jackpot-my-wins');
    await myWin.getByText('Proof').click();
    await myWin.getByRole('link', { name: 'Verify' }).click();
    const result = phone.page.getByTestId('verify-result');
    await result.getByText('Wins the jackpot').waitFor();
    const [proof] = await server.query<{ server_seed_hash: string; draw: string }>(
      'SELECT server_seed_hash, draw FROM jackpot_wins',
    );
    expect(await result.textContent()).toContain(proof?.server_seed_hash);
    expect(await result.textContent()).toContain(proof?.draw);
    expect(await result.textContent()).toContain('✓');
    await phone.page.screenshot({ path: screenshotPath('jackpot-verify-phone.png'), fullPage: true });
    // A chance no one could have had is refused in words, and a chance of 0 never wins.
    await phone.page.getByTestId('verify-probability').fill('1000000001');
    await phone.page.getByText('The chance is a whole number from 0 to 1000000000.').waitFor();
    await phone.page.getByTestId('verify-probability').fill('0');
    await result.getByText('✗').waitFor();
    await phone.page.goto(`${server.url}/inHouse?game=dice`);
    await phone.page.getByTestId('place-bet').waitFor();
    await tickerShows(phone.page, '500.00');
    await phone.page.screenshot({ path: screenshotPath('jackpot-dice-phone.png') });
    await phone.page.goto(`${server.url}/`);
    await tickerShows(phone.page, '500.00');
    await phone.page.screenshot({ path: screenshotPath('jackpot-home-phone.png') });
    await phone.context.close();

    await desk.page.goto(`${server.url}/admin/merchants/demo/jackpot`);
    await desk.page.getByText('jackpot01').waitFor();
    await desk.page.screenshot({ path: screenshotPath('jackpot-admin-wins-desktop.png'), fullPage: true });
    await desk.context.close();

    const reconciled = reconcileLedger(server);
    expect(reconciled.status, reconciled.output).toBe(0);
  });
});
