import { randomUUID } from 'node:crypto';
import { type AdminRebateSettings, gameCategories, type RebateOverview } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, merchantResource, signInOperators } from '../../../test/back-office';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Manual rebate settings from the back office: who may read and change them, what is refused, what is audited. */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};

const { get, put } = merchantResource(() => t, tokens, 'rebate-settings');
const { get: claimsOf } = merchantResource(() => t, tokens, 'rebate-claims');

/** What a new member of the demo merchant sees on its manual-rebate page. */
const memberView = async (username: string): Promise<RebateOverview> => {
  const { token } = await fundedMember(t, client, username, 1n);
  const view = await client.send({
    method: 'GET',
    url: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    moduleId: 'MANUALREBATE3',
    token,
  });
  return view.json().value;
};

const allRates = (rate: string) => Object.fromEntries(gameCategories.map((category) => [category, rate]));
const valid = { rates: { ...allRates('0.5'), INHOUSE: '1.25' }, minimum: '2', maximum: '300' };

/** Everything a refused change must leave alone: the settings, the rates and the audit log. */
const snapshot = async () => ({
  settings: (await t.database.pool.query('SELECT * FROM rebate_settings ORDER BY merchant_code')).rows,
  rates: (await t.database.pool.query('SELECT * FROM rebate_rates ORDER BY merchant_code, game_type')).rows,
  audit: (
    await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'rebate.settings_update'")
  ).rows[0].n as number,
});

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  Object.assign(tokens, await signInOperators(t, [{ name: 'yenfinance', role: 'finance', merchantCode: 'yen' }]));
});

afterAll(async () => {
  await t.close();
});

describe('reading a merchant’s rebate settings', () => {
  it('shows the seeded demo rates, and nothing rebated with one unit as the minimum for a merchant without any', async () => {
    for (const role of ['owner', 'finance', 'risk', 'support']) {
      const response = await get(role);
      expect(response.json().success, role).toBe(true);
    }
    const demo = (await get('risk')).json().value as AdminRebateSettings;
    expect(demo).toMatchObject({ currency: 'USD', minimum: '0.50', maximum: '1000.00', isDefault: false });
    expect(demo.rates).toMatchObject({ INHOUSE: '1.00', RNG: '0.80', LIVE: '0.60', LOTT: '0.30' });
    const yen = (await get('yenfinance', 'yen')).json().value as AdminRebateSettings;
    expect(yen).toMatchObject({ currency: 'JPY', minimum: '1', maximum: null, isDefault: true, updatedAt: null });
    expect(Object.values(yen.rates).every((rate) => rate === '0.00')).toBe(true);
  });

  it('is refused to content, and hides another merchant from a scoped operator', async () => {
    const refused = await get('content');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('forbidden');
    expect((await claimsOf('content')).statusCode).toBe(403);
    const other = await get('yenfinance', 'demo');
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('not_found');
    expect((await claimsOf('yenfinance', 'demo')).statusCode).toBe(404);
  });
});

