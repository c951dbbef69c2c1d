import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { approvedDeposit } from '../../../test/money-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';
import { reconcileLedger } from '../ledger';

/**
 * Region eligibility (decision 0140): a member's region is the country (trusted CDN header) of its latest successful
 * sign-in; a promotion naming regions is open only to members of those, in a request and in the deposit-triggered
 * grant; unknown region codes are refused by the editor with a field error.
 */

const HEADER = 'cf-ipcountry';
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let merchant: MerchantContext;
const members: Record<string, { memberId: string; token: string }> = {};
const tokenOf = (as: string) => members[as]?.token ?? '';
const idOf = (as: string) => members[as]?.memberId ?? '';

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });
const site = (as: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  client.send({ method, url, moduleId: 'COMM3', token: tokenOf(as), ...(payload ? { payload } : {}) });
const seen = async (as: string, id: string) =>
  ((await site(as, 'GET', '/wps/promotions/list')).json().value.list as { id: string; state: string }[]).find(
    (p) => p.id === id,
  );
const count = async (table: 'bonuses' | 'promotion_entries' | 'promotions') =>
  (await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

/** Signs a member in from `country` (no header when null): its region becomes that country. */
const signIn = async (username: string, country: string | null) => {
  const login = await client.sealed(
    'POST',
    '/wps/session/login',
    { username, password: 'Secret123', botCheck: await client.botCheck() },
    { moduleId: 'COMM3', ...(country ? { headers: { [HEADER]: country } } : {}) },
  );
  expect(login.json().success, login.body).toBe(true);
  return login.json().value.token as string;
};

const create = async (values: Record<string, unknown>) => {
  const answer = await admin(
    'POST',
    '/promotions',
    promotionInput({
      texts: { EN: { title: 'Regional', summary: '', content: '', imageUrl: '' } },
      ...values,
    }),
  );
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string; regions: string[] };
};

beforeAll(async () => {
  t = await createTestApp({ COUNTRY_HEADER: HEADER }, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
  const passwordHash = await hashPassword('Secret123');
  for (const [name, country] of [
    ['rgsg', 'SG'],
    ['rgmy', 'MY'],
    ['rgnone', null],
    ['rgmove', 'SG'],
  ] as const) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username: name,
      account: name,
      nickname: name,
      passwordHash,
    });
    if (!('row' in created)) throw new Error(`member ${name} not created`);
    members[name] = { memberId: created.row.id, token: await signIn(name, country) };
  }
}, 300_000);

