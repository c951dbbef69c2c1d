import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes } from '../../../test/uploads';
import { hashPassword } from '../../platform/security/password';
import { createWithdrawalsRepository } from './withdrawals.repository';
import { createWithdrawalsService } from './withdrawals.service';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;
let desk: string;
const ids: Record<string, string> = {};

const login = (username: string) => client.login(username, 'Secret123');

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, as = token) =>
  client.send({ method, url, moduleId: 'COMM3', token: as, ...(payload ? { payload: payload as object } : {}) });
const sealed = (url: string, body: unknown, as = token) =>
  client.sealed('POST', url, body, { moduleId: 'COMM3', token: as });
const admin = (method: 'GET' | 'POST', url: string, payload?: unknown, as = desk) =>
  t.request({ method, url, headers: { authorization: as }, ...(payload ? { payload: payload as object } : {}) });

const available = async (as = token) => {
  const main = (await api('GET', '/wps/v2/wallets/balance', undefined, as)).json().value.balance[0];
  return { availBalance: main.availBalance as string, heldBalance: main.heldBalance as string };
};
const count = async (sql: string, params: unknown[] = []) =>
  (await t.database.pool.query(sql, params)).rows[0].n as number;

const fund = (username: string, amount: bigint) =>
  t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: `test-fund:${randomUUID()}`,
    from: { house: 'deposits' },
    to: { member: ids[username] ?? '', wallet: 'main' },
    amount,
  });

const confirm = (
  id: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
  as = token,
) => {
  const body = multipart(fields, files);
  return client.send({
    method: 'POST',
    url: `/wps/withdraw/orders/${id}/confirmation`,
    moduleId: 'COMM3',
    token: as,
    payload: body.payload,
    headers: body.headers,
  });
};

const bank = { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Ana Cruz', accountNumber: '0123456789' };
let methodId: string;

const withdraw = (amount: string, extra: Record<string, unknown> = {}, as = token) =>
  sealed(
    '/wps/v2/transaction/withdraw',
    { requestId: randomUUID(), payoutMethodId: methodId, amount, withdrawPassword: 'Payout99', ...extra },
    as,
  );
const decide = (id: string, action: string, reason?: string) =>
  admin('POST', `/api/admin/merchants/demo/withdrawals/${id}/decision`, { action, ...(reason ? { reason } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const hash = await hashPassword('Secret123');
  const payout = await hashPassword('Payout99');
  for (const username of ['withdrawer', 'outsider', 'agentx', 'downline']) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash: hash,
    });
    if (!('row' in created)) throw new Error('member not created');
    ids[username] = created.row.id;
    await t.services.members.update(created.row.id, { paymentPasswordHash: payout });
  }
  await t.services.members.update(ids.agentx ?? '', { type: 1 });
  await t.services.members.update(ids.downline ?? '', { uplineId: ids.agentx ?? null });
  token = await login('withdrawer');
  otherToken = await login('outsider');
  desk = await t.operatorToken();
  await fund('withdrawer', 100_000n);
  await fund('outsider', 50_000n);
  await fund('downline', 10_000n);
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('payout methods', () => {
  it('saves a method with the withdraw password and shows it masked', async () => {
    const response = await sealed('/wps/withdraw/methods', { method: bank, withdrawPassword: 'Payout99' });
    expect(response.json()).toMatchObject({
      success: true,
      value: { kind: 'bank_account', display: 'Demo Bank ••••6789' },
    });
    methodId = response.json().value.id;
    const list = (await api('GET', '/wps/withdraw/methods')).json().value;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('0123456789');

    // Saved again (a retry whose answer was lost), at once or later: the one method, not a copy.
    const again = await Promise.all(
      [1, 2].map(() => sealed('/wps/withdraw/methods', { method: bank, withdrawPassword: 'Payout99' })),
    );
    expect(again.map((r) => r.json().value.id)).toEqual([methodId, methodId]);
    expect((await api('GET', '/wps/withdraw/methods')).json().value).toHaveLength(1);
  });

  it('refuses bad fields, a wrong password and another member’s method, and stores nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM payout_methods');
    const badFields = await sealed('/wps/withdraw/methods', {
      method: { kind: 'crypto', network: 'TRC20', address: '0xabc' },
      withdrawPassword: 'Payout99',
    });
    expect(badFields.json().fieldErrors).toEqual([{ path: 'method.address', code: 'crypto_address_invalid' }]);
    const wrong = await sealed('/wps/withdraw/methods', { method: bank, withdrawPassword: 'nope-nope' });
    expect(wrong.json().fieldErrors).toEqual([{ path: 'withdrawPassword', code: 'error_withdraw_password' }]);
    const removeOthers = await api('DELETE', `/wps/withdraw/methods/${methodId}`, undefined, otherToken);
    expect(removeOthers.json().errorCode).toBe('not_found');
    expect(await count('SELECT count(*)::int AS n FROM payout_methods')).toBe(before);
    await t.database.pool.query('DELETE FROM rate_limit_counters');
  });
});

