import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

/**
 * The identity check (issue 31, decision 0102) from both sides: a compliance operator sets the merchant's withdrawal
 * thresholds per tier; a member gives its basic details (basic tier), asks for a withdrawal above the basic
 * threshold and is told why it waits, nothing held; it sends a picture of its identity document (a PNG the browser
 * draws); the operator sees the submission in the back office with the picture and approves it (full tier); the
 * withdrawal then goes through. Nobody else reaches the document: not another member, not an operator without the
 * compliance permission.
 */

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;
let member: Page;
let desk: Page;
let memberId: string;
let otherToken: string;

const RISK = { username: 'compliance1', password: 'Operator-Pass-1' };
const SUPPORT = { username: 'helpdesk1', password: 'Operator-Pass-1' };
const shot = (name: string) => screenshotPath(`identity-check-${name}.png`);

const identityCard = () => member.locator('[data-card="rg-identity"]');
const ordersOf = (id: string) =>
  server.query<{ amount: string; status: string }>(
    'SELECT amount::text, status FROM withdrawal_orders WHERE member_id = $1 ORDER BY created_at',
    [id],
  );

/** Signs an operator in to the back office through its login page. */
const signInDesk = async (page: Page, operator: { username: string; password: string }) => {
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/(dashboard|merchants)/);
};

/** A picture of an identity card, drawn by the member's browser: a real PNG of a few kilobytes. */
const drawIdentityCard = async (page: Page): Promise<Buffer> => {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 420;
    canvas.height = 264;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#eef3f8';
    context.fillRect(0, 0, 420, 264);
    context.fillStyle = '#1d7fd8';
    context.fillRect(0, 0, 420, 44);
    context.fillStyle = '#ffffff';
    context.font = 'bold 20px sans-serif';
    context.fillText('IDENTITY CARD', 16, 30);
    context.fillStyle = '#9aa5b1';
    context.fillRect(20, 64, 110, 140);
    context.fillStyle = '#2b3440';
    context.font = '16px sans-serif';
    context.fillText('Ida Vance', 150, 84);
    context.fillText('1990-04-12', 150, 112);
    context.fillText('12 Harbour Road', 150, 140);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
};

