import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { COUNTRY_TEST_HEADER, MEMBER_USER_AGENT, memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

const SHOTS = '/tmp/tessera-screenshots/admin-members';
let server: TestServer;
let browser: Browser;
let page: Page;
let site: ReturnType<typeof memberSite>;

const MEMBER = {
  username: 'Keeper01',
  password: 'Secret123',
  email: 'keeper@example.com',
  mobileNum: '81234567',
  countryDialingCode: '65',
};

beforeAll(async () => {
  server = await startTestServer({ env: { COUNTRY_HEADER: COUNTRY_TEST_HEADER } });
  site = memberSite(server);
  // A real member: registered with its SMS code (no country header), then one wrong password from Singapore and one
  // sign-in from Malaysia (its region, decision 0140).
  await site.register(MEMBER);
  expect((await site.login(MEMBER.username, 'Wrong-0000', 'SG')).errorCode).toBe('login_failed');
  expect((await site.login(MEMBER.username, MEMBER.password, 'MY')).success).toBe(true);
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = () => page.locator('aside');
const memberRow = () => page.locator('tr[data-member="Keeper01"]');
const dialog = () => page.getByRole('dialog');
const memberDb = async () =>
  (
    await server.query<{ locked_at: Date | null; must_change_password: boolean }>(
      "SELECT locked_at, must_change_password FROM members WHERE username = 'keeper01'",
    )
  )[0];
const auditOf = (action: string) =>
  server.query<{ target: string; operator_username: string; details: { reason?: string; memberId?: string } }>(
    'SELECT target, operator_username, details FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

// One owner's session, step by step: each step starts where the previous one left the page.
describe('an owner looks after a member account', () => {
  it('searches from two characters, as the operator types', async () => {
    await nav().getByRole('link', { name: 'Members' }).click();
    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.fill('k');
    await search.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Too short: at least 2.' }).waitFor();
    expect(await page.getByText('Type at least 2 characters to find members.').count()).toBe(1);

    await search.fill('  keeper ');
    await memberRow().waitFor();
    await page.waitForURL(/\/admin\/members\?q=keeper$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('member-search-summary').textContent()).toBe('1 member found.');
    const cells = await memberRow()
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    expect(cells.slice(0, 7)).toEqual(['Keeper01', 'demo', 'Member', '+65 81234567', MEMBER.email, 'Active', 'Off']);
  });

  it('opens the member and reads its sign-in history, newest first', async () => {
    await memberRow().locator('td').nth(4).click();
    await page.waitForURL(/\/admin\/members\/[0-9a-f-]{36}$/);
    const history = page.getByTestId('login-history');
    await history.waitFor();
    const rows = await history
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-login-method'),
          tr.getAttribute('data-login-success'),
          tr.getAttribute('data-login-reason'),
        ]),
      );
    expect(rows).toEqual([
      ['password', 'true', null],
      ['password', 'false', 'password'],
      ['register', 'true', null],
    ]);
    const failed = history.locator('tbody tr').nth(1);
    expect(await failed.locator('td').nth(1).textContent()).toBe('127.0.0.1');
    // Each attempt's country, named in the operator's language with its code; none for the registration.
    const countries = await history.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(countries).toEqual(['Malaysia (MY)', 'Singapore (SG)', 'Unknown']);
    expect(await failed.locator('td').nth(4).textContent()).toBe('Password');
    expect(await failed.locator('td').nth(5).textContent()).toBe('Wrong password');
    const device = failed.locator('td').nth(3).locator('[title]');
    expect(await device.textContent()).toBe('Safari 17 · iOS');
    expect(await device.getAttribute('title')).toBe(MEMBER_USER_AGENT);
    expect(await history.locator('tbody tr').nth(2).locator('td').nth(4).textContent()).toBe('Registration');
    const profile = await page.getByTestId('member-profile').textContent();
    expect(profile).toContain(MEMBER.email);
    expect(profile).toContain('RegionMalaysia (MY)');
    await page.screenshot({ path: `${SHOTS}-region-en.png`, fullPage: true });

    // In Chinese the countries are named in Chinese.
    await page.evaluate(() => localStorage.setItem('adminLang', 'CN'));
    await page.reload();
    await history.waitFor();
    expect(await history.locator('tbody tr td:nth-child(3)').first().textContent()).toBe('马来西亚 (MY)');
    expect(await page.getByTestId('member-profile').textContent()).toContain('地区马来西亚 (MY)');
    await page.screenshot({ path: `${SHOTS}-region-cn.png`, fullPage: true });
    await page.evaluate(() => localStorage.setItem('adminLang', 'EN'));
    await page.reload();
    await history.waitFor();
  });

  it('locks it with a reason: the database, the audit log and the site agree', async () => {
    await page.getByRole('button', { name: 'Lock account' }).click();
    await dialog().getByRole('heading', { name: 'Lock Keeper01?' }).waitFor();
    await dialog().getByRole('button', { name: 'Lock account' }).click();
    await dialog().getByRole('alert').filter({ hasText: 'Required.' }).waitFor();
    expect((await memberDb())?.locked_at).toBeNull();

    await dialog().getByLabel('Reason').fill('Chargeback under investigation');
    await dialog().getByRole('button', { name: 'Lock account' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Unlock account' }).waitFor();
    expect(await page.locator('header').getByText('Locked', { exact: true }).count()).toBe(1);

    expect((await memberDb())?.locked_at).toBeInstanceOf(Date);
    const entries = await auditOf('member.lock');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target: 'Keeper01',
      operator_username: 'owner',
      details: { reason: 'Chargeback under investigation' },
    });
    expect((await site.login(MEMBER.username, MEMBER.password)).errorCode).toBe('account_locked');
  });

  it('unlocks it again', async () => {
    await page.getByRole('button', { name: 'Unlock account' }).click();
    await dialog().getByRole('heading', { name: 'Unlock Keeper01?' }).waitFor();
    await dialog().getByLabel('Reason').fill('Investigation closed');
    await dialog().getByRole('button', { name: 'Unlock account' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Lock account' }).waitFor();

    expect((await memberDb())?.locked_at).toBeNull();
    expect((await auditOf('member.unlock')).map((entry) => entry.details.reason)).toEqual(['Investigation closed']);
  });

  it('resets its password: the temporary one is shown once, must be changed, and replaces the old one', async () => {
    await page.getByRole('button', { name: 'Reset password' }).click();
    await dialog().getByLabel('Reason').fill('Member lost access, identity checked by phone');
    await dialog().getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    const temporary = await page.getByTestId('temporary-password-value').inputValue();
    expect(temporary).toMatch(/^[a-z2-9]{12}$/);
    expect(await shown.textContent()).toContain('Shown only this once');
    expect(await shown.textContent()).toContain('The member must change it at the next sign-in.');
    expect(await shown.textContent()).toContain("All of the member's sessions have ended.");

    expect((await memberDb())?.must_change_password).toBe(true);
    expect((await auditOf('member.reset_password')).map((entry) => entry.target)).toEqual(['Keeper01']);
    await page.locator('header').getByText('Must change password').waitFor();

    await dialog().getByRole('button', { name: 'Done' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await page.getByTestId('temporary-password').count()).toBe(0);
    // Opening the dialog again asks for a new reset; the old temporary password is gone.
    await page.getByRole('button', { name: 'Reset password' }).click();
    await dialog().getByLabel('Reason').waitFor();
    expect(await dialog().textContent()).not.toContain(temporary);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });

    expect((await site.login(MEMBER.username, MEMBER.password)).errorCode).toBe('login_failed');
    const withTemporary = await site.login(MEMBER.username, temporary);
    expect(withTemporary.success).toBe(true);
    expect(withTemporary.value).toMatchObject({ mustChangePassword: true });
  });

  it('reads the three actions back in the audit log', async () => {
    await nav().getByRole('link', { name: 'Audit log' }).click();
    const table = page.getByTestId('audit-table');
    await table.locator('tbody tr[data-action="member.reset_password"]').waitFor();
    const actions = await table
      .locator('tbody tr[data-action^="member."]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    expect(actions).toEqual(['member.reset_password', 'member.unlock', 'member.lock']);
    expect(await table.locator('tbody tr[data-action="member.lock"]').textContent()).toContain('Member locked');
  });

  it('lists what the platform sent in the outbox, newest first', async () => {
    expect((await site.forgotPasswordByEmail(MEMBER.username, MEMBER.email)).success).toBe(true);
    await nav().getByRole('link', { name: 'Outbox' }).click();
    const table = page.getByTestId('outbox-table');
    await table.waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'stored here and not delivered' }).count()).toBe(1);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-channel'), tr.getAttribute('data-template')]));
    // The demo registers by username without an SMS code (decision 0087): the reset link is the only message.
    expect(rows).toEqual([['email', 'password_reset_link']]);
    const email = table.locator('tbody tr').first();
    expect(await email.locator('td').nth(1).textContent()).toBe('E-mail');
    expect(await email.locator('td').nth(2).textContent()).toBe(MEMBER.email);
    expect(await email.locator('td').nth(4).textContent()).toContain('resetToken=');
    expect(await email.locator('td').nth(5).textContent()).toBe('outbox');
    expect(await email.locator('td').nth(6).textContent()).toBe('Stored');
  });

  it('chooses which methods confirm a sign-in from a new IP, in the merchant settings', async () => {
    await nav().getByRole('link', { name: 'Merchants' }).click();
    await page.getByRole('link', { name: 'Tessera Demo' }).click();
    const section = page.locator('#section-loginVerification');
    await section.waitFor();
    expect(await section.getByText('Module on').count()).toBe(1);
    const methods = section.getByTestId('login-verification-methods');
    for (const name of ['SMS code', 'E-mail code', 'Payee name', 'Authenticator app']) {
      expect(await methods.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }

    await methods.getByRole('checkbox', { name: 'Payee name' }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor();
    const api = await signInAdminApi(server.url);
    expect((await api.getDemoMerchant()).settings.loginVerification.methods).toEqual(['sms', 'email', 'totp']);

    // The section follows the Features draft: with the module off, it says the methods are not used.
    await page.getByRole('switch', { name: 'Module LOGINIPVERF3' }).click();
    await section.getByTestId('login-verification-module-off').waitFor();
    expect(await section.getByText('Module off').count()).toBe(1);
    await page.getByRole('button', { name: 'Discard' }).click();
    await section.getByText('Module on').waitFor();
  });
});
