import { accountEndpoints, responsibleGamingEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

/**
 * Points in the back office (issue 27): an operator gives a member points with a reason, edits the mall's T-shirt
 * with an uploaded picture, the member sees the picture in the mall and redeems the T-shirt, the operator rejects
 * the redemption with a reason and the member's points come back; the server's per-field refusals show under the
 * fields, and every change is in the audit log.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let member: Page;
let memberId: string;

const MEMBER = {
  username: 'Points0001',
  password: 'Secret123',
  email: 'points@example.com',
  mobileNum: '81260042',
  countryDialingCode: '65',
};
const SHOTS = '/tmp/tessera-screenshots/points-admin';
const shot = (name: string) => `${SHOTS}/${name}.png`;
const REASON = 'Sorry, out of stock in your size';

const audits = () =>
  server.query<{ action: string; operator_username: string; target: string }>(
    "SELECT action, operator_username, target FROM audit_log WHERE action LIKE 'points.%' ORDER BY id",
  );
const fieldError = (on: Page, id: string) => on.locator(`[id="${id}-error"]`);
const pointsShown = () => member.locator('[data-points-balance]');
const waitForMemberPoints = async (points: string) => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if ((await pointsShown().getAttribute('data-points-balance')) === points) return;
    await member.waitForTimeout(500);
    if (attempt % 4 === 3) await member.reload();
  }
  expect(await pointsShown().getAttribute('data-points-balance')).toBe(points);
};

/** A real PNG drawn by the browser's canvas: a T-shirt's outline on a coloured ground. */
const drawShirt = async (): Promise<Buffer> => {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#f3efe6';
    context.fillRect(0, 0, 480, 480);
    context.fillStyle = '#1d7fd8';
    context.beginPath();
    context.moveTo(150, 90);
    context.lineTo(200, 70);
    context.quadraticCurveTo(240, 110, 280, 70);
    context.lineTo(330, 90);
    context.lineTo(410, 160);
    context.lineTo(360, 210);
    context.lineTo(330, 185);
    context.lineTo(330, 410);
    context.lineTo(150, 410);
    context.lineTo(150, 185);
    context.lineTo(120, 210);
    context.lineTo(70, 160);
    context.closePath();
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
};

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const site = memberSite(server);
  await site.register(MEMBER);
  const login = await site.login(MEMBER.username, MEMBER.password);
  const token = (login.value as { token: string }).token;
  const set = await site.call(accountEndpoints.withdrawPassword, token, {
    currentPassword: MEMBER.password,
    newWithdrawPassword: 'Payout99',
    confirmWithdrawPassword: 'Payout99',
  });
  if (!set.success) throw new Error(`withdraw password refused: ${set.errorCode}`);
  // The member has seen the one-time responsible-gaming prompts (decision 0107): they would cover the mall.
  for (const [prompt, answer] of [
    ['limits_offer', 'skipped'],
    ['first_wager_info', 'acknowledged'],
  ] as const) {
    const answered = await site.call(responsibleGamingEndpoints.answerPrompt, token, { prompt, answer });
    if (!answered.success) throw new Error(`prompt ${prompt} refused: ${answered.errorCode}`);
  }
  const rows = await server.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [
    MEMBER.username.toLowerCase(),
  ]);
  memberId = rows[0]?.id ?? '';
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('points in the back office', () => {
  it('gives a member points with a reason; a deduction below zero is refused under its field', async () => {
    await page.getByRole('link', { name: 'Points', exact: true }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    await page.getByRole('heading', { name: 'Points' }).waitFor();
    await page.getByRole('tab', { name: 'Member points' }).click();
    await page.getByTestId('point-member-search').fill('points00');
    await page.screenshot({ path: shot('member-search-1440'), fullPage: true });
    await page
      .locator('[data-member]')
      .filter({ hasText: /^points0001$/i })
      .click();
    await page.locator('[data-member-points="0"]').waitFor();

    await page.locator('#point-adjust-points').fill('-5');
    await page.locator('#point-adjust-reason').fill('Testing a deduction');
    await page.getByRole('button', { name: 'Adjust points' }).click();
    expect(await fieldError(page, 'point-adjust-points').textContent()).toBe("More than the member's points.");

    await page.locator('#point-adjust-points').fill('500');
    await page.locator('#point-adjust-reason').fill('Welcome gift');
    await page.getByRole('button', { name: 'Adjust points' }).click();
    await page.locator('[data-member-points="500"]').waitFor();
    const entry = page.getByTestId('point-entries').locator('tr[data-entry-type="adjust"]');
    await entry.getByText('Welcome gift').waitFor();
    expect(await entry.textContent()).toContain('+500');
    await page.screenshot({ path: shot('member-points-1440'), fullPage: true });
  });

  it('edits the T-shirt with an uploaded picture; a bad file and a bad field are refused where they belong', async () => {
    await page.getByRole('tab', { name: 'Goods' }).click();
    const shirtRow = page.getByTestId('point-items').locator('tr').filter({ hasText: 'Tessera T-shirt' });
    await shirtRow.getByRole('button', { name: 'Edit' }).click();
    const editor = page.locator('form[data-point-item-form]');
    await editor.waitFor();

    const picture = editor.locator('[id="point-item-images-EN"]');
    await picture.setInputFiles({
      name: 'shirt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await editor.locator('[data-upload-error="image_invalid"]').waitFor();
    await picture.setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: await drawShirt() });
    await editor.locator('[data-language="EN"] img[data-picture]').waitFor();
    expect(await editor.locator('[data-upload-error]').count()).toBe(0);

    await editor.locator('[data-field="pointsRequired"]').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'point-item-pointsRequired').waitFor();
    expect(await editor.locator('[data-field="pointsRequired"]').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: shot('item-editor-1440'), fullPage: false });

    await editor.locator('[data-field="pointsRequired"]').fill('200');
    await page.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await shirtRow.locator('img[src^="/wps/points/images/"]').waitFor();
    expect(await shirtRow.textContent()).toContain('200');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="point-items"] img[src^="/wps/points/"]');
      return img?.complete === true && img.naturalWidth === 480;
    });
    await page.screenshot({ path: shot('goods-1440'), fullPage: true });
  });

  it('the member sees the picture in the mall and redeems the T-shirt with the withdraw password', async () => {
    ({ page: member } = await newPage(browser, { viewport: 'desktop' }));
    await member.goto(`${server.url}/pointMall`);
    await member.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
    const login = member.locator('dialog[data-dialog="login"]');
    await login.getByLabel('Username').fill(MEMBER.username);
    await login.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    const welcome = member.locator('dialog[data-dialog="after-login"]');
    await welcome.getByRole('button', { name: 'Start playing' }).click();
    await welcome.waitFor({ state: 'detached' });
    await waitForMemberPoints('500');

    const shirt = member.locator('[data-point-item]').filter({ hasText: 'Tessera T-shirt' });
    await shirt.locator('img[src^="/wps/points/images/"]').waitFor();
    await member.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-point-item] img[src^="/wps/points/"]');
      return img?.complete === true && img.naturalWidth === 480;
    });
    expect(await shirt.textContent()).toContain('200');
    await member.screenshot({ path: shot('member-mall-1440'), fullPage: true });

    await shirt.getByRole('button', { name: 'Redeem' }).click();
    const redeem = member.locator('dialog[data-dialog="points-redeem"]');
    await redeem.getByLabel('Receiving Address').fill('1 Orchard Road, Singapore');
    await redeem.getByLabel('Mobile number').fill('+6581260042');
    await redeem.getByLabel('Withdraw password').fill('Payout99');
    await redeem.getByRole('button', { name: 'Submit' }).click();
    await redeem.locator('[data-redeem-done]').waitFor();
    await redeem.getByRole('button', { name: 'Close' }).click();
    await waitForMemberPoints('300');
  });

  it('the operator rejects the redemption with a reason and the member’s points come back; the member buys points', async () => {
    await page.getByRole('tab', { name: 'Redemptions' }).click();
    const row = page.getByTestId('point-redemptions').locator('tr[data-status="in_process"]');
    await row.getByText(/points0001/i).waitFor();
    expect(await row.textContent()).toContain('1 Orchard Road, Singapore');
    await page.screenshot({ path: shot('redemptions-1440'), fullPage: true });
    await row.getByRole('button', { name: 'Reject' }).click();
    const decision = page.locator('form#point-decision-form');
    // A reason is required: the server's refusal shows under the field.
    await page.locator('dialog').getByRole('button', { name: 'Reject' }).click();
    await fieldError(page, 'point-decision-remark').waitFor();
    await decision.getByLabel(/^Reason\*?$/).fill(REASON);
    await page.locator('dialog').getByRole('button', { name: 'Reject' }).click();
    await decision.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('point-redemptions-status').selectOption('rejected');
    await page.getByTestId('point-redemptions').locator('tr[data-status="rejected"]').getByText(REASON).waitFor();
    await page.screenshot({ path: shot('redemptions-rejected-1440'), fullPage: true });

    await member.reload();
    await waitForMemberPoints('500');
    await member.getByRole('tab', { name: 'History' }).click();
    await member.locator('[data-status="rejected"]').getByText(REASON).waitFor();
    await member.screenshot({ path: shot('member-history-1440'), fullPage: true });

    // Get points by cash (the demo's buy ratio: 10 points for 1.00): refused without cash, then bought once.
    await member.locator('[data-action="points-buy"]').click();
    const buy = member.locator('dialog[data-dialog="points-buy"]');
    await buy.getByLabel('Points to buy').fill('30');
    await buy.getByText('You pay $3.00').waitFor();
    await buy.getByLabel('Withdraw password').fill('Payout99');
    await buy.getByRole('button', { name: 'Buy', exact: true }).click();
    await buy.getByText('Insufficient balance.').waitFor();
    const admin = await signInAdminApi(server.url);
    await admin.credit(memberId, '5.00');
    await buy.getByLabel('Withdraw password').fill('Payout99');
    await buy.getByRole('button', { name: 'Buy', exact: true }).click();
    await buy.locator('[data-points-done="30"]').waitFor();
    await member.screenshot({ path: shot('member-buy-1440') });
    await buy.getByRole('button', { name: 'Close' }).click();
    await waitForMemberPoints('530');

    await page.getByRole('tab', { name: 'Member points' }).click();
    await page.getByTestId('point-member-search').fill('points00');
    await page
      .locator('[data-member]')
      .filter({ hasText: /^points0001$/i })
      .click();
    // The refund shows once the ledger is read again (the page first shows what it had).
    const refund = page.getByTestId('point-entries').locator('tr[data-entry-type="refund"]');
    await refund.waitFor();
    expect(await refund.count()).toBe(1);
    expect(await refund.textContent()).toContain('+200');
    await page.locator('[data-member-points="530"]').waitFor();
    expect(await page.getByTestId('point-entries').locator('tr[data-entry-type="buy"]').textContent()).toContain('+30');
  });

  it('refuses a buy ratio above the convert ratio under its field', async () => {
    await page.getByRole('tab', { name: 'Rules' }).click();
    const buyRatio = page.locator('[data-field="buyRatio"]');
    await buyRatio.fill('11');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page, 'points-rules-buyRatio').textContent()).toBe('Too large: at most 10.');
    await page.screenshot({ path: shot('rules-1440'), fullPage: true });
    await buyRatio.fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Points rules saved.').waitFor();
  });

  it('recorded every change in the audit log with the operator', async () => {
    const rows = await audits();
    expect(rows.map((row) => row.action)).toEqual([
      'points.adjust',
      'points.image_upload',
      'points.item_update',
      'points.redemption_reject',
      'points.rules_update',
    ]);
    for (const row of rows) expect(row.operator_username).toBe('owner');
    expect(rows[0]?.target).toBe(`member:${memberId}`);
  });

  it('fits a phone: the goods as cards', async () => {
    const { context, page: phone } = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(phone, server.url);
    await phone.goto(`${server.url}/admin/merchants/demo/points?tab=items`);
    await phone.getByTestId('point-items').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.screenshot({ path: shot('goods-390'), fullPage: true });
    await context.close();
  });
});