/** Fills and sends the withdrawal form (the member's only payout method is preselected). */
const askWithdrawal = async (amount: string) => {
  await member.goto(`${server.url}/member?page=withdraw`);
  const form = member.locator('form[data-form="withdraw"]');
  await form.waitFor();
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Withdraw password').fill('Draw2468');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  return form;
};

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
  const admin = await adminApi(server.url);
  await admin.createOperator({ username: RISK.username, displayName: 'Compliance', role: 'risk' });
  await admin.createOperator({ username: SUPPORT.username, displayName: 'Help desk', role: 'support' });

  const { member: created, token } = await api.registerByUsername('Identity01', 'Secret123', '81320001');
  memberId = created.id;
  await money.adjust(memberId, '500.00');
  await money.payoutMethod(
    token,
    { password: 'Secret123', withdrawPassword: 'Draw2468' },
    { kind: 'e_wallet', provider: 'GCash', accountId: 'identity01@example.com', accountName: 'Ida Vance' },
  );
  otherToken = (await api.registerByUsername('Identity02', 'Secret123', '81320002')).token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('identity check', () => {
  it('a compliance operator sets the withdrawal thresholds per tier', async () => {
    ({ page: desk } = await newPage(browser, { viewport: 'desktop' }));
    await signInDesk(desk, RISK);
    await desk.goto(`${server.url}/admin/responsible-gaming?tab=thresholds`);
    // An operator of the demo merchant edits its own merchant's thresholds (no merchant to pick).
    const form = desk.locator('form[data-form="kyc-thresholds"]');
    await form.waitFor();
    expect(await form.locator('select').count()).toBe(0);
    await form.locator('#kyc-unverified-max').fill('50');
    await form.locator('#kyc-basic-max').fill('100');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Thresholds saved').waitFor();
    await desk.screenshot({ path: shot('1-thresholds'), fullPage: true });
    const saved = await money.operator<{ unverifiedMax: string | null; basicMax: string | null }>(
      'GET',
      '/api/admin/merchants/demo/kyc-thresholds',
    );
    expect(saved).toMatchObject({ unverifiedMax: '50.00', basicMax: '100.00' });
  });

  it('the member gives name, birth date and address: basic tier', async () => {
    ({ page: member } = await openSite(browser, server));
    await signInMember(member, 'Identity01');
    await waitForHeaderBalance(member, '500.00');
    await member.goto(`${server.url}/member?page=responsibleGaming`);
    await identityCard().locator('[data-kyc-tier="unverified"]').waitFor();
    expect(await identityCard().textContent()).toContain('Not verified: withdrawals up to $50.00 each');
    await identityCard().scrollIntoViewIfNeeded();
    await member.screenshot({ path: shot('2-unverified'), fullPage: false });

    const form = identityCard().locator('form[data-form="rg-kyc-basic"]');
    await form.getByLabel('Full name').fill('Ida Vance');
    await form.getByLabel('Date of birth').fill('1990-04-12');
    await form.getByLabel('Address').fill('12 Harbour Road, Singapore');
    await form.getByRole('button', { name: 'Save details' }).click();
    await identityCard().locator('[data-alert="rg-kyc-saved"]').waitFor();
    await identityCard().locator('[data-kyc-tier="basic"]').waitFor();
    await identityCard().locator('form[data-form="rg-kyc-documents"]').scrollIntoViewIfNeeded();
    await member.screenshot({ path: shot('3-basic'), fullPage: false });
  });

  it('a withdrawal above the basic threshold waits for the tier: the member sees why, nothing is held', async () => {
    const form = await askWithdrawal('150');
    const refusal = form.locator('[data-alert="form-error"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('This withdrawal needs a higher identity level.');
    // What the member's tier allows, and the way to the identity check.
    const next = form.locator('[data-withdraw-kyc]');
    expect(await next.textContent()).toContain('Your identity level allows withdrawals up to $100.00 each.');
    await member.screenshot({ path: shot('4-withdrawal-waits'), fullPage: false });
    expect(await ordersOf(memberId)).toEqual([]);
    await waitForHeaderBalance(member, '500.00');
    await next.getByRole('button', { name: 'Go to the identity check' }).click();
    await member.waitForURL(/\/member\?page=responsibleGaming$/);
    await identityCard().locator('[data-kyc-tier="basic"]').waitFor();
  });

  it('the member sends a picture of its identity document for review', async () => {
    const documents = identityCard().locator('form[data-form="rg-kyc-documents"]');
    await documents.waitFor();
    await documents
      .locator('input[type="file"]')
      .setInputFiles({ name: 'identity-card.png', mimeType: 'image/png', buffer: await drawIdentityCard(member) });
    await documents.getByRole('button', { name: 'Send for review' }).click();
    await identityCard().locator('[data-alert="rg-kyc-pending"]').waitFor();
    expect(await identityCard().locator('[data-kyc-tier="basic"]').count()).toBe(1);
    await identityCard().scrollIntoViewIfNeeded();
    await member.screenshot({ path: shot('5-sent'), fullPage: false });
  });

  it('the compliance operator sees the submission with its picture and approves it', async () => {
    await desk.goto(`${server.url}/admin/responsible-gaming?tab=kyc`);
    const row = desk.locator('[data-kyc-row="identity01" i]');
    await row.waitFor();
    await desk.screenshot({ path: shot('6-queue'), fullPage: true });
    await row.locator('[data-action="kyc-open"]').click();
    const review = desk.locator('[data-kyc-review]');
    await review.waitFor();
    expect(await review.textContent()).toContain('Ida Vance');
    expect(await review.textContent()).toContain('1990-04-12');
    expect(await review.textContent()).toContain('12 Harbour Road, Singapore');
    await desk.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-kyc-review] img');
      return img?.complete === true && img.naturalWidth === 420 && img.naturalHeight === 264;
    });
    await desk.screenshot({ path: shot('7-review'), fullPage: false });
    await desk.getByRole('button', { name: 'Approve: full tier' }).click();
    await review.waitFor({ state: 'detached' });
    await desk.locator('select:has(option[value="approved"])').selectOption('approved');
    await desk.locator('[data-kyc-row="identity01" i]').getByText('Approved').waitFor();
    await desk.screenshot({ path: shot('8-approved'), fullPage: true });

    const audits = await server.query<{ action: string; operator_username: string }>(
      "SELECT action, operator_username FROM audit_log WHERE action LIKE 'kyc.%' ORDER BY id",
    );
    expect(audits.map((a) => a.operator_username)).toEqual(audits.map(() => RISK.username));
    expect(audits.map((a) => a.action)).toContain('kyc.view');
  });

  it('the member is at the full tier, and the same withdrawal now goes through', async () => {
    await member.goto(`${server.url}/member?page=responsibleGaming`);
    await identityCard().locator('[data-kyc-tier="full"]').waitFor();
    expect(await identityCard().locator('form').count()).toBe(0);
    await identityCard().scrollIntoViewIfNeeded();
    await member.screenshot({ path: shot('9-full'), fullPage: false });

    const form = await askWithdrawal('150');
    await form.getByText('Withdrawal requested').waitFor();
    await member.screenshot({ path: shot('10-withdrawal-placed'), fullPage: false });
    expect(await ordersOf(memberId)).toEqual([{ amount: '15000', status: 'pending' }]);
    await waitForHeaderBalance(member, '350.00');
  });

  it('nobody else fetches the document: not another member, not an operator without compliance', async () => {
    const [submission] = await server.query<{ id: string }>('SELECT id FROM rg_kyc_reviews WHERE member_id = $1', [
      memberId,
    ]);
    const reviewPath = `/api/admin/responsible-gaming/kyc-reviews/${submission?.id}`;
    // Another member's site session: the back office's call does not take it.
    const asMember = await fetch(`${server.url}${reviewPath}`, { headers: { Authorization: otherToken } });
    expect([401, 403]).toContain(asMember.status);
    expect(JSON.stringify(await asMember.json())).not.toContain('base64');
    // The other member's own identity call tells it about itself only, and carries no documents.
    const own = await money.member<{ tier: string; review: unknown }>(otherToken, 'GET', '/wps/responsible-gaming/kyc');
    expect(own).toMatchObject({ tier: 'unverified', review: null });
    expect(JSON.stringify(own)).not.toContain('base64');
    // An operator who reads responsible gaming but is not compliance: refused, and no tab for it in the browser.
    const support = await fetch(`${server.url}/api/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPPORT),
    });
    const { value } = (await support.json()) as { value: { token: string } };
    const asSupport = await fetch(`${server.url}${reviewPath}`, { headers: { Authorization: value.token } });
    expect(asSupport.status).toBe(403);
    expect(JSON.stringify(await asSupport.json())).not.toContain('base64');
    const { page: helpdesk } = await newPage(browser, { viewport: 'desktop' });
    await signInDesk(helpdesk, SUPPORT);
    await helpdesk.goto(`${server.url}/admin/responsible-gaming?tab=kyc`);
    await helpdesk.locator('form[data-form="exclusion-register"]').waitFor();
    expect(await helpdesk.locator('[data-testid="kyc-reviews"]').count()).toBe(0);
  });
});
