import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';

// The foundation's promise, as two people would live it: an operator in the back office, a player on the
// member site, in two browser windows against one server.
let server: TestServer;
let browser: Browser;
let operator: Page;
let player: Page;

const switchMaintenance = async (isOn: boolean) => {
  await operator.getByRole('switch', { name: 'Maintenance mode' }).click();
  await operator
    .getByRole('dialog')
    .getByRole('button', { name: isOn ? 'Switch on now' : 'Switch off now' })
    .click();
  await operator.locator(`#maintenance-switch[aria-checked="${isOn}"]`).waitFor();
};

const blocked = () => operator.locator('[data-list="region.blockedIpRanges"]');

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page: operator } = await newPage(browser, { viewport: 'desktop' }));
  ({ page: player } = await newPage(browser, { viewport: 'phone' }));
  await operator.goto(`${server.url}/admin/`);
  await operator.getByLabel('Username').fill(DEMO_OPERATOR.username);
  await operator.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await operator.getByRole('button', { name: 'Sign in' }).click();
  await operator.waitForURL(/\/admin\/(dashboard|merchants)/);
  await operator.goto(`${server.url}/admin/merchants`);
  await operator.getByRole('link', { name: 'Tessera Demo' }).click();
  await operator.locator('#section-siteStatus').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an operator closes and reopens the site', () => {
  it('shows the player the maintenance page once the operator switches it on, and the lobby once off', async () => {
    await player.goto(`${server.url}/`);
    await player.locator('[data-status-page]').waitFor({ state: 'detached' });
    await switchMaintenance(true);
    await player.reload();
    await player.locator('[data-status-page="maintenance"]').waitFor();
    await switchMaintenance(false);
    await player.reload();
    await player.getByRole('main').waitFor();
    await player.locator('[data-status-page]').waitFor({ state: 'detached' });
  });

  it('shows the player the block page with its own IP once the operator blocks it, and the lobby once unblocked', async () => {
    await blocked().getByLabel('New entry for Blocked IP ranges').fill('127.0.0.1/32');
    await blocked().getByRole('button', { name: 'Add' }).click();
    await operator.getByRole('button', { name: 'Save changes' }).click();
    await operator.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor();
    await player.reload();
    const page = player.locator('[data-status-page="blockip"]');
    await page.waitFor();
    await page.getByText('127.0.0.1').waitFor();

    await blocked().getByRole('button', { name: 'Remove 127.0.0.1/32' }).click();
    await operator.getByRole('button', { name: 'Save changes' }).click();
    await operator.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor();
    await player.reload();
    await player.locator('[data-status-page]').waitFor({ state: 'detached' });
  });
});
