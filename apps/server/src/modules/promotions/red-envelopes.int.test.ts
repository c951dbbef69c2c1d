import { randomUUID } from 'node:crypto';
import { hashServerSeed, splitRandom } from '@tessera/engines';
import { redEnvelopeInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';

/**
 * Red envelopes created by operators on the real PostgreSQL (decision 0098): the editor's split is committed and
 * recomputable from the revealed seed; a member claims one share, once; 1,000 concurrent claims on a 100-share
 * envelope give exactly 100 winners whose shares sum to the total; each refusal pays nothing.
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
const count = async (sql: string, params: unknown[] = []) =>
  (await t.database.pool.query(sql, params)).rows[0].n as number;
const bonusCount = () => count('SELECT count(*)::int AS n FROM bonuses');
const postings = () => count('SELECT count(*)::int AS n FROM ledger_transactions');
const wallet = async (memberId: string, kind: 'main' | 'bonus') =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberId, wallet: kind },
    })
  ).available;

interface Envelope {
  id: string;
  state: string;
  title: string;
  myAmount: string | null;
  sharesLeft: number;
  ineligibleReason: string | null;
  fairness: { seedHash: string; serverSeed: string | null };
}

const input = (values: Record<string, unknown> = {}) =>
  redEnvelopeInput({
    texts: { EN: { title: `Envelope ${randomUUID().slice(0, 8)}`, blessing: 'Good luck' } },
    totalAmount: '100',
    shares: 10,
    ...values,
  });
const create = async (values: Record<string, unknown> = {}) => {
  const answer = await admin('POST', '/red-envelopes', input(values));
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string; seedHash: string; figures: { claimed: number; paid: string } };
};
const listed = async (as: string, id: string) =>
  ((await site(as, 'GET', '/wps/red-envelopes/list')).json().value.list as Envelope[]).find((e) => e.id === id);
const sharesOf = async (id: string) =>
  (
    await t.database.pool.query(
      'SELECT position, amount::text AS amount, member_id, bonus_id FROM red_envelope_shares WHERE envelope_id = $1 ORDER BY position',
      [id],
    )
  ).rows as { position: number; amount: string; member_id: string | null; bonus_id: string | null }[];

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
  for (const name of ['renv1', 'renv2', 'renvbad']) members[name] = await fundedMember(t, client, name, 1n);
}, 300_000);

afterAll(async () => {
  await closeReconciled(t);
}, 120_000);

describe('the editor', () => {
  it('splits the total at creation, commits the seed by its hash and audits the creation', async () => {
    const created = await create({ totalAmount: '12.34', shares: 7 });
    const shares = await sharesOf(created.id);
    expect(shares.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shares.reduce((sum, s) => sum + BigInt(s.amount), 0n)).toBe(1_234n);
    expect(shares.every((s) => BigInt(s.amount) >= 1n && s.member_id === null)).toBe(true);
    const seed = (await t.database.pool.query('SELECT server_seed FROM red_envelopes WHERE id = $1', [created.id]))
      .rows[0].server_seed as string;
    expect(hashServerSeed(seed)).toBe(created.seedHash);
    expect(splitRandom(1_234n, 7, seed).map(String)).toEqual(shares.map((s) => s.amount));
    expect(created.figures).toEqual({ claimed: 0, paid: '0.00' });
    const audit = await count(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'red_envelope.create' AND target = $1",
      [`red_envelope:${created.id}`],
    );
    expect(audit).toBe(1);
  });

  it('refuses bad input with its own code and writes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM red_envelopes');
    const small = await admin('POST', '/red-envelopes', input({ totalAmount: '0.05', shares: 6 }));
    expect(small.json()).toMatchObject({ errorCode: 'red_envelope_too_small' });
    expect(small.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'totalAmount', code: 'red_envelope_too_small' }),
    ]);
    const noText = await admin('POST', '/red-envelopes', input({ texts: {} }));
    expect(noText.json().fieldErrors).toEqual([expect.objectContaining({ path: 'texts.EN.title', code: 'not_empty' })]);
    const window = await admin(
      'POST',
      '/red-envelopes',
      input({ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() }),
    );
    expect(window.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'endsAt', code: 'date_range_invalid' }),
    ]);
    const tooMany = await admin('POST', '/red-envelopes', input({ shares: 10_001 }));
    expect(tooMany.json().fieldErrors).toEqual([expect.objectContaining({ path: 'shares', code: 'field_too_large' })]);
    expect(await count('SELECT count(*)::int AS n FROM red_envelopes')).toBe(before);

    const { id } = await create();
    const resplit = await admin('PUT', `/red-envelopes/${id}`, input({ shares: 11 }));
    expect(resplit.json()).toMatchObject({ errorCode: 'red_envelope_split_fixed' });
    const renamed = await admin(
      'PUT',
      `/red-envelopes/${id}`,
      input({ texts: { EN: { title: 'Renamed envelope', blessing: '' } } }),
    );
    expect(renamed.json().value.texts.EN.title).toBe('Renamed envelope');
    const updates = await count(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'red_envelope.update' AND target = $1",
      [`red_envelope:${id}`],
    );
    expect(updates).toBe(1);
  });
});

describe('a member', () => {
  it('claims one share, once, paid as a bonus with the envelope wagering', async () => {
    const { id } = await create({ totalAmount: '50', shares: 5, wageringMultiple: 3 });
    expect(await listed('renv1', id)).toMatchObject({ state: 'open', sharesLeft: 5, myAmount: null });
    const claimed = await site('renv1', 'POST', '/wps/red-envelopes/claim', { envelopeId: id });
    expect(claimed.json().value, claimed.body).toMatchObject({ id, state: 'claimed', sharesLeft: 4 });
    const [first] = await sharesOf(id);
    expect(first?.member_id).toBe(idOf('renv1'));
    expect(claimed.json().value.myAmount).toBe((Number(first?.amount) / 100).toFixed(2));
    expect(await wallet(idOf('renv1'), 'bonus')).toBe(BigInt(first?.amount ?? 0));
    const bonus = (
      await t.database.pool.query('SELECT amount::text, requirement::text, source FROM bonuses WHERE id = $1', [
        first?.bonus_id,
      ])
    ).rows[0];
    expect(bonus).toEqual({
      amount: first?.amount,
      requirement: String(BigInt(first?.amount ?? 0) * 3n),
      source: 'red_envelope',
    });

    const grants = await bonusCount();
    const again = await site('renv1', 'POST', '/wps/red-envelopes/claim', { envelopeId: id });
    expect(again.json()).toMatchObject({ errorCode: 'red_envelope_already_claimed' });
    expect(await bonusCount()).toBe(grants);
    // The seed stays secret while shares can still be claimed.
    expect((await listed('renv1', id))?.fairness.serverSeed).toBeNull();
    const draw = await site('renv1', 'GET', `/wps/red-envelopes/draw?envelopeId=${id}`);
    expect(draw.json().value).toMatchObject({ serverSeed: null, amountsMinor: [] });
  });

  it('is refused before the window, after it, when not eligible, and for an unknown envelope; nothing is paid', async () => {
    const soon = await create({
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const vip = await create({ minVipLevel: 5 });
    // Only members registered at or after the start: renvbad registered an hour before this one started (set
    // explicitly: on a fast run the member may have registered less than a second ago).
    await t.database.pool.query("UPDATE members SET created_at = now() - interval '1 hour' WHERE id = $1", [
      idOf('renvbad'),
    ]);
    const fresh = await create({ newMembersOnly: true, startsAt: new Date(Date.now() - 1_000).toISOString() });
    const grants = await bonusCount();
    const moves = await postings();
    const claim = (envelopeId: string) => site('renvbad', 'POST', '/wps/red-envelopes/claim', { envelopeId });
    expect((await listed('renvbad', soon.id))?.state).toBe('coming_soon');
    expect((await claim(soon.id)).json()).toMatchObject({ errorCode: 'red_envelope_not_started' });
    expect(await listed('renvbad', vip.id)).toMatchObject({
      state: 'ineligible',
      ineligibleReason: 'promotion_reason_vip',
    });
    expect((await claim(vip.id)).json()).toMatchObject({
      errorCode: 'promotion_not_eligible',
      value: { reason: 'promotion_reason_vip' },
    });
    expect((await claim(fresh.id)).json()).toMatchObject({
      errorCode: 'promotion_not_eligible',
      value: { reason: 'promotion_reason_new_members' },
    });
    expect((await claim(randomUUID())).json()).toMatchObject({ errorCode: 'not_found' });
    expect((await claim('not-a-uuid')).json()).toMatchObject({ errorCode: 'validation_failed' });

    // After the window: refused, and the seed is revealed so anyone can recompute every share.
    const ended = await create({ totalAmount: '9.99', shares: 4 });
    await t.database.pool.query(
      "UPDATE red_envelopes SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 second' WHERE id = $1",
      [ended.id],
    );
    expect((await claim(ended.id)).json()).toMatchObject({ errorCode: 'red_envelope_ended' });
    expect(await bonusCount()).toBe(grants);
    expect(await postings()).toBe(moves);
    expect(
      await count('SELECT count(*)::int AS n FROM red_envelope_shares WHERE member_id = $1', [idOf('renvbad')]),
    ).toBe(0);
    const shown = await listed('renvbad', ended.id);
    expect(shown?.state).toBe('closed');
    const draw = (await site('renvbad', 'GET', `/wps/red-envelopes/draw?envelopeId=${ended.id}`)).json().value;
    expect(draw.serverSeed).toBe(shown?.fairness.serverSeed);
    expect(hashServerSeed(draw.serverSeed)).toBe(ended.seedHash);
    expect(splitRandom(999n, 4, draw.serverSeed).map(String)).toEqual(draw.amountsMinor);
  });

  it('gets one share of 20 concurrent claims', async () => {
    const { id } = await create({ totalAmount: '10', shares: 10 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => site('renv2', 'POST', '/wps/red-envelopes/claim', { envelopeId: id })),
    );
    const codes = answers.map((a) => (a.json().success ? 'ok' : a.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'red_envelope_already_claimed')).toHaveLength(19);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM red_envelope_shares WHERE envelope_id = $1 AND member_id IS NOT NULL',
        [id],
      ),
    ).toBe(1);
  });
});

describe('1,000 concurrent claims on a 100-share envelope', () => {
  it('give exactly 100 winners whose shares sum exactly to the total, paid once each', async () => {
    const passwordHash = await hashPassword('Secret123');
    const principals: MemberPrincipal[] = [];
    for (let i = 0; i < 1_000; i += 1) {
      const created = await t.services.members.create({
        merchantCode: 'demo',
        username: `rcrowd${i}`,
        account: `rcrowd${i}`,
        nickname: `rcrowd${i}`,
        passwordHash,
      });
      if (!('row' in created)) throw new Error('member not created');
      principals.push({
        memberId: created.row.id,
        merchantCode: 'demo',
        sessionId: 'test',
        type: 0,
      } as MemberPrincipal);
    }
    const { id } = await create({ totalAmount: '8888.88', shares: 100 });
    const results = await Promise.allSettled(principals.map((p) => t.services.redEnvelopes.claim(merchant, p, id)));
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
    expect(won).toHaveLength(100);
    expect(refused).toHaveLength(900);
    expect(new Set(refused)).toEqual(new Set(['red_envelope_empty']));
    expect(won.reduce((sum, share) => sum + share.amount, 0n)).toBe(888_888n);
    expect(new Set(won.map((s) => s.memberId)).size).toBe(100);
    expect(new Set(won.map((s) => s.position))).toEqual(new Set(Array.from({ length: 100 }, (_, i) => i + 1)));

    const shares = await sharesOf(id);
    expect(shares.every((s) => s.member_id !== null && s.bonus_id !== null)).toBe(true);
    // Wagering 0: each share went through the bonus wallet straight to the winner's main wallet, once.
    const paid = await t.database.pool.query(
      `SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::text AS total FROM bonuses
       WHERE source = 'red_envelope' AND source_key LIKE $1 AND status = 'released'`,
      [`red-envelope:${id}:%`],
    );
    expect(paid.rows[0]).toEqual({ n: 100, total: '888888' });
    const mains = await Promise.all(won.map((s) => wallet(s.memberId as string, 'main')));
    expect(mains.reduce((a, b) => a + b, 0n)).toBe(888_888n);
    const listedFigures = (await admin('GET', '/red-envelopes'))
      .json()
      .value.list.find((e: { id: string }) => e.id === id);
    expect(listedFigures.figures).toEqual({ claimed: 100, paid: '8888.88' });
  }, 600_000);
});
