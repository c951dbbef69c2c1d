import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteStatus, signInAdminApi } from '../support/admin-api';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const blockedList = () => page.locator('[data-list="region.blockedIpRanges"]');
const saveStatus = () => page.getByTestId('save-status');

/** Switches maintenance through the big switch and its confirmation, and waits for the saved state. */
const switchMaintenance = async (isOn: boolean) => {
  await page.getByRole('switch', { name: 'Maintenance mode' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: isOn ? 'Switch on now' : 'Switch off now' })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.locator(`#maintenance-switch[aria-checked="${isOn}"]`).waitFor();
};

// One operator's session, step by step: each step starts where the previous one left the page.
describe('an operator controls the demo site from the back office', () => {
  it('refuses a wrong password with a message, then signs in with the right one', async () => {
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByLabel('Username').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong username or password.' }).waitFor();
    expect(await page.locator('[data-merchant]').count()).toBe(0);

    await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The owner reads figures: the back office opens on the dashboard.
    await page.waitForURL(/\/admin\/dashboard/);
    expect(await page.getByTestId('operator-name').textContent()).toBe('Demo owner');
    await page.goto(`${server.url}/admin/merchants`);
    await page.locator('[data-merchant="demo"]').waitFor();
  });

  it('opens the demo merchant and switches maintenance on and off, with effect on the site at once', async () => {
    await page.getByRole('link', { name: 'Tessera Demo' }).click();
    await page.locator('#section-siteStatus').waitFor();
    expect((await readSiteStatus(server.url)).maintenance).toBe(false);

    await switchMaintenance(true);
    expect((await readSiteStatus(server.url)).maintenance).toBe(true);
    await page.locator('[data-testid="live-status"][data-state="1"]').waitFor();

    await switchMaintenance(false);
    expect((await readSiteStatus(server.url)).maintenance).toBe(false);
    await page.locator('[data-testid="live-status"][data-state="0"]').waitFor();
  });

  it('blocks this machine by adding 127.0.0.1/32 to the blocked IP ranges, then lets it back in', async () => {
    await blockedList().getByLabel('New entry for Blocked IP ranges').fill('127.0.0.1/32');
    await blockedList().getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saveStatus().filter({ hasText: 'Saved.' }).waitFor();
    const blocked = await readSiteStatus(server.url);
    expect(blocked.regionRestriction).toBe(true);
    expect(blocked.maintenance).toBe(false);

    await blockedList().getByRole('button', { name: 'Remove 127.0.0.1/32' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saveStatus().filter({ hasText: 'Saved.' }).waitFor();
    expect((await readSiteStatus(server.url)).regionRestriction).toBe(false);
  });

  it('shows a field error under a bad CIDR and saves nothing', async () => {
    const api = await signInAdminApi(server.url);
    const before = await api.getDemoMerchant();

    await blockedList().getByLabel('New entry for Blocked IP ranges').fill('abc');
    await blockedList().getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    const entry = blockedList().getByLabel('Blocked IP ranges, entry 1');
    await blockedList().getByRole('alert').filter({ hasText: 'Not valid.' }).waitFor();
    expect(await entry.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').filter({ hasText: 'Not saved: 1 field needs attention' }).waitFor();
    expect(await page.locator('a[href="#section-region"][data-has-errors]').count()).toBe(1);

    const after = await api.getDemoMerchant();
    expect(after.version).toBe(before.version);
    expect(after.settings.region.blockedIpRanges).toEqual([]);
    expect((await readSiteStatus(server.url)).regionRestriction).toBe(false);

    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await blockedList().locator('input[aria-invalid]').count()).toBe(0);
  });

  it('lists these actions in the audit log, with the before and after of a change', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    const table = page.getByTestId('audit-table');
    await table.waitFor();
    const actions = await table
      .locator('tbody tr[data-action]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    // Newest first: the API sign-in of the previous step, two region saves, two maintenance switches, then the
    // browser's sign-in and the refused one before it.
    expect(actions).toEqual([
      'operator.login',
      'merchant.update',
      'merchant.update',
      'merchant.update',
      'merchant.update',
      'operator.login',
      'operator.login_failed',
    ]);

    await page.getByLabel('Action').selectOption('merchant.update');
    await page.waitForURL(/action=merchant\.update/);
    await table
      .locator('tbody tr[data-action]:not([data-action="merchant.update"])')
      .first()
      .waitFor({ state: 'detached' });
    expect(await table.locator('tbody tr[data-action="merchant.update"]').count()).toBe(4);

    const newest = table.locator('tbody tr[data-action="merchant.update"]').first();
    expect(await newest.locator('td').nth(5).textContent()).toMatch(/127\.0\.0\.1/);
    await newest.getByRole('button', { name: 'Details' }).click();
    const details = table.locator('tbody tr').nth(1);
    await details.getByText('region', { exact: true }).waitFor();
    expect(await details.textContent()).toContain('127.0.0.1/32');
  });
});
