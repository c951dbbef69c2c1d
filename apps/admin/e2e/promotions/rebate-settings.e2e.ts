import { inhouseEndpoints, rebateEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;

const MEMBER = {
  username: 'Rebate0001',
  password: 'Secret123',
  email: 'rebate@example.com',
  mobileNum: '81260001',
  countryDialingCode: '65',
};
const FINANCE = {
  username: 'rebate.finance',
  password: 'Rebate-Fin-1',
  role: 'finance',
  displayName: 'Finance',
} as const;
const SHOTS = '/tmp/tessera-screenshots/rebate-settings';

const storedRates = () =>
  server.query<{ game_type: string; rate_ppm: number }>(
    "SELECT game_type, rate_ppm FROM rebate_rates WHERE merchant_code = 'demo' ORDER BY game_type",
  );
const audits = () =>
  server.query<{ operator_username: string }>(
    "SELECT operator_username FROM audit_log WHERE action = 'rebate.settings_update'",
  );
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  await site.register(MEMBER);
  const token = ((await site.login(MEMBER.username, MEMBER.password)).value as { token: string }).token;
  const owner = await signInAdminApi(server.url);
  await owner.createOperator(FINANCE);
  const [member] = await server.query<{ id: string }>("SELECT id FROM members WHERE username = 'rebate0001'");
  await owner.credit(member?.id ?? '', '500');
  // 300.00 of in-house turnover at the demo's 1 %: a collection of 3.00 for the collections tab.
  for (let bet = 0; bet < 3; bet += 1) {
    const placed = await site.call(inhouseEndpoints.placeBet, token, {
      game: 'dice',
      stake: '100',
      idempotencyKey: `rebate-${crypto.randomUUID()}`,
      params: { target: 5000, direction: 'under' },
    });
    expect(placed.success).toBe(true);
  }
  expect((await site.call(rebateEndpoints.collect, token, {})).value).toMatchObject({ amount: '3.00' });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signIn(page, server.url, FINANCE);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('manual rebate in the back office', () => {
  it('a finance operator changes the rates and limits, field by field, and the change is audited', async () => {
    await page.goto(`${server.url}/admin/rebate`);
    await page.locator('[data-pick-merchant="demo"]').click();
    await page.getByTestId('rebate-settings').waitFor();
    expect(await page.getByLabel('In-house games').inputValue()).toBe('1.00');
    expect(await page.getByLabel('Minimum per collection (USD)').inputValue()).toBe('0.50');
    await page.screenshot({ path: `${SHOTS}-1440.png`, fullPage: true });

    // Checked as the server checks it, before anything is sent: nothing changes.
    const before = await storedRates();
    await page.getByLabel('Slots').fill('12');
    await page.getByLabel('Live casino').fill('0.00001');
    await page.getByLabel('Maximum per collection (USD)').fill('0.20');
    await page.getByRole('button', { name: 'Save rebate settings' }).click();
    await page.locator('#rebate-rate-RNG-error').waitFor();
    expect(await page.locator('#rebate-rate-RNG-error').textContent()).toContain('10.00');
    expect(await page.locator('#rebate-rate-LIVE-error').textContent()).toBe('At most four decimals (0.0001 %).');
    expect(await page.locator('#rebate-maximum-error').textContent()).toBe('Must be at least the minimum (0.50).');
    expect(await page.getByLabel('Slots').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}-refused-1440.png`, fullPage: true });
    expect(await storedRates()).toEqual(before);
    expect(await audits()).toEqual([]);

    await page.getByLabel('Slots').fill('1.2');
    await page.getByLabel('Live casino').fill('0.75');
    await page.getByLabel('Maximum per collection (USD)').fill('');
    await page.getByRole('button', { name: 'Save rebate settings' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Rebate settings saved.' }).waitFor();
    expect(await page.getByLabel('Slots').inputValue()).toBe('1.20');
    const rates = Object.fromEntries((await storedRates()).map((row) => [row.game_type, row.rate_ppm]));
    expect(rates).toMatchObject({ RNG: 12_000, LIVE: 7_500, INHOUSE: 10_000 });
    const [settings] = await server.query<{ maximum_amount: string | null }>(
      "SELECT maximum_amount FROM rebate_settings WHERE merchant_code = 'demo'",
    );
    expect(settings?.maximum_amount).toBeNull();
    expect(await audits()).toEqual([{ operator_username: FINANCE.username }]);
  });

  it('lists the members’ collections, and fits a phone', async () => {
    await page.getByRole('tab', { name: 'Collections' }).click();
    const rows = page.getByTestId('rebate-claims').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Rebate0001');
    expect(await rows.first().textContent()).toContain('3.00 USD');
    await page.screenshot({ path: `${SHOTS}-claims-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('rebate-settings').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-phone-390.png`, fullPage: true });
  });
});