describe('withdrawal orders', () => {
  it('refuses each bad request with its code and holds nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string | null][] = [
      ['abc', {}, 'validation_failed', 'amount_not_numeric'],
      ['0', {}, 'validation_failed', 'amount_not_positive'],
      ['10.001', {}, 'validation_failed', 'amount_too_precise'],
      ['5', {}, 'validation_failed', 'amount_below_minimum'],
      ['60000', {}, 'validation_failed', 'amount_above_maximum'],
      ['2000', {}, 'insufficient_funds', 'insufficient_funds'],
      ['100', { payoutMethodId: randomUUID() }, 'validation_failed', 'field_not_allowed'],
      ['100', { withdrawPassword: 'wrong-one' }, 'validation_failed', 'error_withdraw_password'],
    ];
    for (const [amount, extra, errorCode, fieldCode] of cases) {
      const body = (await withdraw(amount, extra)).json();
      expect(body.errorCode, amount).toBe(errorCode);
      if (fieldCode) expect(body.fieldErrors[0].code, amount).toBe(fieldCode);
    }
    expect(await count('SELECT count(*)::int AS n FROM withdrawal_orders')).toBe(0);
    expect(await available()).toEqual({ availBalance: '1000.00', heldBalance: '0.00' });
    await t.database.pool.query('DELETE FROM rate_limit_counters');
  });

  it('locks the withdraw password after five wrong answers', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await withdraw('100', { withdrawPassword: 'bad-guess' })).statusCode).toBe(400);
    expect((await withdraw('100')).json().errorCode).toBe('too_many_requests');
    await t.database.pool.query('DELETE FROM rate_limit_counters');
  });

  it('holds the amount once per request id, however often it is retried', async () => {
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw('150.25', { requestId }).then((r) => r.json())),
    );
    const ids = new Set(answers.map((a) => a.value?.id));
    expect(answers.every((a) => a.success)).toBe(true);
    expect(ids.size).toBe(1);
    expect(answers[0].value).toMatchObject({ status: 'pending', amount: '150.25', method: { kind: 'bank_account' } });
    expect(await available()).toEqual({ availBalance: '849.75', heldBalance: '150.25' });
  });

  it('shows an order only to its owner', async () => {
    const [order] = (await api('GET', '/wps/withdraw/orders')).json().value.list;
    expect((await api('GET', `/wps/withdraw/orders/${order.id}`)).json().value.id).toBe(order.id);
    expect((await api('GET', `/wps/withdraw/orders/${order.id}`, undefined, otherToken)).json().errorCode).toBe(
      'not_found',
    );
    expect((await api('GET', '/wps/withdraw/orders', undefined, otherToken)).json().value.list).toEqual([]);
  });

  it('rejects with a reason exactly once and releases the hold', async () => {
    const order = (await withdraw('100')).json().value;
    expect((await decide(order.id, 'reject')).json().fieldErrors).toEqual([{ path: 'reason', code: 'not_empty' }]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => decide(order.id, 'reject', 'Name does not match')),
    );
    expect(answers.filter((a) => a.json().success)).toHaveLength(1);
    expect((await decide(order.id, 'approve')).json().errorCode).toBe('order_state_invalid');
    const final = (await api('GET', `/wps/withdraw/orders/${order.id}`)).json().value;
    expect(final).toMatchObject({ status: 'rejected', reason: 'Name does not match' });
    const messages = await count(
      "SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND type = 'withdrawal_rejected'",
      [ids.withdrawer],
    );
    expect(messages).toBe(1);
    expect(await available()).toEqual({ availBalance: '849.75', heldBalance: '150.25' });
  });

  it('approves, then disburses exactly once: the held money leaves, the member is told, the record shows it', async () => {
    const [order] = (await api('GET', '/wps/withdraw/orders?status=pending')).json().value.list;
    expect((await decide(order.id, 'disburse')).json().errorCode).toBe('order_state_invalid');
    expect((await decide(order.id, 'approve')).json().value.status).toBe('approved');
    const payouts = await Promise.all(Array.from({ length: 4 }, () => decide(order.id, 'disburse')));
    expect(payouts.filter((p) => p.json().success)).toHaveLength(1);
    expect((await decide(order.id, 'reject', 'late')).json().errorCode).toBe('order_state_invalid');
    expect(await available()).toEqual({ availBalance: '849.75', heldBalance: '0.00' });
    const disbursed = (await api('GET', `/wps/withdraw/orders/${order.id}`)).json().value;
    expect(disbursed.status).toBe('disbursed');
    expect(Date.parse(disbursed.autoConfirmAt) - Date.parse(disbursed.disbursedAt)).toBeCloseTo(120 * 60_000, -4);
    const pendingConfirmations = (await api('GET', '/wps/relay/MCSFE_getPaymentConfirmationList')).json().value;
    expect(pendingConfirmations.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const record = (await api('GET', '/wps/member/transactions?type=withdrawal')).json().value;
    expect(record.list).toHaveLength(1);
    expect(record.list[0]).toMatchObject({ type: 'withdrawal', amount: '-150.25', balanceAfter: '849.75' });
    expect(
      await count(
        "SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND type = 'withdrawal_approved'",
        [ids.withdrawer],
      ),
    ).toBe(1);
    const audit = await count(
      "SELECT count(*)::int AS n FROM audit_log WHERE action IN ('withdrawal.approve', 'withdrawal.disburse')",
    );
    expect(audit).toBe(2);
  });
});

