import { promotionInput, redEnvelopeInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { approvedDeposit } from '../../../test/money-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart } from '../../../test/uploads';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';

/**
 * Region eligibility (decisions 0140, 0142): a member's region is the country (trusted CDN header) of its latest
 * successful sign-in, shown to operators with each sign-in's country; a promotion naming regions is open only to
 * members of those, in a request, in the deposit-triggered grant and again when an operator approves an application;
 * a red envelope naming regions is claimed only by members of those, whatever the concurrency; unknown region codes
 * are refused by the editors with a field error.
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
const count = async (table: 'bonuses' | 'promotion_entries' | 'promotions' | 'red_envelopes' | 'audit_log') =>
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
    ['rgapply', 'SG'],
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
  await closeReconciled(t);
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

describe("the back office's view of a member's region", () => {
  it("shows the member's region and each sign-in's country in the member desk and the 360 view", async () => {
    // rgmove signed in from Singapore, then from Malaysia (above); a sign-in without the header has no country.
    await signIn('rgmove', null);
    members.rgmove = { memberId: idOf('rgmove'), token: await signIn('rgmove', 'MY') };
    const desk = await t.request({
      method: 'GET',
      url: `/api/admin/members/${idOf('rgmove')}`,
      headers: { authorization: owner },
    });
    expect(desk.json().value.member, desk.body).toMatchObject({ account: 'rgmove', country: 'MY' });
    const countries = (desk.json().value.logins as { country: string | null; success: boolean }[]).map(
      (login) => login.country,
    );
    expect(countries.slice(0, 2)).toEqual(['MY', null]);
    expect(countries.at(-1)).toBe('SG');

    const overview = await t.request({
      method: 'GET',
      url: `/api/admin/members/${idOf('rgmove')}/overview`,
      headers: { authorization: owner },
    });
    expect(overview.json().value.member, overview.body).toMatchObject({ country: 'MY' });
    expect(overview.json().value.logins[0]).toMatchObject({ country: 'MY', success: true });
    const unknown = await t.request({
      method: 'GET',
      url: `/api/admin/members/${idOf('rgnone')}`,
      headers: { authorization: owner },
    });
    expect(unknown.json().value.member.country).toBeNull();
    expect(unknown.json().value.logins[0]).toMatchObject({ country: null });
  });
});

describe('approving an application', () => {
  const review = (entryId: string, decision: 'approve' | 'reject', note = '') =>
    admin('POST', `/promotion-applications/${entryId}`, { decision, note });
  const applicationInput = (values: Record<string, unknown> = {}) =>
    promotionInput({
      kind: 'application',
      fixedAmount: '5',
      percent: 0,
      regions: ['SG'],
      texts: { EN: { title: 'Regional application', summary: '', content: '', imageUrl: '' } },
      ...values,
    });
  const bonusesOf = async (promotionId: string) =>
    (await t.database.pool.query('SELECT count(*)::int AS n FROM bonuses WHERE promotion_id = $1', [promotionId]))
      .rows[0].n as number;

  it("judges the member's eligibility again: refused with its reason and nothing granted, approved once eligible", async () => {
    const created = await admin('POST', '/promotions', applicationInput());
    expect(created.json().success, created.body).toBe(true);
    const id = created.json().value.id as string;
    const body = multipart({ promotionId: id, remark: 'From Singapore' }, [
      { name: 'images', filename: 'a.jpg', type: 'image/jpeg', bytes: jpegBytes() },
    ]);
    const applied = await client.send({
      method: 'POST',
      url: '/wps/promotions/apply',
      moduleId: 'COMM3',
      token: tokenOf('rgapply'),
      payload: body.payload,
      headers: body.headers,
    });
    expect(applied.json().success, applied.body).toBe(true);
    const entry = (
      (await admin('GET', '/promotion-applications')).json().value.list as { id: string; promotionId: string }[]
    ).find((a) => a.promotionId === id);
    if (!entry) throw new Error('application not queued');

    // The member signs in from Malaysia before the operator looks: the approval is refused, nothing written.
    members.rgapply = { memberId: idOf('rgapply'), token: await signIn('rgapply', 'MY') };
    const audits = await count('audit_log');
    const refused = await review(entry.id, 'approve', 'ok');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'promotion_application_ineligible',
      value: { reason: 'promotion_reason_region' },
    });
    expect(await bonusesOf(id)).toBe(0);
    expect(await count('audit_log')).toBe(audits);
    expect(await seen('rgapply', id)).toMatchObject({ state: 'applying' });

    // Back in Singapore, but the operator raised the promotion's VIP level meanwhile: refused for that reason.
    members.rgapply = { memberId: idOf('rgapply'), token: await signIn('rgapply', 'SG') };
    const raised = await admin('PUT', `/promotions/${id}`, applicationInput({ minVipLevel: 3 }));
    expect(raised.json().success, raised.body).toBe(true);
    expect((await review(entry.id, 'approve')).json()).toMatchObject({
      errorCode: 'promotion_application_ineligible',
      value: { reason: 'promotion_reason_vip' },
    });
    expect(await bonusesOf(id)).toBe(0);

    // Eligible again: approved, granted once; a rejection is never judged (nothing is granted by it).
    const lowered = await admin('PUT', `/promotions/${id}`, applicationInput());
    expect(lowered.json().success, lowered.body).toBe(true);
    const approved = await review(entry.id, 'approve', 'ok');
    expect(approved.json().value, approved.body).toMatchObject({ status: 'issued' });
    expect(await bonusesOf(id)).toBe(1);
    expect((await review(entry.id, 'approve')).json()).toMatchObject({ errorCode: 'promotion_application_decided' });
  });
});

describe('a red envelope open to some regions', () => {
  const envelopeInput = (values: Record<string, unknown> = {}) =>
    redEnvelopeInput({ texts: { EN: { title: 'Regional envelope', blessing: 'Luck' } }, ...values });
  const createEnvelope = async (values: Record<string, unknown>) => {
    const answer = await admin('POST', '/red-envelopes', envelopeInput(values));
    expect(answer.json().success, answer.body).toBe(true);
    return answer.json().value as { id: string; regions: string[] };
  };
  const envelopeSeen = async (as: string, id: string) =>
    ((await site(as, 'GET', '/wps/red-envelopes/list')).json().value.list as { id: string }[]).find((e) => e.id === id);
  const sharesTaken = async (id: string) =>
    (
      await t.database.pool.query(
        'SELECT count(member_id)::int AS n, COALESCE(sum(amount) FILTER (WHERE member_id IS NOT NULL), 0)::text AS paid FROM red_envelope_shares WHERE envelope_id = $1',
        [id],
      )
    ).rows[0] as { n: number; paid: string };

  it('is claimed by a member of an allowed region; others and unknown ones are refused with its reason, nothing paid', async () => {
    const { id, regions } = await createEnvelope({ regions: ['th', 'SG'] });
    expect(regions).toEqual(['SG', 'TH']);
    const bonuses = await count('bonuses');
    for (const as of ['rgmy', 'rgnone']) {
      expect(await envelopeSeen(as, id)).toMatchObject({
        state: 'ineligible',
        ineligibleReason: 'red_envelope_reason_region',
      });
      const refused = (await site(as, 'POST', '/wps/red-envelopes/claim', { envelopeId: id })).json();
      expect(refused).toMatchObject({
        errorCode: 'promotion_not_eligible',
        value: { reason: 'red_envelope_reason_region' },
      });
    }
    expect(await count('bonuses')).toBe(bonuses);
    expect(await sharesTaken(id)).toEqual({ n: 0, paid: '0' });
    expect(await envelopeSeen('rgsg', id)).toMatchObject({ state: 'open', ineligibleReason: null });
    const claimed = await site('rgsg', 'POST', '/wps/red-envelopes/claim', { envelopeId: id });
    expect(claimed.json().success, claimed.body).toBe(true);
    expect(await count('bonuses')).toBe(bonuses + 1);
  });

  it('refuses unknown region codes with a field error on regions, nothing saved; audits the regions', async () => {
    const before = await count('red_envelopes');
    for (const regions of [['SG', 'XX'], ['SGP'], ['']]) {
      const answer = await admin('POST', '/red-envelopes', envelopeInput({ regions }));
      expect(answer.json(), answer.body).toMatchObject({ success: false, errorCode: 'validation_failed' });
      expect(answer.json().fieldErrors, answer.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'regions' })]),
      );
    }
    expect(await count('red_envelopes')).toBe(before);
    const { id } = await createEnvelope({ regions: ['VN'] });
    const updated = await admin('PUT', `/red-envelopes/${id}`, envelopeInput({ regions: ['ID', 'VN'] }));
    expect(updated.json().value, updated.body).toMatchObject({ regions: ['ID', 'VN'] });
    const audit = await t.database.pool.query(
      `SELECT details FROM audit_log WHERE target = $1 AND action = 'red_envelope.update' ORDER BY id DESC LIMIT 1`,
      [`red_envelope:${id}`],
    );
    expect(audit.rows[0]?.details).toMatchObject({ before: { regions: ['VN'] }, after: { regions: ['ID', 'VN'] } });
  });

  it('gives its shares only to members of its regions under concurrent claims, summing exactly to the total', async () => {
    const passwordHash = await hashPassword('Secret123');
    const crowd: { principal: MemberPrincipal; country: string | null }[] = [];
    for (let i = 0; i < 60; i += 1) {
      // 24 from Singapore, 24 from Malaysia, 12 unknown; the region is stored as a sign-in stores it.
      const country = i % 5 === 4 ? null : i % 2 === 0 ? 'SG' : 'MY';
      const created = await t.services.members.create({
        merchantCode: 'demo',
        username: `rgcrowd${i}`,
        account: `rgcrowd${i}`,
        nickname: `rgcrowd${i}`,
        passwordHash,
        country,
      });
      if (!('row' in created)) throw new Error('member not created');
      crowd.push({
        principal: { memberId: created.row.id, merchantCode: 'demo', sessionId: 'test', type: 0 },
        country,
      });
    }
    const { id } = await createEnvelope({ totalAmount: '123.45', shares: 20, regions: ['SG'] });
    const results = await Promise.allSettled(
      crowd.map(({ principal }) => t.services.redEnvelopes.claim(merchant, principal, id)),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ share: r.value, ...crowd[i] }] : []));
    const refusals = results.flatMap((r, i) =>
      r.status === 'rejected'
        ? [{ code: (r.reason as { code?: string }).code, country: crowd[i]?.country ?? null }]
        : [],
    );
    expect(won).toHaveLength(20);
    expect(won.every((w) => w.country === 'SG')).toBe(true);
    expect(won.reduce((sum, w) => sum + w.share.amount, 0n)).toBe(12_345n);
    expect(refusals.filter((r) => r.country !== 'SG').map((r) => r.code)).toEqual(
      Array(36).fill('promotion_not_eligible'),
    );
    expect(refusals.filter((r) => r.country === 'SG').map((r) => r.code)).toEqual(Array(4).fill('red_envelope_empty'));
    expect(await sharesTaken(id)).toEqual({ n: 20, paid: '12345' });
    const paid = await t.database.pool.query(
      `SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::text AS total FROM bonuses WHERE source_key LIKE $1`,
      [`red-envelope:${id}:%`],
    );
    expect(paid.rows[0]).toEqual({ n: 20, total: '12345' });
  }, 300_000);
});

describe('the api-facts 6bis promotion calls', () => {
  it('PROMOFE_getPromotionAnnouncementCategory lists the categories holding published promotions, with counts', async () => {
    await create({ kind: 'daily_login', fixedAmount: '1', category: 'vip' });
    const answer = await client.send({
      method: 'GET',
      url: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
      moduleId: 'COMM3',
    });
    const { rows } = await t.database.pool.query(
      `SELECT category, count(*)::int AS count FROM promotions
        WHERE merchant_code = 'demo' AND enabled AND currency = $1 GROUP BY category`,
      [merchant.settings.currency],
    );
    const order = ['newbie', 'limited', 'special', 'daily', 'vip'];
    const expected = rows
      .sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category))
      .map((row) => ({ category: row.category, count: row.count }));
    expect(answer.json().value.list, answer.body).toEqual(expected);
    expect(expected.some((row) => row.category === 'vip')).toBe(true);
  });

  it('MCSFE_claimLoginPromotion claims a daily-login bonus once and refuses any other kind, nothing granted', async () => {
    const daily = await create({ kind: 'daily_login', fixedAmount: '1', regions: ['MY'] });
    const other = await create({ kind: 'registration', fixedAmount: '1' });
    const bonuses = await count('bonuses');
    const claim = (promotionId: string) =>
      site('rgmy', 'POST', '/wps/relay/MCSFE_claimLoginPromotion', { promotionId });
    expect((await claim(other.id)).json()).toMatchObject({ errorCode: 'promotion_wrong_action' });
    const refused = (
      await site('rgsg', 'POST', '/wps/relay/MCSFE_claimLoginPromotion', { promotionId: daily.id })
    ).json();
    expect(refused).toMatchObject({
      errorCode: 'promotion_not_eligible',
      value: { reason: 'promotion_reason_region' },
    });
    expect(await count('bonuses')).toBe(bonuses);
    const claimed = await claim(daily.id);
    expect(claimed.json().value, claimed.body).toMatchObject({ id: daily.id, state: 'claimed' });
    expect((await claim(daily.id)).json()).toMatchObject({ errorCode: 'promotion_already_joined' });
    expect(await count('bonuses')).toBe(bonuses + 1);
  });
});
