import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;

const FINANCE = {
  username: 'vip.finance',
  password: 'Vip-Finance-1',
  role: 'finance',
  displayName: 'Finance',
} as const;
const SUPPORT = {
  username: 'vip.support',
  password: 'Vip-Support-1',
  role: 'support',
  displayName: 'Support',
} as const;
const SHOTS = '/tmp/tessera-screenshots/vip-levels';

const levelCount = async () =>
  (await server.query<{ n: number }>("SELECT count(*)::int AS n FROM vip_levels WHERE merchant_code = 'demo'"))[0]?.n;
const audits = () =>
  server.query<{ action: string; operator_username: string; target: string }>(
    "SELECT action, operator_username, target FROM audit_log WHERE action LIKE 'vip.%' ORDER BY id",
  );
const rows = (page: Page) => page.locator('tr[data-vip-level]');

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signInAdminApi(server.url);
  await owner.createOperator(FINANCE);
  await owner.createOperator(SUPPORT);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('VIP levels in the back office', () => {
  it('finance adds a level checked as the server checks it, edits it and removes it, each change audited', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, server.url, FINANCE);
    await page.getByRole('link', { name: 'VIP levels' }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(5);
    expect(await rows(page).nth(4).textContent()).toContain('Diamond');

    // A requirement below the level under it is refused in the form: nothing is sent, nothing changes.
    await page.getByRole('button', { name: 'Add a level' }).click();
    const form = page.locator('[data-vip-level-form="6"]');
    await form.waitFor();
    await form.getByLabel('Deposits needed (USD)').fill('1');
    await form.getByLabel('Valid bets needed (USD)').fill('300000');
    await form.getByLabel('Upgrade bonus (USD)').fill('888.88');
    await form.getByLabel(/^Name in English/).fill('Obsidian');
    await form.getByLabel(/^Benefits in English/).fill('Upgrade bonus\nA yacht day');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText("Must be at least the level below's requirement (50000.00).").waitFor();
    expect(await levelCount()).toBe(5);
    await page.screenshot({ path: `${SHOTS}-form-error-1440.png` });

    await form.getByLabel('Deposits needed (USD)').fill('60000');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').getByText('Level 6 saved.').waitFor();
    await rows(page).nth(5).waitFor();
    expect(await rows(page).nth(5).textContent()).toContain('Obsidian');
    expect(await levelCount()).toBe(6);
    await page.screenshot({ path: `${SHOTS}-table-1440.png`, fullPage: true });

    await page.getByRole('button', { name: 'Edit level 6' }).click();
    await page
      .locator('[data-vip-level-form="6"]')
      .getByLabel(/^Name in English/)
      .fill('Onyx');
    await page.locator('[data-vip-level-form="6"]').getByRole('button', { name: 'Save' }).click();
    await rows(page).nth(5).getByText('Onyx').waitFor();

    // Only the highest level can be removed.
    expect(await page.getByRole('button', { name: 'Remove level 5' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove level 6' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('toast').getByText('Level 6 removed.').waitFor();
    expect(await rows(page).count()).toBe(5);
    expect(await audits()).toEqual([
      { action: 'vip.level_create', operator_username: FINANCE.username, target: 'rank:6' },
      { action: 'vip.level_update', operator_username: FINANCE.username, target: 'rank:6' },
      { action: 'vip.level_delete', operator_username: FINANCE.username, target: 'rank:6' },
    ]);
    await context.close();
  });

  it('support reads the levels but is offered no change', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await signIn(page, server.url, SUPPORT);
    await page.goto(`${server.url}/admin/merchants/demo/vip`);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Add a level' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit level/ }).count()).toBe(0);
    await page.getByText('Your role can read the levels but not change them.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-support-390.png`, fullPage: true });
    await context.close();
  });
});
