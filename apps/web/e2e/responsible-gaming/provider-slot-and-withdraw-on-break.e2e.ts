import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGame, searchCard } from '../support/games';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
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

const rgPage = (page: Page) => page.locator('[data-page="responsible-gaming"]');

const countOf = async (sql: string, memberId: string) =>
  Number((await server.query<{ n: string }>(sql, [memberId]))[0]?.n);

/** Opens the demo provider's Big-or-Small game from the lobby, with a stake of 10.00 chosen in its page. */
const openProviderDice = async (page: Page) => {
  const game = await demoGame(
    server,
    "v.launch_kind = 'seamless' AND v.provider_code = 'DEMO' AND g.engine = 'dice' AND g.support_play = 1",
  );
  const card = await searchCard(page, server.url, game);
  await card.getByRole('button', { name: 'PLAY NOW' }).click();
  await page.waitForURL((url) => url.pathname === '/seamless');
  const provider = page.frameLocator('iframe[data-game-frame]');
  await provider.getByText('100.00 USD').waitFor();
  await provider.locator('[data-stake]').selectOption('10.00');
  return provider;
};

/**
 * Issue 31's journeys through the one enforcement point in the money movement: a loss limit stops a bet in an
 * outside provider's slot (the seamless wallet answers the protocol's refusal, and the provider's page says why),
 * and a member on a 24-hour break still withdraws.
 */
describe('responsible gaming in a provider game and on a break', () => {
  it('a loss limit stops a provider bet and says why; on a break the member is refused a bet but withdraws', {
    timeout: 300_000,
  }, async () => {
    const api = memberApi(server);
    const money = moneyApi(server);
    const { member, token } = await api.registerByUsername('RgSlot001', 'Secret123', '81330001');
    await money.adjust(member.id, '100.00');
    await money.setWithdrawPassword(token, 'Secret123', 'Draw2468');

    const { page } = await openSite(browser, server, '/');
    await signInMember(page, 'RgSlot001');
    await waitForHeaderBalance(page, '100.00');

    // A daily loss limit of 3.00, set on the responsible-gaming page.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const form = page.locator('[data-form="rg-limit"]');
    await form.getByLabel('Limit', { exact: true }).selectOption('loss');
    await form.getByLabel('Period').selectOption('day');
    await form.getByLabel('Amount').fill('3');
    await form.getByRole('button', { name: 'Save limit' }).click();
    await page.locator('[data-alert="rg-limit-saved"]').waitFor();

    // A 10.00 stake in the provider's game would take the member past it: the wallet refuses it, the page says why.
    let provider = await openProviderDice(page);
    await provider.locator('[data-action="big"]').click();
    await provider.getByText('A limit you set on the site stops this stake. Your balance is untouched.').waitFor();
    await page.screenshot({ path: screenshotPath('responsible-gaming-provider-refused.png') });
    const bets = 'SELECT count(*)::text AS n FROM seamless_transactions WHERE member_id = $1';
    const rounds = 'SELECT count(*)::text AS n FROM bet_rounds WHERE member_id = $1';
    expect(await countOf(bets, member.id)).toBe(0);
    expect(await countOf(rounds, member.id)).toBe(0);
    await provider.getByText('100.00 USD').waitFor();

    // A 24-hour break, with its explicit confirmation: the next provider bet is refused for that.
    await page.goto(`${server.url}/member?page=responsibleGaming`);
    await rgPage(page).waitFor();
    const breakForm = page.locator('[data-form="rg-break"]');
    await breakForm.getByLabel('I understand that the break starts now and cannot be ended early.').check();
    await breakForm.getByRole('button', { name: 'Start break' }).click();
    await page.locator('[data-alert="rg-blocked"]').waitFor();

    provider = await openProviderDice(page);
    await provider.locator('[data-action="big"]').click();
    await provider
      .getByText('You are on a break or self-excluded: bets are closed. Your balance is untouched.')
      .waitFor();
    expect(await countOf(bets, member.id)).toBe(0);

    // On the break the member still withdraws: a payout method, then a withdrawal of 60.00 (below the
    // minimum of 50.00 first: refused under its field, nothing held).
    await page.goto(`${server.url}/member?page=withdraw`);
    await page.locator('[data-page="withdraw"]').waitFor();
    const methods = page.locator('[data-card="payout-methods"]');
    await methods.getByRole('button', { name: 'Add a method' }).click();
    const methodForm = page.locator('form[data-form="payout-method"]');
    await methodForm.getByLabel('Bank', { exact: true }).fill('Tessera Bank');
    await methodForm.getByLabel('Account name').fill('Rg Slot');
    await methodForm.getByLabel('Account number').fill('2468 1357 90');
    await methodForm.getByLabel('Withdraw password').fill('Draw2468');
    await methodForm.getByRole('button', { name: 'Save method' }).click();
    await methods.locator('[data-method="bank_account"]').waitFor();
    const withdrawForm = page.locator('form[data-form="withdraw"]');
    await withdrawForm.getByLabel('Amount', { exact: true }).fill('40');
    await withdrawForm.getByLabel('Withdraw password').fill('Draw2468');
    await withdrawForm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await withdrawForm.getByText('The minimum is 50.00.').waitFor();
    expect(await server.query('SELECT id FROM withdrawal_orders WHERE member_id = $1', [member.id])).toEqual([]);
    await withdrawForm.getByLabel('Amount', { exact: true }).fill('60');
    await withdrawForm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Withdrawal requested').waitFor();
    await waitForHeaderBalance(page, '40.00');
    await page.locator('[data-card="withdraw-history"] [data-status="pending"]').waitFor();
    await page.screenshot({ path: screenshotPath('responsible-gaming-withdraw-on-break.png'), fullPage: true });
    const orders = await server.query<{ amount: string; status: string }>(
      'SELECT amount::text, status FROM withdrawal_orders WHERE member_id = $1',
      [member.id],
    );
    expect(orders).toEqual([{ amount: '6000', status: 'pending' }]);

    expect(reconcileLedger(server).status).toBe(0);
  });
});