describe('receipt confirmation', () => {
  const paidOut = async (amount: string) => {
    const order = (await withdraw(amount)).json().value;
    await decide(order.id, 'approve');
    await decide(order.id, 'disburse');
    return order.id as string;
  };

  it('refuses wrong uploads and changes nothing', async () => {
    const [order] = (await api('GET', '/wps/relay/MCSFE_getPaymentConfirmationList')).json().value;
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [Parameters<typeof confirm>[1], Parameters<typeof confirm>[2], string][] = [
      [{ outcome: 'not_received' }, [], 'proof_required'],
      [{ outcome: 'not_received' }, [{ filename: 'a.png', type: 'image/png', bytes: gif }], 'image_invalid'],
      [
        { outcome: 'not_received' },
        [{ filename: 'fake.jpg', type: 'image/jpeg', bytes: Buffer.from('<svg onload=alert(1)>') }],
        'image_invalid',
      ],
      [
        { outcome: 'not_received' },
        Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', bytes: pngBytes() })),
        'upload_too_many',
      ],
      [
        { outcome: 'not_received' },
        [{ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]) }],
        'image_too_large',
      ],
      [{ outcome: 'partially_received' }, [], 'validation_failed'],
      [{ outcome: 'partially_received', amountReceived: '500' }, [], 'validation_failed'],
      [{ outcome: 'maybe' }, [], 'validation_failed'],
    ];
    for (const [fields, files, code] of cases) {
      expect((await confirm(order.id, fields, files)).json().errorCode, JSON.stringify(fields)).toBe(code);
    }
    const json = await api('POST', `/wps/withdraw/orders/${order.id}/confirmation`, { outcome: 'received' });
    expect(json.json().errorCode).toBe('unsupported_media_type');
    expect((await confirm(order.id, { outcome: 'received' }, [], otherToken)).json().errorCode).toBe('not_found');
    expect(await count('SELECT count(*)::int AS n FROM withdrawal_proofs')).toBe(0);
    expect((await api('GET', `/wps/withdraw/orders/${order.id}`)).json().value.status).toBe('disbursed');
  });

  it('takes “not received” with proofs re-encoded, shown to the member and the desk only', async () => {
    const [order] = (await api('GET', '/wps/relay/MCSFE_getPaymentConfirmationList')).json().value;
    const withTrailer = Buffer.concat([pngBytes(), Buffer.from('<?php echo 1; ?>')]);
    const answer = await confirm(order.id, { outcome: 'not_received', remark: 'Nothing arrived' }, [
      { filename: 'a.png', type: 'image/png', bytes: withTrailer },
      { filename: 'b.jpg', type: 'image/jpeg', bytes: jpegBytes() },
    ]);
    expect(answer.json().value).toMatchObject({
      status: 'disputed',
      confirmation: { outcome: 'not_received', remark: 'Nothing arrived' },
    });
    const proofIds: string[] = answer.json().value.confirmation.proofIds;
    expect(proofIds).toHaveLength(2);
    const proof = (await api('GET', `/wps/withdraw/orders/${order.id}/proofs/${proofIds[0]}`)).json().value;
    expect(proof.contentType).toBe('image/png');
    expect(Buffer.from(proof.data, 'base64').includes(Buffer.from('<?php'))).toBe(false);
    expect(
      (await api('GET', `/wps/withdraw/orders/${order.id}/proofs/${proofIds[0]}`, undefined, otherToken)).json()
        .errorCode,
    ).toBe('not_found');
    const deskProof = await admin('GET', `/api/admin/merchants/demo/withdrawals/${order.id}/proofs/${proofIds[1]}`);
    expect(deskProof.json().value.contentType).toBe('image/jpeg');
    expect((await confirm(order.id, { outcome: 'received' })).json().errorCode).toBe('order_state_invalid');
  });

  it('takes a partial receipt with the amount that arrived', async () => {
    const id = await paidOut('60');
    const answer = await confirm(id, { outcome: 'partially_received', amountReceived: '40.50' }, [
      { filename: 'p.jpg', type: 'image/jpeg', bytes: jpegBytes() },
    ]);
    expect(answer.json().value).toMatchObject({
      status: 'disputed',
      confirmation: { outcome: 'partially_received', amountReceived: '40.50' },
    });
  });

  it('counts an unconfirmed payout as received once its minutes pass, once, whichever process runs the job', async () => {
    const id = await paidOut('70');
    expect((await t.services.withdrawals.runDue(new Date())).autoConfirmed).toBe(0);
    const later = new Date(Date.now() + 121 * 60_000);
    const runs = await Promise.all([t.services.withdrawals.runDue(later), t.services.withdrawals.runDue(later)]);
    expect(runs.reduce((n, r) => n + r.autoConfirmed, 0)).toBe(1);
    const order = (await api('GET', `/wps/withdraw/orders/${id}`)).json().value;
    expect(order).toMatchObject({ status: 'completed', confirmation: { outcome: 'auto_received' } });
    expect(
      (
        await confirm(id, { outcome: 'not_received' }, [{ filename: 'x.png', type: 'image/png', bytes: pngBytes() }])
      ).json().errorCode,
    ).toBe('order_state_invalid');
  });

  it('finishes a payout a dead process left half done, without paying twice', async () => {
    const opened = (await withdraw('55')).json();
    expect(opened.errorCode).toBe(null);
    const order = opened.value;
    await decide(order.id, 'approve');
    // A process claimed the payout and died before the ledger step.
    await t.database.pool.query(
      "UPDATE withdrawal_orders SET status = 'disbursing', updated_at = now() - interval '5 minutes' WHERE id = $1",
      [order.id],
    );
    const before = await available();
    const healed = await t.services.withdrawals.runDue();
    expect(healed.healed).toBe(1);
    expect((await api('GET', `/wps/withdraw/orders/${order.id}`)).json().value.status).toBe('disbursed');
    const after = await available();
    expect(after.heldBalance).toBe((Number(before.heldBalance) - 55).toFixed(2));
    expect(after.availBalance).toBe(before.availBalance);
    expect((await t.services.withdrawals.runDue()).healed).toBe(0);
  });

  it('the daily count refuses one more withdrawal today', async () => {
    const today = (await api('GET', '/wps/withdraw/options')).json().value;
    expect(today.dailyCount).toBe(5);
    for (let i = 0; i < today.remainingToday; i += 1) expect((await withdraw('50')).json().success).toBe(true);
    expect((await withdraw('50')).json().errorCode).toBe('withdrawal_daily_limit');
  });
});

