import { randomUUID } from 'node:crypto';
import { operatorRoles } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/** Only finance and owner move money: every money-moving desk endpoint answers `forbidden` to the other roles. */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let memberId: string;
let memberToken: string;
const tokens: Record<string, string> = {};
const orders = { deposit: '', pending: '', approved: '' };

const desk = (method: 'POST', url: string, payload: object, as: string) =>
  t.request({ method, url, headers: { authorization: as }, payload });

/** Every money-moving call of the desk against the orders and member prepared below. */
const moneyMoves = (): [string, string, object][] => [
  ['deposit approve', `/api/admin/merchants/demo/deposits/${orders.deposit}/decision`, { approve: true }],
  [
    'deposit reject',
    `/api/admin/merchants/demo/deposits/${orders.deposit}/decision`,
    { approve: false, reason: 'No such transfer' },
  ],
  ['withdrawal approve', `/api/admin/merchants/demo/withdrawals/${orders.pending}/decision`, { action: 'approve' }],
  [
    'withdrawal reject',
    `/api/admin/merchants/demo/withdrawals/${orders.pending}/decision`,
    { action: 'reject', reason: 'Name does not match' },
  ],
  ['withdrawal disburse', `/api/admin/merchants/demo/withdrawals/${orders.approved}/decision`, { action: 'disburse' }],
  [
    'adjustment credit',
    `/api/admin/merchants/demo/members/${memberId}/adjustments`,
    { requestId: randomUUID(), direction: 'credit', amount: '10', reason: 'Goodwill credit' },
  ],
  [
    'adjustment debit',
    `/api/admin/merchants/demo/members/${memberId}/adjustments`,
    { requestId: randomUUID(), direction: 'debit', amount: '10', reason: 'Correction debit' },
  ],
];

/** What a money move would change: order states, ledger rows, balances and the audit log. */
const snapshot = async () => {
  const q = async (sql: string) => (await t.database.pool.query(sql)).rows;
  return {
    deposits: await q('SELECT id, status, decided_by FROM deposit_orders ORDER BY id'),
    withdrawals: await q('SELECT id, status, decided_by FROM withdrawal_orders ORDER BY id'),
    transactions: await q('SELECT count(*)::int AS n FROM ledger_transactions'),
    holds: await q('SELECT id, status FROM ledger_holds ORDER BY id'),
    balances: await q('SELECT id, balance::text, held::text FROM ledger_accounts ORDER BY id'),
    audit: await q(
      "SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'deposit.%' OR action LIKE 'withdrawal.%' OR action = 'wallet.adjust'",
    ),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const owner = await t.operatorToken();
  tokens.owner = owner;
  for (const role of operatorRoles.filter((r) => r !== 'owner')) {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: { username: `${role}op`, displayName: role, password: 'Operator-Pass-1', role, merchantCode: null },
    });
    expect(created.json().success).toBe(true);
    tokens[role] = await t.operatorToken(`${role}op`, 'Operator-Pass-1');
  }

  ({ memberId, token: memberToken } = await fundedMember(t, client, 'mover', 100_000n));
  await t.services.members.update(memberId, { paymentPasswordHash: await hashPassword('Payout99') });
  const member = (method: 'GET' | 'POST', url: string, payload?: object) =>
    client.send({ method, url, moduleId: 'COMM3', token: memberToken, ...(payload ? { payload } : {}) });
  const sealed = (url: string, body: unknown) =>
    client.sealed('POST', url, body, { moduleId: 'COMM3', token: memberToken });

  const channels = (await member('GET', '/wps/cashier/channels')).json().value as { id: string; kind: string }[];
  const bank = channels.find((c) => c.kind === 'bank_transfer');
  const deposit = await member('POST', '/wps/cashier/deposits', {
    channelId: bank?.id,
    amount: '60',
    payerNote: 'Mover',
  });
  orders.deposit = deposit.json().value.id;

  const method = await sealed('/wps/withdraw/methods', {
    method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Mo Ver', accountNumber: '1234567890' },
    withdrawPassword: 'Payout99',
  });
  const withdraw = async (amount: string) =>
    (
      await sealed('/wps/v2/transaction/withdraw', {
        requestId: randomUUID(),
        payoutMethodId: method.json().value.id,
        amount,
        withdrawPassword: 'Payout99',
      })
    ).json().value.id as string;
  orders.pending = await withdraw('100');
  orders.approved = await withdraw('120');
  const approved = await desk(
    'POST',
    `/api/admin/merchants/demo/withdrawals/${orders.approved}/decision`,
    { action: 'approve' },
    owner,
  );
  expect(approved.json().value.status).toBe('approved');
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('money-moving desk endpoints', () => {
  it.each(['risk', 'support', 'content'])('answer forbidden to %s and change nothing', async (role) => {
    const before = await snapshot();
    for (const [name, url, body] of moneyMoves()) {
      const answer = await desk('POST', url, body, tokens[role] ?? '');
      expect(answer.statusCode, name).toBe(403);
      expect(answer.json().errorCode, name).toBe('forbidden');
    }
    // An unknown order is refused the same way: a role without the permission learns nothing about ids.
    const unknown = await desk(
      'POST',
      `/api/admin/merchants/demo/deposits/${randomUUID()}/decision`,
      { approve: true },
      tokens[role] ?? '',
    );
    expect(unknown.json().errorCode).toBe('forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('let finance approve a deposit, approve, disburse and reject withdrawals and adjust, each audited', async () => {
    const finance = tokens.finance ?? '';
    const allowed = ['deposit approve', 'withdrawal approve', 'withdrawal disburse', 'adjustment credit'];
    for (const [name, url, body] of moneyMoves().filter(([name]) => allowed.includes(name))) {
      const answer = await desk('POST', url, body, finance);
      expect(answer.json().errorCode, name).toBe(null);
    }
    const reject = await desk(
      'POST',
      `/api/admin/merchants/demo/withdrawals/${orders.pending}/decision`,
      { action: 'reject', reason: 'Name does not match' },
      finance,
    );
    // The approval above took the pending order; rejecting an approved one is still allowed.
    expect(reject.json().value.status).toBe('rejected');
    const audit = await t.database.pool.query(
      "SELECT action, operator_username FROM audit_log WHERE operator_username = 'financeop' AND action <> 'operator.login' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'deposit.approve',
      'withdrawal.approve',
      'withdrawal.disburse',
      'wallet.adjust',
      'withdrawal.reject',
    ]);
  });
});
