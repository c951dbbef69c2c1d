import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { signIn } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;

const FINANCE = {
  username: 'ref.finance',
  password: 'Referral-Fin-1',
  role: 'finance',
  displayName: 'Finance',
} as const;
const SUPPORT = {
  username: 'ref.support',
  password: 'Referral-Sup-1',
  role: 'support',
  displayName: 'Support',
} as const;
const SHOTS = '/tmp/tessera-screenshots/referral-settings';

const settingsRow = async () =>
  (
    await server.query<{
      enabled: boolean;
      reward_per_friend: string;
      qualifying_deposits: string;
      cap: number | null;
    }>(
      "SELECT enabled, reward_per_friend::text, qualifying_deposits::text, max_rewarded_friends AS cap FROM referral_settings WHERE merchant_code = 'demo'",
    )
  )[0];
const audits = () =>
  server.query<{ operator_username: string }>(
    "SELECT operator_username FROM audit_log WHERE action = 'referral.settings_update'",
  );
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** The form's fields by id (their labels carry the required mark). */
const field = (id: 'rewardPerFriend' | 'qualifyingDeposits' | 'maxRewardedFriends') => page.locator(`#referral-${id}`);

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

describe('the referral programme in the back office', () => {
  it('finance changes it field by field as the server judges it; each save is audited', async () => {
    ({ page } = await newPage(browser, { viewport: 'desktop' }));
    await signIn(page, server.url, FINANCE);
    await page.getByRole('link', { name: 'Referral programme' }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    await page.getByTestId('referral-settings').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/merchants/demo/referral');
    expect(await field('rewardPerFriend').inputValue()).toBe('10.00');
    expect(await field('qualifyingDeposits').inputValue()).toBe('50.00');
    expect(await field('maxRewardedFriends').inputValue()).toBe('100');
    await page.screenshot({ path: `${SHOTS}-1440.png`, fullPage: true });

    // Refused in the browser with the update's own schema: nothing is sent, nothing changes.
    const before = await settingsRow();
    await field('rewardPerFriend').fill('0');
    await field('qualifyingDeposits').fill('12.345');
    await field('maxRewardedFriends').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.locator('#referral-rewardPerFriend-error').textContent()).toBe('Enter an amount above zero.');
    expect(await page.locator('#referral-qualifyingDeposits-error').textContent()).toBe(
      'Too many decimal places for the currency.',
    );
    expect(await page.locator('#referral-maxRewardedFriends-error').textContent()).toBe('Too small: at least 1.');
    expect(await field('rewardPerFriend').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}-refused-1440.png`, fullPage: true });
    expect(await settingsRow()).toEqual(before);
    expect(await audits()).toEqual([]);

    await field('rewardPerFriend').fill('15');
    await field('qualifyingDeposits').fill('80');
    await field('maxRewardedFriends').fill('');
    await page.getByRole('switch', { name: 'Programme on' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Referral programme saved.' }).waitFor();
    expect(await settingsRow()).toEqual({
      enabled: false,
      reward_per_friend: '1500',
      qualifying_deposits: '8000',
      cap: null,
    });
    expect(await audits()).toEqual([{ operator_username: FINANCE.username }]);
    expect(await field('rewardPerFriend').inputValue()).toBe('15.00');
    await page.screenshot({ path: `${SHOTS}-saved-1440.png`, fullPage: true });
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('referral-settings').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-phone-390.png`, fullPage: true });
  });

  it('shows support the programme without letting it change it', async () => {
    const support = await newPage(browser, { viewport: 'desktop' });
    await signIn(support.page, server.url, SUPPORT);
    await support.page.goto(`${server.url}/admin/merchants/demo/referral`);
    await support.page.getByTestId('referral-settings').waitFor();
    expect(await support.page.locator('#referral-rewardPerFriend').getAttribute('readonly')).toBe('');
    expect(await support.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await support.page.getByText('Only owners and finance operators change the referral programme.').waitFor();
    await support.context.close();
  });
});