describe('transfer to upline and game wallets', () => {
  it('moves money to the upline agent once per request, and refuses a member without one', async () => {
    const downline = await login('downline');
    const info = (await api('GET', '/wps/member/transfer/upline', undefined, downline)).json().value;
    expect(info).toMatchObject({ available: true, uplineAccount: 'agentx', availableBalance: '100.00' });
    const requestId = randomUUID();
    const body = { requestId, amount: '25', withdrawPassword: 'Payout99' };
    const [a, b] = await Promise.all([
      sealed('/wps/member/transfer/upline', body, downline),
      sealed('/wps/member/transfer/upline', body, downline),
    ]);
    expect(a.json().value).toMatchObject({ type: 'transfer_upline', amount: '-25.00', balanceAfter: '75.00' });
    expect(b.json().value.transactionId).toBe(a.json().value.transactionId);
    const tooMuch = await sealed(
      '/wps/member/transfer/upline',
      { ...body, requestId: randomUUID(), amount: '500' },
      downline,
    );
    expect(tooMuch.json().fieldErrors).toEqual([{ path: 'amount', code: 'insufficient_funds' }]);
    const none = await sealed('/wps/member/transfer/upline', { ...body, requestId: randomUUID() });
    expect(none.json().errorCode).toBe('no_upline');
    const agent = await login('agentx');
    expect((await available(agent)).availBalance).toBe('25.00');
  });

  it('answers function.not.available for a single-wallet merchant', async () => {
    expect((await api('GET', '/wps/relay/GCS_merchantWallet')).json().value).toEqual({ isSingle: true });
    const response = await api('POST', '/wps/relay/GCS_walletTransfer', {
      requestId: randomUUID(),
      from: 'main',
      to: 'slots',
      amount: '1',
    });
    expect(response.json().errorCode).toBe('function.not.available');
  });
});

