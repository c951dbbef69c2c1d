import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInToPlay } from '../support/site';

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

describe('in-house dice and the public verifier', () => {
  it('plays a dice bet, reveals the seed by rotation and the verifier reproduces the roll', async () => {
    const { token } = await api.registerByUsername('Dice0001', 'Secret123', '81170001');
    await money.creditByBankTransfer(token, '50');
    const { context, page } = await openSite(browser, server);
    await signInToPlay(page, 'Dice0001');
    await page.goto(`${server.url}/inHouse?game=dice`);
    await page.getByTestId('place-bet').waitFor();
    await waitForHeaderBalance(page, '50.00');

    await page.getByRole('tab', { name: 'Fairness' }).click();
    // The panel shows a placeholder until the seed pair has loaded.
    const seedHash = page.getByTestId('server-seed-hash').filter({ hasText: /^\s*[0-9a-f]{64}\s*$/ });
    await seedHash.waitFor();
    const hashBefore = (await seedHash.textContent())?.trim();
    expect(hashBefore).toMatch(/^[0-9a-f]{64}$/);
    await page
      .getByTestId('next-nonce')
      .filter({ hasText: /^\s*0\s*$/ })
      .waitFor();

    await page.getByLabel(/Stake/).fill('2.00');
    await page.getByTestId('place-bet').click();
    const result = page.getByTestId('bet-result');
    await result.waitFor();
    const roll = (await page.getByTestId('dice-roll').textContent())?.trim() ?? '';
    expect(roll).toMatch(/^\d{1,2}\.\d{2}$/);
    await page.getByTestId('next-nonce').filter({ hasText: '1' }).waitFor();

    const [stored] = await server.query<{ payout: string; stake: string; outcome: { roll: number }; nonce: string }>(
      `SELECT r.payout::text, r.stake::text, r.outcome, r.nonce::text FROM inhouse_rounds r
       JOIN members m ON m.id = r.member_id WHERE m.username = 'dice0001'`,
    );
    expect(stored).toMatchObject({ stake: '200', nonce: '0' });
    expect((Number(stored?.outcome.roll) / 100).toFixed(2)).toBe(roll);
    const expectedBalance = ((5000 - 200 + Number(stored?.payout)) / 100).toFixed(2);
    await waitForHeaderBalance(page, expectedBalance);
    await page.screenshot({ path: screenshotPath('inhouse-dice-desktop.png'), fullPage: true });

    // Rotation reveals the server seed whose hash was shown before the bet.
    await page.getByLabel('New client seed').fill('my-own-seed');
    await page.getByRole('button', { name: 'Rotate' }).click();
    const revealed = page.getByTestId('revealed-seed').first();
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent())?.trim() ?? '';
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('client-seed').filter({ hasText: 'my-own-seed' }).waitFor();

    // The round's verify link opens the public verifier, which recomputes the same roll in the browser.
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByTestId('verify-round').first().click();
    const verdict = page.getByTestId('verify-result');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain(hashBefore);
    expect(await verdict.textContent()).toContain(roll);
    await page.screenshot({ path: screenshotPath('inhouse-verify-desktop.png'), fullPage: true });
    await context.close();

    // Anyone, signed out, can paste the same values.
    const visitor = await openSite(browser, server, '/inHouse/verify', 'phone');
    await visitor.page.getByTestId('verify-server-seed').fill(serverSeed);
    const clientSeed = (
      await server.query<{ client_seed: string }>(
        `SELECT r.client_seed FROM inhouse_rounds r JOIN members m ON m.id = r.member_id WHERE m.username = 'dice0001'`,
      )
    )[0]?.client_seed;
    await visitor.page.getByTestId('verify-client-seed').fill(clientSeed ?? '');
    await visitor.page.getByTestId('verify-nonce').fill('0');
    await visitor.page.getByTestId('verify-params').fill('{"target":5000,"direction":"under"}');
    await visitor.page.getByTestId('verify-result').filter({ hasText: roll }).waitFor();
    await visitor.page.screenshot({ path: screenshotPath('inhouse-verify-phone.png'), fullPage: true });
    await visitor.context.close();
  });

  it('plays every other seeded game once on a phone, mines through reveal and cash-out', async () => {
    const { token } = await api.registerByUsername('Play0001', 'Secret123', '81170002');
    await money.creditByBankTransfer(token, '100');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInToPlay(page, 'Play0001');
    for (const game of ['limbo', 'plinko', 'keno', 'slot']) {
      await page.goto(`${server.url}/inHouse?game=${game}`);
      await page.getByTestId('place-bet').click();
      await page.getByTestId('bet-result').waitFor();
      await page.waitForTimeout(2000);
      await page.screenshot({ path: screenshotPath(`inhouse-${game}-phone.png`), fullPage: true });
    }
    await page.goto(`${server.url}/inHouse?game=mines`);
    await page.getByTestId('place-bet').click();
    await page.getByTestId('mines-cashout').waitFor();
    // A reload keeps the open round: it lives on the server.
    await page.reload();
    await page.getByTestId('mines-cashout').waitFor();
    await page.locator('[data-testid="mines-grid"] button[data-state="hidden"]').first().click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="mines-grid"] [data-state="gem"]') !== null ||
        document.querySelector('[data-testid="mines-grid"] [data-state="boom"]') !== null,
    );
    if (await page.locator('[data-testid="mines-grid"] [data-state="gem"]').count()) {
      await page.getByTestId('mines-cashout').click();
    }
    await page.getByTestId('bet-result').waitFor();
    await page.screenshot({ path: screenshotPath('inhouse-mines-phone.png'), fullPage: true });
    const rounds = await server.query<{ game: string; status: string }>(
      `SELECT r.game, r.status FROM inhouse_rounds r JOIN members m ON m.id = r.member_id WHERE m.username = 'play0001'`,
    );
    expect(rounds.map((r) => r.game).sort()).toEqual(['keno', 'limbo', 'mines', 'plinko', 'slot']);
    expect(rounds.every((r) => r.status === 'settled')).toBe(true);
    const recorded = await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bet_rounds b JOIN members m ON m.id = b.member_id
       WHERE m.username = 'play0001' AND b.source = 'inhouse' AND b.status = 'settled'`,
    );
    expect(recorded[0]?.n).toBe(5);
    await context.close();
  });
});
