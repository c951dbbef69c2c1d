import type { AdminVipLevels } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** VIP levels from the back office: who may read and change them, what is refused, what is audited. */

let t: TestApp;
const tokens: Record<string, string> = {};

const URL = (code = 'demo', rank?: number) => `/api/admin/merchants/${code}/vip-levels${rank ? `/${rank}` : ''}`;
const send = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: tokens[as] ?? '' }, ...(payload ? { payload } : {}) });

const level = (overrides: Record<string, unknown> = {}) => ({
  names: { EN: 'Obsidian', CN: '黑曜石' },
  depositRequirement: '60000',
  validBetRequirement: '300000',
  upgradeBonus: '888.88',
  benefits: { EN: 'Upgrade bonus\nA yacht day' },
  ...overrides,
});

/** The levels and the VIP audit rows: what a refused change must leave alone. */
const snapshot = async () => ({
  levels: (
    await t.database.pool.query(
      `SELECT merchant_code, rank_level, names, deposit_requirement::text, valid_bet_requirement::text,
              upgrade_bonus::text, benefits, updated_at FROM vip_levels ORDER BY 1, 2`,
    )
  ).rows,
  audit: (await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'vip.%'")).rows[0]
    .n as number,
});

const lastAudit = async () =>
  (
    await t.database.pool.query(
      "SELECT action, target, merchant_code, details FROM audit_log WHERE action LIKE 'vip.%' ORDER BY id DESC LIMIT 1",
    )
  ).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'yen', {
    name: 'Yen',
    currency: 'JPY',
    defaultLanguage: 'JA',
    supportedLanguages: ['JA', 'EN'],
  });
  Object.assign(tokens, await signInOperators(t, [{ name: 'yenfinance', role: 'finance', merchantCode: 'yen' }]));
});

afterAll(async () => {
  await t.close();
});

describe('reading a merchant’s VIP levels', () => {
  it('lists the levels in the merchant’s currency and languages for owner, finance, risk and support', async () => {
    for (const role of ['owner', 'finance', 'risk', 'support']) {
      const body = (await send(role, 'GET', URL())).json();
      expect(body.success, role).toBe(true);
      const value = body.value as AdminVipLevels;
      expect(value.currency).toBe('USD');
      expect(value.defaultLanguage).toBe('EN');
      expect(value.levels.map((row) => row.rankLevel)).toEqual([1, 2, 3, 4, 5]);
      expect(value.levels[0]).toMatchObject({
        names: expect.objectContaining({ EN: 'Bronze', CN: '青铜' }),
        depositRequirement: '50.00',
        validBetRequirement: '200.00',
        upgradeBonus: '5.00',
      });
    }
  });

  it('is refused to content, and hides another merchant from a scoped operator', async () => {
    const content = await send('content', 'GET', URL());
    expect(content.statusCode).toBe(403);
    expect(content.json().errorCode).toBe('forbidden');
    const other = await send('yenfinance', 'GET', URL('demo'));
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('not_found');
    expect((await send('yenfinance', 'GET', URL('yen'))).json().value).toMatchObject({ currency: 'JPY', levels: [] });
  });
});

