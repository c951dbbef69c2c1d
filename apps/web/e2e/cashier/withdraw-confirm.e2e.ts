import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, png } from '../support/images';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, loginWithPassword, openSite } from '../support/site';

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

describe('withdrawal confirmation', () => {
  it('reports a payout not received with proof images checked in the browser first', async () => {
    const { member, token } = await api.registerByUsername('Wdc0001', 'Secret123', '81210001');
    const login = { password: 'Secret123', withdrawPassword: 'Draw2468' };
    const order = await money.pendingWithdrawal(
      token,
      member.id,
      { credit: '200.00', amount: '80', login },
      { accountId: 'wdc0001@example.com', accountName: 'Wen Dee' },
    );
    for (const action of ['approve', 'disburse']) {
      await money.operator('POST', `/api/admin/merchants/demo/withdrawals/${order.id}/decision`, { action });
    }

    const { context, page } = await openSite(browser, server, '/', 'phone');
    await loginWithPassword(page, 'Wdc0001', 'Secret123');
    await dialog(page, 'after-login').getByRole('button', { name: 'Start playing' }).click();
    await waitForHeaderBalance(page, '120.00');
    await page.goto(`${server.url}/member?page=withdraw`);
    const confirm = page.locator('[data-card="confirm-receipt"]');
    await confirm.waitFor();
    await confirm.locator('[data-outcome="not_received"] input').check();

    // Without a proof the browser refuses before sending anything.
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.locator('[data-field-error="proof_required"]').waitFor();

    const picker = confirm.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await confirm.locator('[data-field-error="image_invalid"]').waitFor();
    await picker.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
    await confirm.locator('[data-field-error="image_invalid"]').waitFor();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await confirm.locator('[data-field-error="image_too_large"]').waitFor();
    await picker.setInputFiles([png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    await confirm.locator('[data-field-error="upload_too_many"]').waitFor();
    expect(await confirm.locator('[data-proofs] img').count()).toBe(3);
    // Three kept: the picker is gone; one removed: it is back.
    expect(await confirm.locator('input[type="file"]').count()).toBe(0);
    await confirm.getByRole('button', { name: 'Remove c.png' }).click();
    expect(await confirm.locator('[data-proofs] img').count()).toBe(2);
    await confirm.getByLabel('Remark').fill('Nothing arrived in my wallet.');
    await page.screenshot({ path: screenshotPath('withdraw-confirm-phone-en.png'), fullPage: true });
    expect(await server.query('SELECT id FROM withdrawal_proofs')).toEqual([]);

    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.locator('[data-card="withdraw-history"] [data-status="disputed"]').waitFor();
    const proofs = await server.query('SELECT id FROM withdrawal_proofs');
    expect(proofs).toHaveLength(2);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await page.locator('html[dir="rtl"]').waitFor();
    await page.locator('[data-page="withdraw"]').waitFor();
    await page.screenshot({ path: screenshotPath('withdraw-phone-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('withdraw-desktop-ar.png'), fullPage: true });
    await context.close();
  });
});
