import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/**
 * A member cancels its own pending withdrawal (decision 0109): the hold is released through the rejection's own
 * path, once, only while pending, only by its owner, and of a cancellation and an approval racing exactly one wins.
 */
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: string;
const members: Record<string, { memberId: string; token: string; methodId: string }> = {};

const api = (as: string, method: 'GET' | 'POST', url: string) =>
  client.send({ method, url, moduleId: 'COMM3', token: members[as]?.token ?? '' });
const cancel = (as: string, id: string) => api(as, 'POST', `/wps/withdraw/orders/${id}/cancel`);
const decide = (id: string, action: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/merchants/demo/withdrawals/${id}/decision`,
    headers: { authorization: desk },
    payload: { action, ...(reason ? { reason } : {}) },
  });
const withdraw = async (as: string, amount: string) => {
  const response = await client.sealed(
    'POST',
    '/wps/v2/transaction/withdraw',
    { requestId: randomUUID(), payoutMethodId: members[as]?.methodId, amount, withdrawPassword: 'Payout99' },
    { moduleId: 'COMM3', token: members[as]?.token ?? '' },
  );
  const body = response.json();
  if (!body.success) throw new Error(`withdrawal refused: ${response.body}`);
  return body.value as { id: string; status: string };
};
const wallet = async (as: string) => {
  const balance = await t.services.ledger.balance({
    merchantCode: 'demo',
    currency: 'USD',
    account: { member: members[as]?.memberId ?? '', wallet: 'main' },
  });
  return { available: balance.available, held: balance.balance - balance.available };
};
const count = async (sql: string, params: unknown[]) =>
  Number((await t.database.pool.query<{ n: string }>(sql, params)).rows[0]?.n);

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  desk = await t.operatorToken();
  for (const name of ['canceller', 'stranger']) {
    const member = await fundedMember(t, client, name, 100_000n);
    await t.services.members.update(member.memberId, { paymentPasswordHash: await hashPassword('Payout99') });
    const method = await client.sealed(
      'POST',
      '/wps/withdraw/methods',
      {
        method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Ana Cruz', accountNumber: '0123456789' },
        withdrawPassword: 'Payout99',
      },
      { moduleId: 'COMM3', token: member.token },
    );
    members[name] = { ...member, methodId: method.json().value.id };
  }
  // Enough withdrawals a day for every case below.
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  await t.services.merchants.update('demo', demo.version, {
    ...demo.settings,
    withdrawal: { ...demo.settings.withdrawal, dailyCount: 100 },
  });
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('cancelling a pending withdrawal', () => {
  it('returns the held amount exactly once, however often it is sent, and announces it once', async () => {
    const before = await wallet('canceller');
    const order = await withdraw('canceller', '120.50');
    expect(await wallet('canceller')).toEqual({ available: before.available - 12_050n, held: 12_050n });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel('canceller', order.id)));
    expect(answers.map((a) => a.json().success)).toEqual([true, true, true, true, true]);
    expect(new Set(answers.map((a) => a.json().value.status))).toEqual(new Set(['cancelled']));
    expect(await wallet('canceller')).toEqual(before);
    // Released once: one void movement for the hold, one withdrawal.cancelled event.
    expect(
      await count(`SELECT count(*) AS n FROM ledger_holds WHERE idempotency_key = $1 AND status = 'voided'`, [
        `withdrawal:${order.id}`,
      ]),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM events WHERE name = 'withdrawal.cancelled' AND payload->>'withdrawalId' = $1`,
        [order.id],
      ),
    ).toBe(1);
    const listed = (await api('canceller', 'GET', '/wps/withdraw/orders?status=cancelled')).json().value.list;
    expect(listed.map((o: { id: string }) => o.id)).toEqual([order.id]);
    // Cancelled is final: an operator can no longer act on it.
    expect((await decide(order.id, 'approve')).json().errorCode).toBe('order_state_invalid');
    expect((await decide(order.id, 'reject', 'late')).json().errorCode).toBe('order_state_invalid');
    expect(await wallet('canceller')).toEqual(before);
  });

  it("answers not_found for another member's order, and changes nothing", async () => {
    const order = await withdraw('canceller', '60');
    const held = await wallet('canceller');
    const foreign = await cancel('stranger', order.id);
    expect(foreign.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    expect((await cancel('stranger', randomUUID())).json().errorCode).toBe('not_found');
    expect((await api('canceller', 'GET', `/wps/withdraw/orders/${order.id}`)).json().value.status).toBe('pending');
    expect(await wallet('canceller')).toEqual(held);
    expect((await cancel('canceller', order.id)).json().value.status).toBe('cancelled');
  });

  it('refuses once an operator approved, paid or rejected it (withdrawal_not_cancellable), money untouched', async () => {
    const approved = await withdraw('canceller', '61');
    expect((await decide(approved.id, 'approve')).json().value.status).toBe('approved');
    const afterApproval = await wallet('canceller');
    const refused = await cancel('canceller', approved.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'withdrawal_not_cancellable' });
    expect(await wallet('canceller')).toEqual(afterApproval);
    expect((await decide(approved.id, 'disburse')).json().value.status).toBe('disbursed');
    expect((await cancel('canceller', approved.id)).json().errorCode).toBe('withdrawal_not_cancellable');

    const rejected = await withdraw('canceller', '62');
    expect((await decide(rejected.id, 'reject', 'Name does not match')).json().value.status).toBe('rejected');
    const afterRejection = await wallet('canceller');
    expect((await cancel('canceller', rejected.id)).json().errorCode).toBe('withdrawal_not_cancellable');
    expect(await wallet('canceller')).toEqual(afterRejection);
    expect(
      await count(
        `SELECT count(*) AS n FROM events WHERE name = 'withdrawal.cancelled' AND payload->>'withdrawalId' = ANY($1)`,
        [[approved.id, rejected.id]],
      ),
    ).toBe(0);
  });

  it('of an approval and a cancellation at the same moment exactly one wins, twenty times over', async () => {
    for (let round = 0; round < 20; round += 1) {
      const before = await wallet('canceller');
      const order = await withdraw('canceller', '50');
      const [approval, cancellation] = await Promise.all([decide(order.id, 'approve'), cancel('canceller', order.id)]);
      const approvedWon = approval.json().success === true;
      const cancelledWon = cancellation.json().success === true;
      expect(approvedWon !== cancelledWon, `round ${round}: ${approval.body} / ${cancellation.body}`).toBe(true);
      const status = (await api('canceller', 'GET', `/wps/withdraw/orders/${order.id}`)).json().value.status;
      if (cancelledWon) {
        expect(status).toBe('cancelled');
        expect(approval.json().errorCode).toBe('order_state_invalid');
        expect(await wallet('canceller')).toEqual(before);
      } else {
        expect(status).toBe('approved');
        expect(cancellation.json().errorCode).toBe('withdrawal_not_cancellable');
        expect(await wallet('canceller')).toEqual({ available: before.available - 5_000n, held: before.held + 5_000n });
        // Leave nothing held for the next round's arithmetic.
        expect((await decide(order.id, 'reject', 'test')).json().success).toBe(true);
      }
    }
  });

  it('a cancellation cut short after its claim is finished by the withdrawal job, once', async () => {
    const before = await wallet('canceller');
    const order = await withdraw('canceller', '70');
    // A process died right after claiming the order: it sits in `cancelling`, its hold still held.
    await t.database.pool.query(
      `UPDATE withdrawal_orders SET status = 'cancelling', updated_at = now() - interval '5 minutes' WHERE id = $1`,
      [order.id],
    );
    expect((await api('canceller', 'GET', `/wps/withdraw/orders/${order.id}`)).json().value.status).toBe('pending');
    await t.services.withdrawals.runDue();
    await t.services.withdrawals.runDue();
    expect((await api('canceller', 'GET', `/wps/withdraw/orders/${order.id}`)).json().value.status).toBe('cancelled');
    expect(await wallet('canceller')).toEqual(before);
    expect((await cancel('canceller', order.id)).json().value.status).toBe('cancelled');
    expect(await wallet('canceller')).toEqual(before);
  });
});
