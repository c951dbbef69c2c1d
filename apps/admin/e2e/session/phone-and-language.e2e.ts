import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the back office on a phone', () => {
  it('sends a visitor without a session to the login page and back to the page asked for', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await page.goto(`${server.url}/admin/audit`);
    await page.waitForURL(/\/admin\/login\?next=%2Faudit/);
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('Tessera-Owner-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('audit-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/audit');
    await context.close();
  });

  it('navigates through the drawer, switches to Chinese and signs out', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(page, server.url);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('button', { name: 'New operator' }).waitFor();

    await page.getByLabel('Interface language').selectOption('CN');
    await page.getByRole('heading', { name: '操作员' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole('heading', { name: '登录运营后台' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    await context.close();
  });

  it('returns to the login page when the session is no longer valid', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(page, server.url);
    await page.evaluate(() => sessionStorage.setItem('adminToken', 'revoked-or-expired'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\/login\?expired=1&next=%2Faudit/);
    await page.getByRole('alert').filter({ hasText: 'Your session has ended.' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();

    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('Tessera-Owner-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('audit-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/audit');
    await context.close();
  });
});
