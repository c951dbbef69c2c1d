import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberApi } from '../support/member-api';
import { dialog, memberRow, openSite, sessionOf, sessionsOf, userMenu } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('registration', () => {
  it('registers with the mobile form and its SMS code, and is logged in at home', async () => {
    const { context, page } = await openSite(browser, server, '/register', 'phone');
    const register = dialog(page, 'register');
    await register.waitFor();
    // Mobile registration is on, so its form comes first.
    expect(await register.getByRole('tab', { name: 'By mobile' }).getAttribute('aria-selected')).toBe('true');

    await register.locator('form').getByLabel('Mobile number').fill('81110001');
    await register.getByRole('button', { name: 'Get code' }).click();
    await register.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    expect(await register.getByRole('button', { name: /Resend in/ }).isDisabled()).toBe(true);
    await register
      .locator('form')
      .getByLabel('Verification code')
      .fill(await api.lastCode('+6581110001'));
    await register.locator('form').getByLabel('Password', { exact: true }).fill('Secret123');
    await register.locator('form').getByLabel('Confirm password').fill('Secret123');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();

    await register.waitFor({ state: 'detached' });
    await userMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await userMenu(page).textContent()).toContain('81110001');
    const stored = await sessionOf(page);
    expect(stored).toMatchObject({ account: '81110001', username: '81110001', isAgent: '0', merchant: 'demo' });
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const member = await memberRow(server, '81110001');
    expect(member).toMatchObject({ account: '81110001', mobile_number: '81110001', type: 0 });
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await sessionsOf(server, member.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.revoked_at).toBeNull();
    await context.close();
  });

  it('checks the terms first, then each field by the merchant rules, under the field, focusing the first', async () => {
    const { context, page } = await openSite(browser, server, '/register');
    const register = dialog(page, 'register');
    await register.getByRole('tab', { name: 'By username' }).click();
    await register.locator('form').getByLabel('Username').fill('1bad');
    await register.getByRole('button', { name: 'Register', exact: true }).click();

    const terms = register.getByRole('checkbox');
    await register.getByText('You must agree to the terms before registering.').waitFor();
    expect(await terms.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await terms.getAttribute('aria-describedby')).toContain('-error');
    // The agreement text carries the age 18.
    expect(await register.getByText(/I am over 18 years of age/).count()).toBe(1);

    await terms.check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    const username = register.locator('form').getByLabel('Username');
    await register
      .getByText('6–16 characters, starting with a letter, letters and digits only', { exact: false })
      .first()
      .waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await username.evaluate((element) => element === document.activeElement)).toBe(true);
    const usernameError = await username.getAttribute('aria-describedby');
    expect(usernameError).toContain('register-username-username-error');
    expect(await register.locator('#register-username-username-error').textContent()).toBe(
      '6–16 characters, starting with a letter, letters and digits only',
    );
    expect(await register.locator('#register-username-password-error').textContent()).toBe('Input cannot be empty.');
    // A username and a password are enough in the demo (its announcement says so): the mobile number is
    // optional on this form and no SMS code is asked.
    expect(await register.locator('#register-username-mobileNum-error').count()).toBe(0);
    expect(await register.locator('form').getByLabel('Verification code').count()).toBe(0);
    expect(await register.getByRole('button', { name: 'Get code' }).count()).toBe(0);
    await context.close();
  });

  it('registers with the username form, checking the invitation code first and keeping the referral code', async () => {
    const referrer = await api.registerByMobile('81110002', 'Secret123');
    const { referral_code: referralCode, id: referrerId } = await memberRow(server, referrer.member.account);

    const { context, page } = await openSite(browser, server, `/register?referralCode=${referralCode}`);
    const register = dialog(page, 'register');
    await register.getByRole('tab', { name: 'By username' }).click();
    await register.locator('form').getByLabel('Username').fill('  Carol01  ');
    await register.locator('form').getByLabel('Password', { exact: true }).fill('Secret123');
    await register.locator('form').getByLabel('Confirm password').fill('Secret123');
    // The mobile number is optional here, and kept when given.
    await register.locator('form').getByLabel('Mobile number').fill('81110003');
    await register.locator('form').getByLabel('E-mail').fill('carol@example.com');
    await register.locator('form').getByLabel('Invitation code').fill('NOSUCH1');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();

    // An unknown invitation code is a warning under its field, and nothing is registered.
    const warning = register.locator('[data-field-error="invitation_code_error"]');
    await warning.waitFor();
    expect(await warning.textContent()).toBe('Invalid invitation code.');
    expect(await server.query("SELECT 1 FROM members WHERE username = 'carol01'")).toHaveLength(0);

    await register.locator('form').getByLabel('Invitation code').fill('');
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await register.waitFor({ state: 'detached' });
    await userMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    const member = await memberRow(server, 'carol01');
    expect(member).toMatchObject({
      account: 'Carol01',
      email: 'carol@example.com',
      mobile_number: '81110003',
      referred_by_id: referrerId,
    });
    expect((await sessionOf(page)).account).toBe('Carol01');
    await context.close();
  });

  it('says which registration field the server refused: a taken username', async () => {
    await api.registerByUsername('Dave0001', 'Secret123', '81110004');
    const { context, page } = await openSite(browser, server, '/register');
    const register = dialog(page, 'register');
    await register.getByRole('tab', { name: 'By username' }).click();
    await register.locator('form').getByLabel('Username').fill('dave0001');
    await register.locator('form').getByLabel('Password', { exact: true }).fill('Secret123');
    await register.locator('form').getByLabel('Confirm password').fill('Secret123');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await register.locator('[data-field-error="username_taken"]').waitFor();
    expect(await register.locator('#register-username-username-error').textContent()).toBe(
      'This username is already taken.',
    );
    await context.close();
  });

  it('asks the captcha and the birthday when the merchant turns them on, checking the age of 21', async () => {
    const admin = await adminApi(server.url);
    const rule = { enabled: true, required: true, acceptedPattern: '*', minLength: 4, maxLength: 10 };
    await admin.updateDemoMerchant((settings) => {
      const rules = settings.registerRules as Record<string, unknown>;
      rules.captcha = { ...rule, patternId: 4 };
      rules.birthday = { ...rule, patternId: 11, minLength: 10 };
    });
    try {
      const { context, page } = await openSite(browser, server, '/register');
      const form = dialog(page, 'register').locator('form');
      await form.locator('[data-captcha-image] img').waitFor();
      const young = new Date();
      young.setFullYear(young.getFullYear() - 20);
      await form.getByLabel('Date of birth').fill(young.toISOString().slice(0, 10));
      await form.getByLabel('Mobile number').fill('81110006');
      await form.getByRole('button', { name: 'Get code' }).click();
      await form.getByRole('button', { name: /Resend in/ }).waitFor();
      await form.getByLabel('Verification code').fill(await api.lastCode('+6581110006'));
      await form.getByLabel('Password', { exact: true }).fill('Secret123');
      await form.getByLabel('Confirm password').fill('Secret123');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await form.getByText('You must be at least 21 years old.').waitFor();
      expect(await form.locator('#register-mobile-captcha-error').textContent()).toBe('Input cannot be empty.');

      await form.getByLabel('Date of birth').fill('1990-05-17');
      await form.getByLabel('Captcha', { exact: true }).fill('WRONG');
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await form.locator('[data-field-error="captcha_invalid"]').waitFor();
      expect(await server.query("SELECT 1 FROM members WHERE username = '81110006'")).toHaveLength(0);
      await context.close();
    } finally {
      await admin.updateDemoMerchant((settings) => {
        const rules = settings.registerRules as Record<string, unknown>;
        delete rules.captcha;
        delete rules.birthday;
      });
    }
  });
});
