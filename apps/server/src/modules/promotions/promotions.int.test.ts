import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { approvedDeposit, settledBet } from '../../../test/money-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes, type UploadPart } from '../../../test/uploads';
import type { MerchantContext } from '../../platform/principals';

/**
 * The promotion engine on the real PostgreSQL (decision 0082): a first-deposit promotion joined, its bonus credited
 * by the deposit's event, wagered and released; an application with images approved from the review queue; once per
 * member under 50 concurrent joins; each bad input refused with its own code and nothing granted.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let merchant: MerchantContext;
const members: Record<string, { memberId: string; token: string }> = {};
const tokenOf = (as: string) => members[as]?.token ?? '';
const idOf = (as: string) => members[as]?.memberId ?? '';

const HOUR = 3_600_000;
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });
const site = (as: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  client.send({ method, url, moduleId: 'COMM3', token: tokenOf(as), ...(payload ? { payload } : {}) });
const list = async (as: string) => (await site(as, 'GET', '/wps/promotions/list')).json().value.list as Promo[];
const stateOf = async (as: string, id: string) => (await list(as)).find((p) => p.id === id)?.state;
const wallet = async (as: string, kind: 'main' | 'bonus') =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: idOf(as), wallet: kind },
    })
  ).available;
const bonusCount = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM bonuses')).rows[0].n;

interface Promo {
  id: string;
  state: string;
  title: string;
  ineligibleReason: string | null;
}

const promotion = (values: Record<string, unknown> = {}) =>
  promotionInput({
    texts: { EN: { title: 'First deposit 100%', summary: 'Double it', content: 'Terms apply', imageUrl: '' } },
    percent: 100,
    maxAmount: '50',
    minDeposit: '10',
    wageringMultiple: 2,
    ...values,
  });
const create = async (values: Record<string, unknown> = {}) => {
  const answer = await admin('POST', '/promotions', promotion(values));
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string };
};

const bet = (as: string, stake: bigint) => settledBet(t, idOf(as), stake, 'promo-test');

/** A bank-transfer deposit the desk approves: the order succeeds and deposit.credited is emitted. */
const deposit = (as: string, amount: string) => approvedDeposit(t, merchant, idOf(as), amount);

const image = (bytes: Buffer, filename = 'a.png', type = 'image/png'): UploadPart => ({
  name: 'images',
  filename,
  type,
  bytes,
});
const apply = (as: string, fields: Record<string, string>, files: UploadPart[] = []) => {
  const body = multipart(fields, files);
  return client.send({
    method: 'POST',
    url: '/wps/promotions/apply',
    moduleId: 'COMM3',
    token: tokenOf(as),
    payload: body.payload,
    headers: body.headers,
  });
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
  for (const name of ['pdepo', 'pconc', 'papply', 'pbad', 'plogin'])
    members[name] = await fundedMember(t, client, name, 1n);
}, 300_000);

afterAll(async () => {
  await closeReconciled(t);
}, 120_000);

describe('a first-deposit bonus', () => {
  it('is joined, credited by the deposit, wagered and released, its state following each step', async () => {
    const { id } = await create();
    expect(await stateOf('pdepo', id)).toBe('join');
    const joined = await site('pdepo', 'POST', '/wps/promotions/join', { promotionId: id });
    expect(joined.json().value, joined.body).toMatchObject({ id, state: 'joined' });

    await deposit('pdepo', '80'); // the bank channel's minimum is 50.00
    await t.services.events.drain();
    expect(await stateOf('pdepo', id)).toBe('issued');
    expect(await wallet('pdepo', 'bonus')).toBe(5_000n); // 100% of 80.00, capped at 50.00
    const bonuses = (
      await client.send({ method: 'GET', url: '/wps/bonuses', moduleId: 'REWCEN3', token: tokenOf('pdepo') })
    ).json().value;
    expect(bonuses.list[0]).toMatchObject({
      promotionId: id,
      amount: '50.00',
      requirement: '100.00',
      status: 'active',
    });

    await bet('pdepo', 10_000n);
    await t.services.events.drain();
    expect(await stateOf('pdepo', id)).toBe('claimed');
    expect(await wallet('pdepo', 'bonus')).toBe(0n);
    expect(await wallet('pdepo', 'main')).toBe(1n + 8_000n + 5_000n);

    // A second deposit earns nothing more; the figures count one member and one bonus of 50.00.
    await deposit('pdepo', '60');
    await t.services.events.drain();
    expect(await wallet('pdepo', 'bonus')).toBe(0n);
    const figures = (await admin('GET', '/promotions')).json().value.list.find((p: { id: string }) => p.id === id);
    expect(figures.figures).toEqual({ joined: 1, issued: 1, cost: '50.00' });
    // The member who has deposited before is not eligible any more to a new first-deposit promotion.
    const another = await create();
    const seen = (await list('pdepo')).find((p) => p.id === another.id);
    expect(seen).toMatchObject({ state: 'closed', ineligibleReason: 'promotion_reason_deposited' });
    expect((await site('pdepo', 'POST', '/wps/promotions/join', { promotionId: another.id })).json().errorCode).toBe(
      'promotion_not_eligible',
    );
  }, 300_000);
});

