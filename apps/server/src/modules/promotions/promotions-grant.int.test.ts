import { randomUUID } from 'node:crypto';
import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { pngBytes } from '../../../test/uploads';
import { hashPassword } from '../../platform/security/password';

/**
 * The manual grant of a promotion's bonus from the back office (issue 28): the promotion's wagering applies, the
 * bonus counts in its figures, the grant and its reason are audited; another merchant's operator and roles without
 * `bonuses.manage` are refused, and bad input changes nothing.
 */

let t: TestApp;
let tokens: Record<string, string> = {};
let promotionId = '';
let memberId = '';

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const grant = (as: string, values: Record<string, unknown> = {}, code = 'demo', id = promotionId) =>
  call(
    as,
    'POST',
    `/promotions/${id}/grants`,
    { requestId: randomUUID(), account: 'granted1', amount: '25', reason: 'Apology for the outage', ...values },
    code,
  );

/** Everything a refused grant must leave alone. */
const snapshot = async () => {
  const { pool } = t.database;
  const count = async (sql: string) => (await pool.query(sql)).rows[0].n as number;
  return {
    bonuses: await count('SELECT count(*)::int AS n FROM bonuses'),
    postings: await count('SELECT count(*)::int AS n FROM ledger_transactions'),
    audit: await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'bonus.grant'"),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  tokens = await signInOperators(t, [{ name: 'yenfinance', role: 'finance', merchantCode: 'yen' }]);
  const created = await call(
    'owner',
    'POST',
    '/promotions',
    promotionInput({
      kind: 'application',
      category: 'special',
      texts: { EN: { title: 'Share your big win', summary: '', content: '', imageUrl: '' } },
      fixedAmount: '20',
      wageringMultiple: 3,
      wageringCategories: ['RNG', 'LIVE'],
      bonusExpiryDays: 10,
    }),
  );
  expect(created.json().success, created.body).toBe(true);
  promotionId = created.json().value.id;
  const member = await t.services.members.create({
    merchantCode: 'demo',
    username: 'granted1',
    account: 'Granted1',
    nickname: 'granted1',
    passwordHash: await hashPassword('Secret123'),
  });
  if (!('row' in member)) throw new Error('member not created');
  memberId = member.row.id;
});

afterAll(async () => {
  await t?.close();
});

describe("granting a promotion's bonus by hand", () => {
  it('credits the bonus wallet with the promotion’s wagering, counts it in the figures and audits the reason', async () => {
    const requestId = randomUUID();
    const answer = await grant('finance', { requestId, account: 'GRANTED1' });
    expect(answer.json().success, answer.body).toBe(true);
    expect(answer.json().value).toMatchObject({
      source: 'manual',
      promotionId,
      title: 'Apology for the outage',
      amount: '25.00',
      requirement: '75.00',
      categories: ['RNG', 'LIVE'],
      status: 'active',
    });
    // The same request again grants once.
    expect((await grant('finance', { requestId })).json().value.id).toBe(answer.json().value.id);
    const bonus = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberId, wallet: 'bonus' },
    });
    expect(bonus.available).toBe(2500n);
    const listed = (await call('owner', 'GET', '/promotions')).json().value.list as {
      id: string;
      figures: unknown;
    }[];
    expect(listed.find((p) => p.id === promotionId)?.figures).toEqual({ joined: 0, issued: 1, cost: '25.00' });
    const audit = await t.database.pool.query(
      "SELECT operator_username, target, merchant_code, details FROM audit_log WHERE action = 'bonus.grant'",
    );
    expect(audit.rows).toEqual([
      {
        operator_username: 'financeop',
        target: `member:${memberId}`,
        merchant_code: 'demo',
        details: expect.objectContaining({ reason: 'Apology for the outage', promotionId, amount: '2500' }),
      },
    ]);
  });

  it("refuses another merchant's operator, roles without the right, and bad input, changing nothing", async () => {
    const before = await snapshot();
    const other = await grant('yenfinance');
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('not_found');
    // The yen operator cannot reach the demo's promotion through its own merchant either.
    const crossed = await grant('yenfinance', {}, 'yen');
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().errorCode).toBe('not_found');
    for (const role of ['risk', 'support', 'content']) {
      const refused = await grant(role);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().errorCode, role).toBe('forbidden');
    }
    const fieldOf = async (values: Record<string, unknown>) => {
      const answer = await grant('owner', values);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errorCode).toBe('validation_failed');
      return answer.json().fieldErrors as { path: string; code: string }[];
    };
    expect(await fieldOf({ account: 'nobody-here' })).toEqual([{ path: 'account', code: 'member_not_found' }]);
    expect(await fieldOf({ amount: '0' })).toEqual([{ path: 'amount', code: 'amount_not_positive' }]);
    expect(await fieldOf({ amount: '1.234' })).toEqual([expect.objectContaining({ path: 'amount' })]);
    expect(await fieldOf({ reason: '  ' })).toEqual([expect.objectContaining({ path: 'reason', code: 'not_empty' })]);
    expect(await fieldOf({ reason: 'x'.repeat(201) })).toEqual([
      expect.objectContaining({ path: 'reason', code: 'field_too_long' }),
    ]);
    const unknown = await grant('owner', {}, 'demo', randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("a promotion's picture", () => {
  const upload = (as: string, bytes: Buffer, code = 'demo') =>
    call(as, 'POST', '/promotions/images', { dataBase64: bytes.toString('base64') }, code);
  const stored = async () =>
    (await t.database.pool.query('SELECT count(*)::int AS n FROM content_images')).rows[0].n as number;
  const audited = async () =>
    (await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'promotion.image_upload'"))
      .rows[0].n as number;

  it('is uploaded by an operator who may edit promotions, re-encoded, served, and audited', async () => {
    const before = await stored();
    const answer = await upload('finance', pngBytes());
    expect(answer.statusCode, answer.body).toBe(200);
    const image = answer.json().value as { id: string; url: string; width: number; height: number };
    expect(image).toMatchObject({ width: 8, height: 8, url: expect.stringContaining(image.id) });
    expect(await stored()).toBe(before + 1);
    const served = await t.request({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    const audit = await t.database.pool.query(
      "SELECT operator_username, details FROM audit_log WHERE action = 'promotion.image_upload' AND target = $1",
      [image.id],
    );
    expect(audit.rows).toEqual([
      { operator_username: 'financeop', details: expect.objectContaining({ width: 8, height: 8 }) },
    ]);
  });

  it('is refused to roles that may not edit promotions, to another merchant, and when it is not a picture', async () => {
    const before = { stored: await stored(), audited: await audited() };
    for (const role of ['risk', 'support']) {
      const refused = await upload(role, pngBytes());
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().errorCode, role).toBe('forbidden');
    }
    const crossed = await upload('yenfinance', pngBytes());
    expect(crossed.statusCode).toBe(404);
    const text = await upload('owner', Buffer.from('not a picture at all'));
    expect(text.json().errorCode).toBe('image_invalid');
    const truncated = await upload('owner', pngBytes().subarray(0, 30));
    expect(truncated.json().errorCode).toBe('image_invalid');
    expect({ stored: await stored(), audited: await audited() }).toEqual(before);
  });
});
