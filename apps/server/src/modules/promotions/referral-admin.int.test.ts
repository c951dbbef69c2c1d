import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A merchant's referral programme from the back office: who may read and change it, what is refused, the audit. */

let t: TestApp;
let tokens: Record<string, string> = {};

const URL = (code = 'demo') => `/api/admin/merchants/${code}/referral-settings`;
const get = (as: string, code = 'demo') =>
  t.request({ method: 'GET', url: URL(code), headers: { authorization: tokens[as] ?? '' } });
const put = (as: string, payload: unknown, code = 'demo') =>
  t.request({
    method: 'PUT',
    url: URL(code),
    headers: { authorization: tokens[as] ?? '' },
    payload: payload as object,
  });

const settings = { enabled: true, rewardPerFriend: '25', qualifyingDeposits: '200.50', maxRewardedFriends: '10' };

/** Everything a refused change must leave alone: the settings and the audit log. */
const snapshot = async () => ({
  settings: (await t.database.pool.query('SELECT * FROM referral_settings ORDER BY merchant_code')).rows,
  audit: (
    await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.settings_update'")
  ).rows[0].n as number,
});

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  tokens = await signInOperators(t, [{ name: 'yenfinance', role: 'finance', merchantCode: 'yen' }]);
});

afterAll(async () => {
  await t.close();
});

describe('reading a merchant’s referral programme', () => {
  it('shows the demo’s seeded programme to owner, finance, risk and support, and an unset one as off', async () => {
    for (const role of ['owner', 'finance', 'risk', 'support']) {
      const response = await get(role);
      expect(response.json().value, role).toEqual({
        currency: 'USD',
        enabled: true,
        rewardPerFriend: '10.00',
        qualifyingDeposits: '50.00',
        maxRewardedFriends: 100,
        updatedAt: expect.any(String),
      });
    }
    expect((await get('yenfinance', 'yen')).json().value).toEqual({
      currency: 'JPY',
      enabled: false,
      rewardPerFriend: null,
      qualifyingDeposits: null,
      maxRewardedFriends: null,
      updatedAt: null,
    });
  });

  it('is refused to content, and hides another merchant from a scoped operator', async () => {
    const content = await get('content');
    expect(content.statusCode).toBe(403);
    expect(content.json().errorCode).toBe('forbidden');
    const other = await get('yenfinance', 'demo');
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('not_found');
  });
});

describe('changing a merchant’s referral programme', () => {
  it('lets finance set it, audits before and after, and the member site sees the change at once', async () => {
    const response = await put('finance', settings);
    expect(response.json().value).toEqual({
      currency: 'USD',
      enabled: true,
      rewardPerFriend: '25.00',
      qualifyingDeposits: '200.50',
      maxRewardedFriends: 10,
      updatedAt: expect.any(String),
    });
    const audit = (
      await t.database.pool.query(
        "SELECT operator_username, merchant_code, target, details FROM audit_log WHERE action = 'referral.settings_update'",
      )
    ).rows;
    expect(audit).toEqual([
      {
        operator_username: 'financeop',
        merchant_code: 'demo',
        target: 'demo',
        details: {
          before: {
            currency: 'USD',
            enabled: true,
            rewardPerFriend: '10.00',
            qualifyingDeposits: '50.00',
            maxRewardedFriends: 100,
          },
          after: {
            currency: 'USD',
            enabled: true,
            rewardPerFriend: '25.00',
            qualifyingDeposits: '200.50',
            maxRewardedFriends: 10,
          },
        },
      },
    ]);

    const off = await put('owner', { ...settings, enabled: false, maxRewardedFriends: '' });
    expect(off.json().value).toMatchObject({ enabled: false, maxRewardedFriends: null });
    const promotions = await t.request({
      method: 'GET',
      url: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      headers: { ModuleId: 'REFERRAL3' },
    });
    expect(promotions.json().value).toEqual({ REFERRAL: { enabled: false } });
  });

  it('sets a first programme in a currency without minor digits, audited with nothing before', async () => {
    const response = await put(
      'yenfinance',
      { ...settings, rewardPerFriend: '500', qualifyingDeposits: '3000' },
      'yen',
    );
    expect(response.json().value).toMatchObject({
      currency: 'JPY',
      rewardPerFriend: '500',
      qualifyingDeposits: '3000',
    });
    const [last] = (
      await t.database.pool.query(
        "SELECT details FROM audit_log WHERE action = 'referral.settings_update' ORDER BY id DESC LIMIT 1",
      )
    ).rows;
    expect(last.details.before).toBeNull();
    expect(last.details.after).toMatchObject({ currency: 'JPY', rewardPerFriend: '500' });
  });

  it('refuses risk and support, and a scoped operator on another merchant, changing nothing', async () => {
    const before = await snapshot();
    for (const role of ['risk', 'support', 'content']) {
      const response = await put(role, settings);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().errorCode).toBe('forbidden');
    }
    expect((await put('yenfinance', settings, 'demo')).json().errorCode).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad settings with an error per field and changes nothing', async () => {
    const before = await snapshot();
    const response = await put('owner', {
      enabled: 'yes',
      rewardPerFriend: '0',
      qualifyingDeposits: '10000000000.01',
      maxRewardedFriends: '-3',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'enabled', code: 'field_invalid' }],
    });
    // Past the shape, the amounts are judged in the merchant's currency, each on its own field.
    const amounts = await put('owner', {
      enabled: true,
      rewardPerFriend: '0',
      qualifyingDeposits: '10000000000.01',
      maxRewardedFriends: '2.5',
    });
    expect(amounts.statusCode).toBe(400);
    expect(amounts.json().fieldErrors).toEqual([
      { path: 'rewardPerFriend', code: 'amount_not_positive' },
      { path: 'qualifyingDeposits', code: 'field_too_large', params: { max: '10000000000.00' } },
      { path: 'maxRewardedFriends', code: 'field_invalid' },
    ]);
    const yen = await put('yenfinance', { ...settings, rewardPerFriend: '0.5' }, 'yen');
    expect(yen.json().fieldErrors).toEqual([
      { path: 'rewardPerFriend', code: 'amount_too_precise' },
      { path: 'qualifyingDeposits', code: 'amount_too_precise' },
    ]);
    const unknown = await put('owner', { ...settings, bonus: '5' });
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
