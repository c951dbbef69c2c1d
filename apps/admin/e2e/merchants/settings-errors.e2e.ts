import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;

const SECOND_DOMAIN = 'second.example';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // A second merchant, copied from the demo one, holding a domain of its own.
  await server.query(
    `INSERT INTO merchants (code, name, settings)
     SELECT 'second', 'Second Brand', jsonb_set(jsonb_set(settings, '{name}', '"Second Brand"'), '{domains}', $1::jsonb)
     FROM merchants WHERE code = 'demo'`,
    [JSON.stringify([SECOND_DOMAIN])],
  );
  await server.query(`INSERT INTO merchant_domains (domain, merchant_code) VALUES ($1, 'second')`, [SECOND_DOMAIN]);
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const domainsList = () => page.locator('[data-list="domains"]');

describe('the settings editor with what only the server can refuse', () => {
  it('shows the server’s domain_taken under the very domain entry, and saves nothing', async () => {
    const api = await signInAdminApi(server.url);
    const before = await api.getDemoMerchant();
    await page.getByRole('link', { name: 'Tessera Demo' }).click();
    await domainsList().getByLabel('New entry for Domains').fill(SECOND_DOMAIN);
    await domainsList().getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    const third = domainsList().getByLabel('Domains, entry 3');
    await domainsList()
      .getByRole('alert')
      .filter({ hasText: 'This domain already belongs to another merchant.' })
      .waitFor();
    expect(await third.getAttribute('aria-invalid')).toBe('true');
    expect(await third.getAttribute('aria-describedby')).toBeTruthy();
    expect((await api.getDemoMerchant()).version).toBe(before.version);

    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await domainsList().locator('input[aria-invalid]').count()).toBe(0);
  });

  it('answers a stale save with a conflict and reloads the latest settings on request', async () => {
    const api = await signInAdminApi(server.url);
    await page.locator('#name').fill('Renamed in the browser');
    // Someone else saves first.
    const theirs = await api.replaceDemoSettings((settings) => {
      settings.name = 'Renamed elsewhere';
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'These settings were changed by someone else.' }).waitFor();
    expect((await api.getDemoMerchant()).settings.name).toBe('Renamed elsewhere');

    await page.getByRole('button', { name: 'Reload latest' }).click();
    await page.locator(`form[data-version="${theirs.version}"]`).waitFor();
    expect(await page.locator('#name').inputValue()).toBe('Renamed elsewhere');
    expect(await page.getByTestId('save-status').textContent()).toContain(`Version ${theirs.version}`);
  });

  it('lets an owner create an operator scoped to one merchant, who then sees only that merchant, read-only', async () => {
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('button', { name: 'New operator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('risk.second');
    await dialog.getByLabel('Display name').fill('Second risk');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByLabel('Role').selectOption('risk');
    await dialog.getByLabel('Merchant scope').selectOption('second');
    await dialog.getByRole('button', { name: 'Create operator' }).click();
    await dialog.getByText('Too short: at least 10.').waitFor();

    await dialog.getByLabel('Password').fill('Second-Risk-2026');
    await dialog.getByRole('button', { name: 'Create operator' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('tr[data-operator="risk.second"]');
    await row.getByText('Only second').waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Display name').fill('Second risk team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Second risk team').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.getByLabel('Username').fill('risk.second');
    await page.getByLabel('Password').fill('Second-Risk-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Operators who read figures land on the dashboard; the merchants list is one link away.
    await page.waitForURL(/\/admin\/(dashboard|merchants)/);
    if (!new URL(page.url()).pathname.endsWith('/merchants')) await page.goto(`${server.url}/admin/merchants`);
    await page.locator('[data-merchant="second"]').waitFor();
    expect(await page.locator('[data-merchant]').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Second Brand' }).click();
    await page.getByText('Read only: only owners can change merchant settings.').waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await page.locator('#name').isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Maintenance mode' }).isDisabled()).toBe(true);
  });
});
