import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;

const CONTENT = {
  username: 'timeouts.content',
  password: 'Timeouts-Content-1',
  role: 'content',
  displayName: 'Games',
} as const;
const FINANCE = {
  username: 'timeouts.finance',
  password: 'Timeouts-Finance-1',
  role: 'finance',
  displayName: 'Money',
} as const;
const SHOTS = '/tmp/tessera-screenshots/round-timeouts';

const stored = () =>
  server.query<{ round_timeout_hours: number }>(
    "SELECT round_timeout_hours FROM seamless_provider_settings WHERE merchant_code = 'demo' AND provider = 'DEMO'",
  );
const audits = () =>
  server.query<{ operator_username: string; target: string }>(
    "SELECT operator_username, target FROM audit_log WHERE action = 'games.provider_update' ORDER BY id",
  );
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signInAdminApi(server.url);
  await owner.createOperator(CONTENT);
  await owner.createOperator(FINANCE);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a provider's round timeout in the back office (decision 0128)", () => {
  it('a games manager sets it within bounds and goes back to the default; finance only reads it', {
    timeout: 180_000,
  }, async () => {
    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, server.url, CONTENT);
    await page.goto(`${server.url}/admin/merchants/demo/game-rounds`);
    const row = page.locator('tr[data-provider="DEMO"]');
    await row.getByText('Tessera demo provider').waitFor();
    await row.getByText('Default (24 hours)').waitFor();
    const hours = row.getByLabel('Hours');
    expect(await hours.inputValue()).toBe('24');

    // Out of bounds: refused under the field, nothing stored.
    for (const [value, message] of [
      ['0', 'Too small: at least 1.'],
      ['721', 'Too large: at most 720.'],
      ['', 'Required.'],
    ] as const) {
      await hours.fill(value);
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByRole('alert').getByText(message).waitFor();
    }
    await page.screenshot({ path: `${SHOTS}-error-desktop.png`, fullPage: true });
    expect(await stored()).toEqual([]);
    expect(await audits()).toEqual([]);

    await hours.fill('48');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tessera demo provider: rounds now close after 48 hours without a call.').waitFor();
    await row.getByText('Custom (default 24 hours)').waitFor();
    expect(await stored()).toEqual([{ round_timeout_hours: 48 }]);
    expect(await audits()).toEqual([{ operator_username: CONTENT.username, target: 'DEMO' }]);
    await page.screenshot({ path: `${SHOTS}-desktop.png`, fullPage: true });

    // On a phone the section still fits.
    const phone = await newPage(browser, { viewport: 'phone' });
    await signIn(phone.page, server.url, CONTENT);
    await phone.page.goto(`${server.url}/admin/merchants/demo/game-rounds`);
    await phone.page.locator('tr[data-provider="DEMO"]').getByText('Custom (default 24 hours)').waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}-phone.png`, fullPage: true });
    await phone.page.close();

    // Finance sees the timeout but has nothing to edit.
    const finance = await newPage(browser, { viewport: 'desktop' });
    await signIn(finance.page, server.url, FINANCE);
    await finance.page.goto(`${server.url}/admin/merchants/demo/game-rounds`);
    const readOnly = finance.page.locator('tr[data-provider="DEMO"]');
    await readOnly.getByText('48 hours').waitFor();
    expect(await readOnly.getByLabel('Hours').count()).toBe(0);
    expect(await readOnly.getByRole('button').count()).toBe(0);
    await finance.page.close();

    await row.getByRole('button', { name: 'Use default' }).click();
    await page.getByText('Tessera demo provider: back to the default of 24 hours.').waitFor();
    await row.getByText('Default (24 hours)').waitFor();
    expect(await hours.inputValue()).toBe('24');
    expect(await stored()).toEqual([]);
    expect(await audits()).toHaveLength(2);
    await page.close();
  });
});