describe('once per member', () => {
  it('lets exactly one of 50 concurrent joins in', async () => {
    const { id } = await create({ kind: 'reload_deposit' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => site('pconc', 'POST', '/wps/promotions/join', { promotionId: id })),
    );
    const codes = answers.map((a) => (a.json().success ? 'ok' : a.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'promotion_already_joined')).toHaveLength(49);
    const rows = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM promotion_entries WHERE promotion_id = $1',
      [id],
    );
    expect(rows.rows[0].n).toBe(1);
  }, 300_000);
});

describe('an application with images', () => {
  it('refuses each bad input with its own code and stores nothing', async () => {
    const { id } = await create({ kind: 'application', fixedAmount: '8', percent: 0 });
    const entries = async () =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM promotion_entries WHERE promotion_id = $1', [id]))
        .rows[0].n;
    const before = await bonusCount();
    const long = await apply('pbad', { promotionId: id, remark: 'x'.repeat(141) });
    expect(long.json()).toMatchObject({ errorCode: 'validation_failed' });
    expect(long.json().fieldErrors).toEqual([expect.objectContaining({ path: 'remark', code: 'field_too_long' })]);
    const four = await apply('pbad', { promotionId: id, remark: 'ok' }, [
      image(pngBytes()),
      image(pngBytes()),
      image(pngBytes()),
      image(pngBytes()),
    ]);
    expect(four.json().errorCode).toBe('upload_too_many');
    const large = await apply('pbad', { promotionId: id, remark: 'ok' }, [
      image(Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 1 - pngBytes().length)])),
    ]);
    expect(large.json().errorCode).toBe('image_too_large');
    const notImage = await apply('pbad', { promotionId: id, remark: 'ok' }, [
      image(Buffer.from('%PDF-1.4 not an image'), 'a.pdf', 'application/pdf'),
    ]);
    expect(notImage.json().errorCode).toBe('image_invalid');
    expect(await entries()).toBe(0);
    expect(await bonusCount()).toBe(before);

    // Joining or claiming an application promotion is the wrong action; a join twice is refused.
    expect((await site('pbad', 'POST', '/wps/promotions/join', { promotionId: id })).json().errorCode).toBe(
      'promotion_wrong_action',
    );
    const reload = await create({ kind: 'reload_deposit' });
    expect((await site('pbad', 'POST', '/wps/promotions/join', { promotionId: reload.id })).json().success).toBe(true);
    expect((await site('pbad', 'POST', '/wps/promotions/join', { promotionId: reload.id })).json().errorCode).toBe(
      'promotion_already_joined',
    );
    // Outside the window: coming soon before, closed after; both refused.
    const later = await create({
      kind: 'reload_deposit',
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    expect(await stateOf('pbad', later.id)).toBe('coming_soon');
    expect((await site('pbad', 'POST', '/wps/promotions/join', { promotionId: later.id })).json().errorCode).toBe(
      'promotion_not_open',
    );
    const over = await create({ kind: 'daily_login', fixedAmount: '1', percent: 0 });
    await t.database.pool.query(
      "UPDATE promotions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = $1",
      [over.id],
    );
    expect(await stateOf('pbad', over.id)).toBe('closed');
    expect((await site('pbad', 'POST', '/wps/promotions/claim', { promotionId: over.id })).json().errorCode).toBe(
      'promotion_not_open',
    );
    // A turnover challenge claimed before its target: not claimable.
    const challenge = await create({ kind: 'turnover_challenge', fixedAmount: '2', percent: 0, turnoverTarget: '100' });
    await site('pbad', 'POST', '/wps/promotions/join', { promotionId: challenge.id });
    expect(await stateOf('pbad', challenge.id)).toBe('in_process');
    expect((await site('pbad', 'POST', '/wps/promotions/claim', { promotionId: challenge.id })).json().errorCode).toBe(
      'promotion_not_claimable',
    );
    expect(await bonusCount()).toBe(before);
  }, 300_000);

  it('is applied for with a remark and images, reviewed in the queue and approved once', async () => {
    const { id } = await create({
      kind: 'application',
      fixedAmount: '8',
      percent: 0,
      wageringMultiple: 1,
      texts: { EN: { title: 'Share a screenshot', summary: '', content: '', imageUrl: '' } },
    });
    const answer = await apply('papply', { promotionId: id, remark: 'My screenshots' }, [
      image(pngBytes()),
      image(jpegBytes(), 'b.jpg', 'image/jpeg'),
    ]);
    expect(answer.json().value, answer.body).toMatchObject({ id, state: 'applying' });
    const queue = (await admin('GET', '/promotion-applications')).json().value;
    const mine = queue.list.find((a: { memberId: string }) => a.memberId === idOf('papply'));
    expect(mine).toMatchObject({ promotionTitle: 'Share a screenshot', account: 'papply', remark: 'My screenshots' });
    expect(mine.images.map((i: { contentType: string }) => i.contentType)).toEqual(['image/png', 'image/jpeg']);

    const [a, b] = await Promise.all([
      admin('POST', `/promotion-applications/${mine.id}`, { decision: 'approve', note: 'Looks good' }),
      admin('POST', `/promotion-applications/${mine.id}`, { decision: 'reject', note: 'No' }),
    ]);
    const outcomes = [a.json(), b.json()].map((r) => (r.success ? r.value.status : r.errorCode)).sort();
    expect(outcomes).toContain('promotion_application_decided');
    const final = (await admin('GET', '/promotion-applications?status=issued')).json().value.list;
    const decided = final.find((x: { id: string }) => x.id === mine.id);
    if (decided) {
      expect(await stateOf('papply', id)).toBe('issued');
      expect(await wallet('papply', 'bonus')).toBe(800n);
      const audit = await t.database.pool.query(
        "SELECT 1 FROM audit_log WHERE action = 'promotion.application_approve' AND target = $1",
        [`member:${idOf('papply')}`],
      );
      expect(audit.rowCount).toBe(1);
    } else {
      expect(await stateOf('papply', id)).toBe('rejected');
      expect(await wallet('papply', 'bonus')).toBe(0n);
    }
  }, 300_000);
});

