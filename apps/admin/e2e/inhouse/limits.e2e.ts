import { inhouseEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
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

const MEMBER = {
  username: 'Limits0001',
  password: 'Secret123',
  email: 'limits@example.com',
  mobileNum: '81250001',
  countryDialingCode: '65',
};
const RISK = { username: 'limits.risk', password: 'Limits-Risk-1', role: 'risk', displayName: 'Risk' } as const;
const SHOTS = '/tmp/tessera-screenshots/inhouse-limits';

const diceBet = (stake: string) =>
  site.call(inhouseEndpoints.placeBet, memberToken, {
    game: 'dice',
    stake,
    idempotencyKey: `limits-${crypto.randomUUID()}`,
    params: { target: 5000, direction: 'under' },
  });
const diceLimits = async () =>
  (
    await server.query<{ min_stake: string; max_stake: string; max_payout: string }>(
      "SELECT min_stake::text, max_stake::text, max_payout::text FROM inhouse_limits WHERE merchant_code = 'demo' AND game = 'dice'",
    )
  )[0] ?? null;
const audits = () =>
  server.query<{ operator_username: string; target: string }>(
    "SELECT operator_username, target FROM audit_log WHERE action = 'inhouse.limits_update'",
  );
const diceRow = () => page.locator('tr[data-game="dice"]');
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  site = memberSite(server);
  await site.register(MEMBER);
  memberToken = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const owner = await signInAdminApi(server.url);
  await owner.createOperator(RISK);
  const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'limits0001'");
  await owner.credit(member?.id ?? '', '500');
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signIn(page, server.url, RISK);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('in-house game limits per merchant', () => {
  it('a risk operator lowers the dice maximum stake, and the member’s bet above it is refused', async () => {
    // Under the default limits the member may stake 20.
    expect((await diceBet('20')).success).toBe(true);

    await page.goto(`${server.url}/admin/merchants/demo/games`);
    await page.getByRole('tab', { name: 'In-house games' }).click();
    await diceRow().waitFor();
    expect(await page.locator('tr[data-game]').count()).toBe(7);
    expect(await page.getByLabel('Dice: maximum stake (USD)').inputValue()).toBe('1000.00');
    await page.screenshot({ path: `${SHOTS}-table-1440.png`, fullPage: true });

    // Checked field by field before anything is sent: nothing changes.
    await page.getByLabel('Dice: maximum stake (USD)').fill('0.05');
    await page.getByLabel('Dice: maximum payout per bet (USD)').fill('100.005');
    await page.getByRole('button', { name: 'Save Dice' }).click();
    await page.locator('#limit-dice-maxStake-error').waitFor();
    expect(await page.locator('#limit-dice-maxStake-error').textContent()).toBe(
      'Must be at least the minimum stake (0.10).',
    );
    expect(await page.locator('#limit-dice-maxPayout-error').textContent()).toBe(
      'Too many decimal places for the currency.',
    );
    expect(await page.getByLabel('Dice: maximum stake (USD)').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}-refused-1440.png`, fullPage: true });
    expect(await diceLimits()).toBeNull();
    expect(await audits()).toEqual([]);

    await page.getByLabel('Dice: maximum stake (USD)').fill('10');
    await page.getByLabel('Dice: maximum payout per bet (USD)').fill('5000');
    await page.getByRole('button', { name: 'Save Dice' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Limits of Dice saved.' }).waitFor();
    await page.locator('#limit-dice-maxStake-error').waitFor({ state: 'detached' });
    expect(await diceRow().textContent()).toContain('Set for this merchant');
    expect(await page.getByLabel('Dice: maximum stake (USD)').inputValue()).toBe('10.00');
    expect(await diceLimits()).toEqual({ min_stake: '10', max_stake: '1000', max_payout: '500000' });
    expect(await audits()).toEqual([{ operator_username: RISK.username, target: 'dice' }]);
    await page.screenshot({ path: `${SHOTS}-saved-1440.png`, fullPage: true });

    // The member-facing API holds the new maximum from the next bet.
    const refused = await diceBet('20');
    expect(refused.success).toBe(false);
    expect(refused.errorCode).toBe('validation_failed');
    expect((refused as unknown as { fieldErrors: { path: string; code: string }[] }).fieldErrors).toMatchObject([
      { path: 'stake', code: 'amount_above_maximum' },
    ]);
    expect((await diceBet('10')).success).toBe(true);
  });

  it('fits a phone: each game a card with its three fields', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('tab', { name: 'In-house games' }).click();
    await diceRow().waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.getByLabel('Limbo: maximum stake (USD)').fill('50');
    await page.getByLabel('Limbo: maximum payout per bet (USD)').fill('20');
    await page.getByRole('button', { name: 'Save all changes' }).click();
    await page
      .locator('#limit-limbo-maxPayout-error')
      .filter({ hasText: 'Must be at least the maximum stake (50.00).' })
      .waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-phone-390.png`, fullPage: true });
    await page.getByLabel('Limbo: maximum payout per bet (USD)').fill('25000');
    await page.getByRole('button', { name: 'Save all changes' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Limits of Limbo saved.' }).waitFor();
    await page.screenshot({ path: `${SHOTS}-phone-saved-390.png` });
    expect((await audits()).map((row) => row.target)).toEqual(['dice', 'limbo']);
  });

  it('shows each change in the audit log with the limits before and after', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/admin/audit`);
    const rows = page.getByTestId('audit-table').locator('tbody tr[data-action="inhouse.limits_update"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const dice = rows.filter({ hasText: 'dice' });
    expect(await dice.textContent()).toContain('Change in-house game limits');
    await dice.getByRole('button', { name: 'Details' }).click();
    const details = page.locator('pre').filter({ hasText: '"maxStake": "1000.00"' });
    await details.waitFor();
    expect(await page.locator('pre').filter({ hasText: '"maxStake": "10.00"' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}-audit-1440.png`, fullPage: true });
  });
});