describe('changing a merchant’s rebate settings', () => {
  it('saves every rate, the minimum and maximum, audits before and after, and the member sees them at once', async () => {
    const response = await put('finance', valid);
    expect(response.json().success).toBe(true);
    expect(response.json().value).toMatchObject({ minimum: '2.00', maximum: '300.00', isDefault: false });
    expect(response.json().value.rates).toMatchObject({ INHOUSE: '1.25', RNG: '0.50' });
    const [audit] = (
      await t.database.pool.query(
        "SELECT operator_username, merchant_code, target, details FROM audit_log WHERE action = 'rebate.settings_update'",
      )
    ).rows;
    expect(audit).toMatchObject({ operator_username: 'financeop', merchant_code: 'demo', target: 'demo' });
    expect(audit.details.currency).toBe('USD');
    expect(audit.details.before).toMatchObject({ minimum: '0.50', maximum: '1000.00', isDefault: false });
    expect(audit.details.before.rates.INHOUSE).toBe('1.00');
    expect(audit.details.after).toMatchObject({ minimum: '2.00', maximum: '300.00', isDefault: false });
    expect(audit.details.after.rates.INHOUSE).toBe('1.25');

    const view = await memberView('rebateview');
    expect(view).toMatchObject({ minimum: '2.00', maximum: '300.00' });
    expect(view.categories[0]).toMatchObject({ productType: 'INHOUSE', rate: '1.25' });
  });

  it('takes no maximum as an empty field, and a 0 % category off the member’s page', async () => {
    const response = await put('owner', { ...valid, rates: { ...valid.rates, COCKFIGHT: '0' }, maximum: '' });
    expect(response.json().value).toMatchObject({ maximum: null });
    expect(response.json().value.rates.COCKFIGHT).toBe('0.00');
    const shown = (await memberView('rebateoff')).categories.map((row) => row.productType);
    expect(shown).not.toContain('COCKFIGHT');
    expect(shown).toHaveLength(gameCategories.length - 1);
  });

  it('refuses bad input with an error per field and changes nothing', async () => {
    const before = await snapshot();
    const response = await put('finance', {
      rates: { ...valid.rates, RNG: '10.5', LIVE: '0.00001', FISH: 'lots' },
      minimum: '0.001',
      maximum: '-3',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation_failed');
    expect(response.json().fieldErrors).toEqual([
      { path: 'rates.RNG', code: 'field_too_large', params: { max: '10.00' } },
      { path: 'rates.LIVE', code: 'rebate_rate_too_precise' },
      { path: 'rates.FISH', code: 'field_invalid' },
      { path: 'minimum', code: 'amount_too_precise' },
      { path: 'maximum', code: 'amount_not_positive' },
    ]);
    const order = await put('finance', { ...valid, minimum: '50', maximum: '20' });
    expect(order.json().fieldErrors).toEqual([
      { path: 'maximum', code: 'rebate_maximum_below_minimum', params: { min: '50.00' } },
    ]);
    const yen = await put('yenfinance', { ...valid, minimum: '0.5', maximum: '' }, 'yen');
    expect(yen.json().fieldErrors).toEqual([{ path: 'minimum', code: 'amount_too_precise' }]);
    const shape = await put('finance', { rates: { RNG: '1' }, minimum: '1', maximum: '', extra: true });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().fieldErrors).toContainEqual({ path: 'extra', code: 'field_unknown' });
    expect(await snapshot()).toEqual(before);
  });

  it('is refused to risk, support and content and to an operator of another merchant; nothing changes', async () => {
    const before = await snapshot();
    for (const role of ['risk', 'support', 'content']) {
      const response = await put(role, valid);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().errorCode).toBe('forbidden');
    }
    expect((await put('yenfinance', valid)).statusCode).toBe(404);
    expect((await put('finance', valid, 'nosuch')).json().errorCode).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps rates and amounts in range in the tables themselves', async () => {
    await expect(
      t.database.pool.query(
        "INSERT INTO rebate_rates (merchant_code, game_type, rate_ppm) VALUES ('demo', 'X', 100001)",
      ),
    ).rejects.toThrow(/rebate_rates_range/);
    await expect(
      t.database.pool.query("INSERT INTO rebate_settings (merchant_code, minimum_amount) VALUES ('zero', 0)"),
    ).rejects.toThrow(/rebate_settings_minimum_positive/);
    await expect(
      t.database.pool.query(
        "INSERT INTO rebate_settings (merchant_code, minimum_amount, maximum_amount) VALUES ('order', 10, 9)",
      ),
    ).rejects.toThrow(/rebate_settings_maximum_order/);
  });

  it('leaves nothing behind when the audit row cannot be written', async () => {
    const before = await snapshot();
    const merchant = await merchantLikeDemo(t, 'yen');
    await expect(
      t.services.rebate.updateSettings(
        merchant,
        {
          ratesPpm: { ...Object.fromEntries(gameCategories.map((c) => [c, 0])), RNG: 5_000 } as never,
          minimum: 1n,
          maximum: null,
        },
        async (client) => {
          await client.query("INSERT INTO audit_log (action, ip) VALUES ('rebate.settings_update', NULL)");
        },
      ),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});

describe('a merchant’s collections', () => {
  it('lists them newest first with the member’s account, to the roles that read settings', async () => {
    const { memberId, token } = await fundedMember(t, client, 'rebatelisted', 1n);
    await t.services.bets.recordSettledRound({
      source: 'test',
      provider: 'rebate-test',
      roundRef: randomUUID(),
      merchantCode: 'demo',
      memberId,
      gameId: 1,
      gameType: 'INHOUSE',
      vendorCode: 'TEST',
      currency: 'USD',
      betAmount: 20_000n,
      payout: 0n,
    });
    const collected = await client.send({
      method: 'POST',
      url: '/wps/rebate/collect',
      moduleId: 'MANUALREBATE3',
      token,
      payload: {},
    });
    expect(collected.json().value).toMatchObject({ amount: '2.50' }); // 200.00 at 1.25 %
    const list = (await claimsOf('support')).json().value;
    expect(list).toMatchObject({ totalCount: 1, pageNo: 1, totalPages: 1 });
    expect(list.list[0]).toMatchObject({ memberId, account: 'rebatelisted', amount: '2.50', validBet: '200.00' });
    expect((await claimsOf('yenfinance', 'yen')).json().value).toMatchObject({ totalCount: 0, list: [] });
  });
});