describe('claimed promotions', () => {
  it('pays a daily-login bonus once a day', async () => {
    const { id } = await create({ kind: 'daily_login', fixedAmount: '1.50', percent: 0, wageringMultiple: 0 });
    expect(await stateOf('plogin', id)).toBe('claim');
    const [a, b] = await Promise.all([
      site('plogin', 'POST', '/wps/promotions/claim', { promotionId: id }),
      site('plogin', 'POST', '/wps/promotions/claim', { promotionId: id }),
    ]);
    const codes = [a.json(), b.json()].map((r) => (r.success ? 'ok' : r.errorCode)).sort();
    expect(codes).toEqual(['ok', 'promotion_already_joined']);
    expect(await wallet('plogin', 'main')).toBe(151n); // no wagering: released at once
    expect(await stateOf('plogin', id)).toBe('claimed');
  }, 300_000);
});

describe('the editor', () => {
  it('refuses a promotion without the default language, with a bad window or amounts, and audits changes', async () => {
    const bad = await admin('POST', '/promotions', promotion({ texts: {}, percent: 0, fixedAmount: '0' }));
    expect(bad.json().errorCode).toBe('validation_failed');
    expect(
      bad
        .json()
        .fieldErrors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['percent', 'texts.EN.title']);
    const window = await admin(
      'POST',
      '/promotions',
      promotion({ startsAt: new Date().toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() }),
    );
    expect(window.json().fieldErrors).toEqual([expect.objectContaining({ path: 'endsAt' })]);
    const { id } = await create();
    const changed = await admin('PUT', `/promotions/${id}`, promotion({ percent: 50, enabled: false }));
    expect(changed.json().value).toMatchObject({ percent: 50, enabled: false });
    const audit = await t.database.pool.query(
      "SELECT details FROM audit_log WHERE action = 'promotion.update' AND target = $1",
      [`promotion:${id}`],
    );
    expect(audit.rows[0].details).toMatchObject({ before: { percent: 100 }, after: { percent: 50 } });
    // A disabled promotion disappears from the member's list.
    expect((await list('plogin')).some((p) => p.id === id)).toBe(false);
  }, 300_000);
});
