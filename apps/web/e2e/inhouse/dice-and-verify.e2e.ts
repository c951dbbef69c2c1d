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
    // The link fills the form in the game's own terms: a roll target and a direction, no JSON.
    expect(await page.getByTestId('verify-target').inputValue()).toBe('50.00');
    expect(await page.getByTestId('verify-direction-under').isChecked()).toBe(true);
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
    // A target the bet could not have had is a field error, and no outcome is shown.
    await visitor.page.getByTestId('verify-direction-over').check();
    await visitor.page.getByTestId('verify-target').fill('1.5');
    await visitor.page.getByTestId('verify-target-error').filter({ hasText: 'from 1.99 to 99.98' }).waitFor();
    expect(await visitor.page.getByTestId('verify-result').count()).toBe(0);
    expect(await visitor.page.getByTestId('verify-target').getAttribute('aria-invalid')).toBe('true');
    await visitor.page.getByTestId('verify-direction-under').check();
    await visitor.page.getByTestId('verify-target').fill('50');
    await visitor.page.getByTestId('verify-result').filter({ hasText: roll }).waitFor();
    expect(await visitor.page.getByTestId('verify-target-error').count()).toBe(0);
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

    // Rotating reveals the seed; anyone then verifies the keno and plinko bets by picking the choices in the form.
    await page.goto(`${server.url}/inHouse?game=keno`);
    await page.getByRole('tab', { name: 'Fairness' }).click();
    await page.getByLabel('New client seed').fill('after-play');
    await page.getByRole('button', { name: 'Rotate' }).click();
    await page.getByTestId('revealed-seed').first().waitFor();
    await context.close();
    const bets = await server.query<{
      game: string;
      server_seed: string;
      client_seed: string;
      nonce: string;
      params: { picks?: number[]; risk: string; rows?: number };
      outcome: { drawn?: number[]; slot?: number };
      numerator: string;
      denominator: string;
    }>(
      `SELECT r.game, p.server_seed, r.client_seed, r.nonce::text, r.params, r.outcome,
              r.multiplier_numerator::text AS numerator, r.multiplier_denominator::text AS denominator
       FROM inhouse_rounds r JOIN inhouse_seed_pairs p ON p.id = r.seed_pair_id JOIN members m ON m.id = r.member_id
       WHERE m.username = 'play0001' AND r.game IN ('keno', 'plinko') ORDER BY r.game`,
    );
    const keno = bets.find((b) => b.game === 'keno');
    const plinko = bets.find((b) => b.game === 'plinko');
    if (!keno?.outcome.drawn || !keno.params.picks || !plinko?.params.rows) throw new Error('rounds missing');
    // As the page shows a multiplier: whole hundredths, rounded down.
    const shown = (b: { numerator: string; denominator: string }) =>
      (Number((BigInt(b.numerator) * 100n) / BigInt(b.denominator)) / 100).toFixed(2);
    const visitor = await openSite(browser, server, '/inHouse/verify', 'phone');
    const v = visitor.page;
    await v.getByTestId('verify-game').selectOption('keno');
    await v.getByTestId('verify-server-seed').fill(keno.server_seed);
    await v.getByTestId('verify-client-seed').fill(keno.client_seed);
    await v.getByTestId('verify-nonce').fill(keno.nonce);
    // No numbers picked yet: the picks field says what it needs.
    await v.getByTestId('verify-picks-error').waitFor();
    for (const n of keno.params.picks) {
      await v
        .getByTestId('verify-keno-grid')
        .getByRole('button', { name: String(n), exact: true })
        .click();
    }
    await v.getByTestId('verify-risk').selectOption(keno.params.risk);
    const kenoVerdict = v.getByTestId('verify-result').filter({ hasText: keno.outcome.drawn.join(', ') });
    await kenoVerdict.waitFor();
    expect(await kenoVerdict.textContent()).toContain(`${shown(keno)}×`);
    expect(await v.getByTestId('verify-picks').inputValue()).toBe(keno.params.picks.join(', '));
    await v.screenshot({ path: screenshotPath('inhouse-verify-keno-phone.png'), fullPage: true });

    await v.getByTestId('verify-game').selectOption('plinko');
    await v.getByTestId('verify-nonce').fill(plinko.nonce);
    await v.getByTestId('verify-rows').selectOption(String(plinko.params.rows));
    await v.getByTestId('verify-risk').selectOption(plinko.params.risk);
    const plinkoVerdict = v.getByTestId('verify-result').filter({ hasText: `→ ${plinko.outcome.slot}` });
    await plinkoVerdict.waitFor();
    expect(await plinkoVerdict.textContent()).toContain(`${shown(plinko)}×`);
    await visitor.context.close();
  });
});