describe('changing them', () => {
  it('lets risk and support only read: a change is forbidden and changes nothing', async () => {
    const before = await snapshot();
    for (const role of ['risk', 'support', 'content']) {
      for (const [method, url, body] of [
        ['POST', URL(), level()],
        ['PUT', URL('demo', 1), level({ depositRequirement: '10' })],
        ['DELETE', URL('demo', 5), undefined],
      ] as const) {
        const answer = await send(role, method, url, body);
        expect(answer.statusCode, `${role} ${method}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds a level above the highest (finance), audited with what it holds', async () => {
    const answer = await send('finance', 'POST', URL(), level());
    expect(answer.statusCode).toBe(200);
    const value = answer.json().value as AdminVipLevels;
    expect(value.levels.at(-1)).toMatchObject({
      rankLevel: 6,
      names: { EN: 'Obsidian', CN: '黑曜石' },
      benefits: { EN: ['Upgrade bonus', 'A yacht day'] },
      depositRequirement: '60000.00',
      validBetRequirement: '300000.00',
      upgradeBonus: '888.88',
    });
    expect(await lastAudit()).toMatchObject({
      action: 'vip.level_create',
      target: 'rank:6',
      merchant_code: 'demo',
      details: {
        currency: 'USD',
        before: null,
        after: expect.objectContaining({ rankLevel: 6, upgradeBonus: '888.88' }),
      },
    });
    const visitors = (
      await t.request({ method: 'GET', url: '/wps/promotions/vip/levels', headers: { ModuleId: 'VIP3' } })
    ).json().value;
    expect(visitors.levels.at(-1)).toMatchObject({ rankLevel: 6, labelName: 'Obsidian' });
  });

  it('replaces a level, audited with before and after', async () => {
    const answer = await send('owner', 'PUT', URL('demo', 6), level({ upgradeBonus: '999', names: { EN: 'Onyx' } }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value.levels.at(-1)).toMatchObject({ names: { EN: 'Onyx' }, upgradeBonus: '999.00' });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'vip.level_update', target: 'rank:6' });
    expect(audit.details.before).toMatchObject({ names: { EN: 'Obsidian', CN: '黑曜石' }, upgradeBonus: '888.88' });
    expect(audit.details.after).toMatchObject({ names: { EN: 'Onyx' }, upgradeBonus: '999.00' });
  });

  it('refuses bad input field by field with a 400, and changes nothing', async () => {
    const before = await snapshot();
    const answer = await send(
      'owner',
      'PUT',
      URL('demo', 3),
      level({
        names: { EN: ' ', CN: 'x'.repeat(40) },
        depositRequirement: '10.001',
        validBetRequirement: '-5',
        upgradeBonus: 'lots',
        benefits: { EN: 'a\nb\nc\nd\ne\nf\ng' },
      }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('validation_failed');
    expect(answer.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'names.EN', code: 'not_empty' },
        { path: 'names.CN', code: 'field_too_long', params: { max: 32 } },
        { path: 'depositRequirement', code: 'amount_too_precise' },
        { path: 'validBetRequirement', code: 'amount_not_positive' },
        { path: 'upgradeBonus', code: 'amount_not_numeric' },
        { path: 'benefits.EN', code: 'vip_benefits_too_many', params: { max: 6 } },
      ]),
    );
    // An unknown language is refused by the request's shape before anything else is judged.
    const unknownLanguage = await send('owner', 'PUT', URL('demo', 3), level({ benefits: { XX: 'nope' } }));
    expect(unknownLanguage.json().fieldErrors).toEqual([{ path: 'benefits.XX', code: 'field_unknown' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps requirements from falling or rising past the levels around the one changed', async () => {
    const before = await snapshot();
    const below = await send(
      'owner',
      'PUT',
      URL('demo', 3),
      level({ names: { EN: 'Gold' }, depositRequirement: '499.99', validBetRequirement: '50000.01' }),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json().fieldErrors).toEqual([
      { path: 'depositRequirement', code: 'vip_below_lower_level', params: { min: '500.00' } },
      { path: 'validBetRequirement', code: 'vip_above_higher_level', params: { max: '50000.00' } },
    ]);
    const newTop = await send('owner', 'POST', URL(), level({ depositRequirement: '1' }));
    expect(newTop.json().fieldErrors).toEqual([
      { path: 'depositRequirement', code: 'vip_below_lower_level', params: { min: '60000.00' } },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('judges amounts in the merchant’s currency and names in its languages (JPY, JA and EN)', async () => {
    const yen = await send(
      'yenfinance',
      'POST',
      URL('yen'),
      level({ names: { EN: 'Gold' }, depositRequirement: '10.5', benefits: { CN: '不' } }),
    );
    expect(yen.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'names.JA', code: 'not_empty' },
        { path: 'depositRequirement', code: 'amount_too_precise' },
        { path: 'benefits.CN', code: 'field_not_allowed' },
      ]),
    );
    const ok = await send('yenfinance', 'POST', URL('yen'), level({ names: { JA: 'ゴールド' }, upgradeBonus: '5000' }));
    expect(ok.json().value.levels).toEqual([expect.objectContaining({ rankLevel: 1, upgradeBonus: '5000' })]);
  });

  it('removes only the highest level, and answers not_found for a level that does not exist', async () => {
    const before = await snapshot();
    const middle = await send('finance', 'DELETE', URL('demo', 3));
    expect(middle.statusCode).toBe(409);
    expect(middle.json().errorCode).toBe('vip_level_not_last');
    expect((await send('finance', 'PUT', URL('demo', 40), level())).json().errorCode).toBe('not_found');
    expect((await send('finance', 'DELETE', URL('demo', 40))).json().errorCode).toBe('not_found');
    expect(await snapshot()).toEqual(before);

    const removed = await send('finance', 'DELETE', URL('demo', 6));
    expect(removed.json().value.levels.map((row: { rankLevel: number }) => row.rankLevel)).toEqual([1, 2, 3, 4, 5]);
    expect(await lastAudit()).toMatchObject({
      action: 'vip.level_delete',
      target: 'rank:6',
      details: { before: expect.objectContaining({ names: { EN: 'Onyx' } }), after: null },
    });
  });

  it('commits a change only with its audit row: an audit that fails leaves the levels as they were', async () => {
    const before = await snapshot();
    const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
    await expect(
      t.services.vip.updateLevel(
        merchant,
        1,
        level({ depositRequirement: '1', validBetRequirement: '1' }),
        async () => {
          throw new Error('audit store unavailable');
        },
      ),
    ).rejects.toThrow('audit store unavailable');
    expect(await snapshot()).toEqual(before);
  });
});
