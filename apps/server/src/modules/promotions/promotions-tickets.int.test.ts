import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes } from '../../../test/uploads';

/**
 * Application tickets (decision 0146) on the real PostgreSQL: `PROMOFE_claimTicket` takes the member's ticket for an
 * application-reviewed promotion (once, under concurrent claims), `MCSFE_cancelTicket` withdraws it while it waits:
 * only the member's own, once under concurrent cancels, never after a review, and a race with the operator's
 * approval ends with exactly one of the two, the bonus granted only when the approval won.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
const members: Record<string, { memberId: string; token: string }> = {};
const tokenOf = (as: string) => members[as]?.token ?? '';
const idOf = (as: string) => members[as]?.memberId ?? '';

interface Promo {
  id: string;
  state: string;
  ticketId: string | null;
}

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });
const claimTicket = (as: string, promotionId: string, withImages = false) => {
  const body = multipart(
    { promotionId, remark: 'My big win' },
    withImages
      ? [
          { name: 'images', filename: 'a.png', type: 'image/png', bytes: pngBytes() },
          { name: 'images', filename: 'b.jpg', type: 'image/jpeg', bytes: jpegBytes() },
        ]
      : [],
  );
  return client.send({
    method: 'POST',
    url: '/wps/relay/PROMOFE_claimTicket',
    moduleId: 'COMM3',
    token: tokenOf(as),
    payload: body.payload,
    headers: body.headers,
  });
};
const cancelTicket = (as: string, ticketId: string) =>
  client.send({
    method: 'POST',
    url: '/wps/relay/MCSFE_cancelTicket',
    moduleId: 'COMM3',
    token: tokenOf(as),
    payload: { ticketId },
  });
const mine = async (as: string, id: string) =>
  (
    (await client.send({ method: 'GET', url: '/wps/promotions/list', moduleId: 'COMM3', token: tokenOf(as) })).json()
      .value.list as Promo[]
  ).find((p) => p.id === id);
const create = async (title: string) => {
  const answer = await admin(
    'POST',
    '/promotions',
    promotionInput({
      kind: 'application',
      category: 'special',
      fixedAmount: '8',
      wageringMultiple: 1,
      texts: { EN: { title, summary: '', content: '', imageUrl: '' } },
    }),
  );
  expect(answer.json().success, answer.body).toBe(true);
  return (answer.json().value as { id: string }).id;
};
const count = async (sql: string, params: unknown[]) =>
  (await t.database.pool.query<{ n: number }>(sql, params)).rows[0]?.n;
const entriesOf = (as: string, promotionId: string) =>
  count('SELECT count(*)::int AS n FROM promotion_entries WHERE member_id = $1 AND promotion_id = $2', [
    idOf(as),
    promotionId,
  ]);
const bonusesOf = (as: string) => count('SELECT count(*)::int AS n FROM bonuses WHERE member_id = $1', [idOf(as)]);
const outcome = (answer: { json: () => { success: boolean; errorCode?: string } }) => {
  const body = answer.json();
  return body.success ? 'ok' : (body.errorCode ?? 'unknown');
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  for (const name of ['tkown', 'tkother', 'tkrace', 'tkrev', 'tkmany']) {
    members[name] = await fundedMember(t, client, name, 1n);
  }
}, 300_000);

afterAll(async () => {
  await closeReconciled(t);
}, 120_000);

describe('an application ticket', () => {
  it('is claimed with images, withdrawn only by its member, once, and may be claimed again', async () => {
    const id = await create('Share your win');
    const claimed = await claimTicket('tkown', id, true);
    const ticket = claimed.json().value as Promo;
    expect(ticket, claimed.body).toMatchObject({ id, state: 'applying' });
    expect(ticket.ticketId).toMatch(/^[0-9a-f-]{36}$/);
    const images = () =>
      count('SELECT count(*)::int AS n FROM promotion_entry_images WHERE entry_id = $1', [ticket.ticketId]);
    expect(await images()).toBe(2);
    // Another member sees no ticket of theirs, and cannot withdraw this one.
    expect((await mine('tkother', id))?.ticketId).toBeNull();
    const foreign = await cancelTicket('tkother', ticket.ticketId ?? '');
    expect(outcome(foreign)).toBe('not_found');
    expect((await mine('tkown', id))?.state).toBe('applying');

    const withdrawn = await cancelTicket('tkown', ticket.ticketId ?? '');
    expect(withdrawn.json().value, withdrawn.body).toMatchObject({ id, state: 'join', ticketId: null });
    expect(await entriesOf('tkown', id)).toBe(0);
    expect(await images()).toBe(0);
    expect(outcome(await cancelTicket('tkown', ticket.ticketId ?? ''))).toBe('not_found');
    const queue = (await admin('GET', '/promotion-applications')).json().value.list as { id: string }[];
    expect(queue.some((application) => application.id === ticket.ticketId)).toBe(false);

    const again = await claimTicket('tkown', id);
    expect(again.json().value, again.body).toMatchObject({ id, state: 'applying' });
    expect((again.json().value as Promo).ticketId).not.toBe(ticket.ticketId);
    expect(await bonusesOf('tkown')).toBe(0);
  }, 120_000);

  it('is taken once under 20 concurrent claims and withdrawn once under 20 concurrent cancels', async () => {
    const id = await create('Many at once');
    const claims = await Promise.all(Array.from({ length: 20 }, () => claimTicket('tkmany', id)));
    const claimOutcomes = claims.map(outcome);
    expect(claimOutcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(claimOutcomes.filter((o) => o === 'promotion_already_joined')).toHaveLength(19);
    const ticketId = (await mine('tkmany', id))?.ticketId ?? '';
    const cancels = (await Promise.all(Array.from({ length: 20 }, () => cancelTicket('tkmany', ticketId)))).map(
      outcome,
    );
    expect(cancels.filter((o) => o === 'ok')).toHaveLength(1);
    expect(cancels.filter((o) => o === 'not_found')).toHaveLength(19);
    expect(await entriesOf('tkmany', id)).toBe(0);
  }, 120_000);

  it('races the approval: exactly one wins, and the bonus exists only when the approval did', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await create(`Race ${round}`);
      const ticketId = ((await claimTicket('tkrace', id)).json().value as Promo).ticketId ?? '';
      const before = (await bonusesOf('tkrace')) ?? 0;
      const [cancel, approve] = await Promise.all([
        cancelTicket('tkrace', ticketId),
        admin('POST', `/promotion-applications/${ticketId}`, { decision: 'approve', note: 'ok' }),
      ]);
      const cancelled = outcome(cancel);
      const approved = approve.json().success ? 'ok' : approve.json().errorCode;
      expect(
        [cancelled, approved].filter((o) => o === 'ok'),
        `${cancelled} / ${approved}`,
      ).toHaveLength(1);
      if (cancelled === 'ok') {
        expect(approved).toBe('not_found');
        expect(await bonusesOf('tkrace')).toBe(before);
        expect(await entriesOf('tkrace', id)).toBe(0);
      } else {
        expect(cancelled).toBe('promotion_application_decided');
        expect(await bonusesOf('tkrace')).toBe(before + 1);
        expect((await mine('tkrace', id))?.state).toBe('issued');
      }
    }
  }, 300_000);

  it('cannot be withdrawn once rejected, and a bad ticket id is refused by its field', async () => {
    const id = await create('Reviewed first');
    const ticketId = ((await claimTicket('tkrev', id)).json().value as Promo).ticketId ?? '';
    const rejected = await admin('POST', `/promotion-applications/${ticketId}`, { decision: 'reject', note: 'No' });
    expect(rejected.json().success, rejected.body).toBe(true);
    expect(outcome(await cancelTicket('tkrev', ticketId))).toBe('promotion_application_decided');
    expect((await mine('tkrev', id))?.state).toBe('rejected');
    expect((await mine('tkrev', id))?.ticketId).toBeNull();
    const bad = await cancelTicket('tkrev', 'not-a-ticket');
    expect(bad.json()).toMatchObject({ success: false });
    expect(bad.json().fieldErrors).toEqual([expect.objectContaining({ path: 'ticketId', code: 'field_invalid' })]);
    expect(await entriesOf('tkrev', id)).toBe(1);
  }, 120_000);
});