afterAll(async () => {
  const report = await reconcileLedger(t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await t.close();
}, 120_000);

describe("a member's region", () => {
  it('is the country of its latest successful sign-in, recorded with the sign-in; null without the header', async () => {
    expect((await t.services.members.findById(idOf('rgsg')))?.country).toBe('SG');
    expect((await t.services.members.findById(idOf('rgnone')))?.country).toBeNull();
    const logins = await t.database.pool.query(
      'SELECT country, success FROM member_logins WHERE member_id = $1 ORDER BY id',
      [idOf('rgmy')],
    );
    expect(logins.rows).toEqual([{ country: 'MY', success: true }]);
  });

  it('is the country of its registration', async () => {
    const answer = await client.sealed(
      'PUT',
      '/wps/member/register',
      {
        username: 'rgnewth',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        mobileNum: '81230140',
        countryDialingCode: '65',
        termsAccepted: true,
        botCheck: await client.botCheck(),
      },
      { moduleId: 'REG3', headers: { [HEADER]: 'th' } },
    );
    expect(answer.json().success, answer.body).toBe(true);
    expect((await t.services.members.findByUsername('demo', 'rgnewth'))?.country).toBe('TH');
  });
});

describe('a promotion open to some regions', () => {
  it('is joined by a member of an allowed region; others and unknown ones are refused with reason region', async () => {
    const { id, regions } = await create({
      kind: 'reload_deposit',
      percent: 10,
      frequency: 'daily',
      regions: ['sg', 'TH'],
    });
    expect(regions).toEqual(['SG', 'TH']);
    expect(await seen('rgsg', id)).toMatchObject({ state: 'join', ineligibleReason: null });
    const joined = await site('rgsg', 'POST', '/wps/promotions/join', { promotionId: id });
    expect(joined.json().success, joined.body).toBe(true);

    const entries = await count('promotion_entries');
    for (const as of ['rgmy', 'rgnone']) {
      expect(await seen(as, id)).toMatchObject({ state: 'closed', ineligibleReason: 'promotion_reason_region' });
      const refused = (await site(as, 'POST', '/wps/promotions/join', { promotionId: id })).json();
      expect(refused).toMatchObject({
        errorCode: 'promotion_not_eligible',
        value: { reason: 'promotion_reason_region' },
      });
    }
    expect(await count('promotion_entries')).toBe(entries);
  });

  it('refuses a claim of a member of another region, nothing granted', async () => {
    const { id } = await create({ kind: 'daily_login', fixedAmount: '1', regions: ['MY'] });
    const bonuses = await count('bonuses');
    const refused = (await site('rgsg', 'POST', '/wps/promotions/claim', { promotionId: id })).json();
    expect(refused).toMatchObject({
      errorCode: 'promotion_not_eligible',
      value: { reason: 'promotion_reason_region' },
    });
    expect(await count('bonuses')).toBe(bonuses);
    const claimed = await site('rgmy', 'POST', '/wps/promotions/claim', { promotionId: id });
    expect(claimed.json().success, claimed.body).toBe(true);
    expect(await count('bonuses')).toBe(bonuses + 1);
  });

  it("grants a deposit's bonus by the stored region: a member who signed in from elsewhere since joining earns none", async () => {
    const { id } = await create({ kind: 'reload_deposit', percent: 10, regions: ['SG'] });
    for (const as of ['rgsg', 'rgmove']) {
      const joined = await site(as, 'POST', '/wps/promotions/join', { promotionId: id });
      expect(joined.json().success, joined.body).toBe(true);
    }
    // rgmove signs in again from Malaysia: its region is MY now.
    members.rgmove = { memberId: idOf('rgmove'), token: await signIn('rgmove', 'MY') };
    const bonusOf = async (as: string) =>
      (
        await t.database.pool.query(
          'SELECT count(*)::int AS n FROM bonuses WHERE member_id = $1 AND promotion_id = $2',
          [idOf(as), id],
        )
      ).rows[0].n;
    await approvedDeposit(t, merchant, idOf('rgsg'), '60');
    await approvedDeposit(t, merchant, idOf('rgmove'), '60');
    await t.services.events.drain();
    expect(await bonusOf('rgsg')).toBe(1);
    expect(await bonusOf('rgmove')).toBe(0);
    expect(await seen('rgmove', id)).toMatchObject({ state: 'joined' });
  });
});

describe('the editor', () => {
  it('refuses unknown region codes with a field error on regions, nothing saved', async () => {
    const before = await count('promotions');
    for (const regions of [['SG', 'XX'], ['SGP'], ['1'], ['']]) {
      const answer = await admin('POST', '/promotions', promotionInput({ percent: 10, regions }));
      expect(answer.json(), answer.body).toMatchObject({ success: false, errorCode: 'validation_failed' });
      expect(answer.json().fieldErrors ?? answer.json().value?.fieldErrors, answer.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'regions' })]),
      );
    }
    expect(await count('promotions')).toBe(before);
  });

  it('audits the regions with the rest of the form', async () => {
    const { id } = await create({ percent: 10, regions: ['VN'] });
    const updated = await admin(
      'PUT',
      `/promotions/${id}`,
      promotionInput({
        texts: { EN: { title: 'Regional', summary: '', content: '', imageUrl: '' } },
        percent: 10,
        regions: ['VN', 'ID'],
      }),
    );
    expect(updated.json().value, updated.body).toMatchObject({ regions: ['ID', 'VN'] });
    const audit = await t.database.pool.query(
      `SELECT details FROM audit_log WHERE target = $1 AND action = 'promotion.update' ORDER BY id DESC LIMIT 1`,
      [`promotion:${id}`],
    );
    expect(audit.rows[0]?.details).toMatchObject({ before: { regions: ['VN'] }, after: { regions: ['ID', 'VN'] } });
  });
});