describe('the cashier desk', () => {
  it('adjusts a balance with a reason, once per request, audited; a debit cannot go below zero', async () => {
    const url = `/api/admin/merchants/demo/members/${ids.outsider}/adjustments`;
    const requestId = randomUUID();
    const noReason = await admin('POST', url, { requestId, direction: 'credit', amount: '10', reason: '' });
    expect(noReason.json().fieldErrors).toEqual([{ path: 'reason', code: 'field_too_short', params: { min: 3 } }]);
    const credit = { requestId, direction: 'credit', amount: '12.50', reason: 'Goodwill for a delayed payout' };
    const [first, second] = [await admin('POST', url, credit), await admin('POST', url, credit)];
    expect(first.json().value).toMatchObject({ type: 'adjustment', amount: '12.50', balanceAfter: '512.50' });
    expect(second.json().value.transactionId).toBe(first.json().value.transactionId);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'wallet.adjust'")).toBe(1);
    const overdraw = await admin('POST', url, {
      ...credit,
      requestId: randomUUID(),
      direction: 'debit',
      amount: '9999',
    });
    expect(overdraw.json().errorCode).toBe('insufficient_funds');
    const otherMerchantMember = await admin('POST', `/api/admin/merchants/demo/members/${randomUUID()}/adjustments`, {
      ...credit,
      requestId: randomUUID(),
    });
    expect(otherMerchantMember.json().errorCode).toBe('not_found');
    expect((await available(otherToken)).availBalance).toBe('512.50');
  });

  it('shows a member’s wallet and ledger, and the day’s cash report', async () => {
    const walletView = (await admin('GET', `/api/admin/merchants/demo/members/${ids.withdrawer}/wallet`)).json().value;
    expect(walletView.account).toBe('withdrawer');
    expect(walletView.list.length).toBeGreaterThan(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    const report = (await admin('GET', `/api/admin/merchants/demo/cash-report?from=${today}&to=${today}`)).json().value;
    expect(report.timeZone).toBe('Asia/Singapore');
    expect(report.days).toHaveLength(1);
    // Funded 1000 + 500 + 100; paid out 150.25 + 60 + 70 + 55.
    expect(report.days[0]).toEqual({
      date: today,
      depositsCount: 3,
      deposits: '1600.00',
      withdrawalsCount: 4,
      withdrawals: '335.25',
      adjustmentsIn: '12.50',
      adjustmentsOut: '0.00',
      net: '1264.75',
    });
    const bad = await admin('GET', `/api/admin/merchants/demo/cash-report?from=${today}&to=2000-01-01`);
    expect(bad.json().errorCode).toBe('validation_failed');
  });

  it('lists the queue and the detail with the member’s recent activity', async () => {
    const queue = (await admin('GET', '/api/admin/merchants/demo/withdrawals?status=pending')).json().value;
    expect(queue.list.length).toBeGreaterThan(0);
    expect(queue.list[0].payout).toMatchObject({ kind: 'bank_account', accountNumber: '0123456789' });
    const detail = (await admin('GET', `/api/admin/merchants/demo/withdrawals/${queue.list[0].id}`)).json().value;
    expect(detail.account).toBe('withdrawer');
    expect(detail.recentActivity.length).toBeGreaterThan(0);
    expect(detail.totals.deposits).toBe('1000.00');
  });
});

// Last: its funding and its pending order would change the desk's figures above.
describe('a submission that stalls between its order and its hold', () => {
  /** A second withdrawals service, as another server process, whose requests wait where a test tells them. */
  const stallingProcess = () => {
    const real = createWithdrawalsRepository(t.database.pool);
    let releaseBeforeLock: () => void = () => {};
    let releaseInsideLock: () => void = () => {};
    let reachedInsideLock: () => void = () => {};
    const insideReached = new Promise<void>((resolve) => {
      reachedInsideLock = resolve;
    });
    const beforeLock = new Promise<void>((resolve) => {
      releaseBeforeLock = resolve;
    });
    const insideLock = new Promise<void>((resolve) => {
      releaseInsideLock = resolve;
    });
    const service = createWithdrawalsService({
      repository: {
        ...real,
        withOpeningLocked: async (id, work, options) => {
          await beforeLock;
          return real.withOpeningLocked(
            id,
            async (lockedClient) => {
              const result = await work(lockedClient);
              reachedInsideLock();
              await insideLock;
              return result;
            },
            options,
          );
        },
      },
      ledger: t.services.ledger,
      messages: t.services.messages,
      account: t.services.account,
      merchantOf: (code) => t.services.merchants.resolve({ code, host: '' }),
    });
    return { service, releaseBeforeLock, releaseInsideLock, insideReached };
  };

  let stallerId: string;
  let stallerMethod: string;
  beforeAll(async () => {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username: 'staller',
      account: 'staller',
      nickname: 'staller',
      passwordHash: await hashPassword('Secret123'),
    });
    if (!('row' in created)) throw new Error('member not created');
    stallerId = created.row.id;
    ids.staller = stallerId;
    await t.services.members.update(stallerId, { paymentPasswordHash: await hashPassword('Payout99') });
    await fund('staller', 100_000n);
    const staller = await login('staller');
    stallerMethod = (
      await sealed('/wps/withdraw/methods', { method: bank, withdrawPassword: 'Payout99' }, staller)
    ).json().value.id;
  });

  const submitAsStaller = async (process: ReturnType<typeof stallingProcess>) =>
    process.service.submit(
      await t.services.merchants.resolve({ code: 'demo', host: '' }),
      { memberId: stallerId, merchantCode: 'demo', sessionId: 'stall-test', type: 0 },
      { requestId: randomUUID(), payoutMethodId: stallerMethod, amount: '60', withdrawPassword: 'Payout99' },
    );
  /** Waits until the stalled request has written its opening order, and backdates it past the job's patience. */
  const stalledOrder = async (): Promise<string> => {
    for (;;) {
      const { rows } = await t.database.pool.query(
        "UPDATE withdrawal_orders SET updated_at = now() - interval '5 minutes' WHERE member_id = $1 AND status = 'opening' RETURNING id",
        [stallerId],
      );
      if (rows[0]) return rows[0].id as string;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const holdsOf = (orderId: string) =>
    count("SELECT count(*)::int AS n FROM ledger_holds WHERE idempotency_key = $1 AND status = 'active'", [
      `withdrawal:${orderId}`,
    ]);

  it('the job forgets it before its hold, and the late request then holds nothing and answers conflict', async () => {
    const slow = stallingProcess();
    slow.releaseInsideLock();
    const pending = submitAsStaller(slow);
    const orderId = await stalledOrder();
    expect((await t.services.withdrawals.runDue()).healed).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count(*)::int AS n FROM withdrawal_orders WHERE id = $1', [orderId])).toBe(0);

    slow.releaseBeforeLock();
    await expect(pending).rejects.toMatchObject({ code: 'conflict' });
    expect(await holdsOf(orderId)).toBe(0);
    const wallet = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: stallerId, wallet: 'main' },
    });
    expect(wallet.available).toBe(100_000n);
  });

  it('the job leaves it alone while its request holds the order, which then opens with its hold', async () => {
    const before = await count('SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1', [stallerId]);
    // The row lock is taken inside the request's transaction: backdate first, while the request waits before it.
    const gate = stallingProcess();
    const pending = submitAsStaller(gate);
    const orderId = await stalledOrder();
    gate.releaseBeforeLock();
    await gate.insideReached;
    // The request is inside its transaction, hold placed, not yet committed: the job must skip the order.
    await t.services.withdrawals.runDue();
    expect(await count('SELECT count(*)::int AS n FROM withdrawal_orders WHERE id = $1', [orderId])).toBe(1);

    gate.releaseInsideLock();
    const order = await pending;
    expect(order).toMatchObject({ id: orderId, status: 'pending' });
    expect(await holdsOf(orderId)).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1', [stallerId])).toBe(
      before + 1,
    );
  });
});
