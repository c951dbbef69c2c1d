import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes, type UploadPart } from '../../../test/uploads';
import { hashPassword } from '../../platform/security/password';
import { gatewaySignature } from './sandbox-gateway.client';

const SECRET = 'sandbox-demo-secret';
let t: TestApp;
let gateway: FastifyInstance;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;
const gatewayRequests: { signatureOk: boolean; body: Record<string, string> }[] = [];

const login = (username: string) => client.login(username, 'Secret123');

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, as = token) =>
  client.send({ method, url, moduleId: 'COMM3', token: as, ...(payload ? { payload: payload as object } : {}) });

const callback = (body: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) => {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Date.now());
  return t.request({
    method: 'POST',
    url: '/wps/cashier/callback/sandbox/demo',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-gateway-timestamp': timestamp,
      'x-gateway-signature': gatewaySignature(options.secret ?? SECRET, `${timestamp}.${raw}`),
    },
  });
};

const balance = async () => (await api('GET', '/wps/v2/wallets/balance')).json().value;
const channelId = async (kind: string) =>
  ((await api('GET', '/wps/cashier/channels')).json().value as { id: string; kind: string }[]).find(
    (c) => c.kind === kind,
  )?.id ?? '';
const count = async (sql: string) => (await t.database.pool.query(sql)).rows[0].n as number;

beforeAll(async () => {
  // A stand-in for the gateway's merchant API: it checks our signature and answers as the real one does.
  gateway = Fastify();
  gateway.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  gateway.post('/api/payments', async (request, reply) => {
    const raw = String(request.body);
    const body = JSON.parse(raw);
    gatewayRequests.push({
      signatureOk: request.headers['x-gateway-signature'] === gatewaySignature(SECRET, raw),
      body,
    });
    return reply.status(201).send({
      paymentId: `pay_${body.merchantOrderId}`,
      payUrl: `http://gateway.test/pay/pay_${body.merchantOrderId}`,
      status: 'pending',
    });
  });
  const address = await gateway.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({ SANDBOX_GATEWAY_URL: address });
  client = memberClient(t);
  const hash = await hashPassword('Secret123');
  for (const username of ['payer', 'stranger']) {
    await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash: hash,
    });
  }
  token = await login('payer');
  otherToken = await login('stranger');
});
afterAll(async () => {
  await closeReconciled(t);
  await gateway.close();
});

describe('deposits', () => {
  it('lists the merchant’s channels with their limits', async () => {
    const channels = (await api('GET', '/wps/cashier/channels')).json().value;
    expect(channels.map((c: { kind: string }) => c.kind)).toEqual(['gateway', 'bank_transfer', 'crypto']);
    expect(channels[0]).toMatchObject({ minAmount: '10.00', maxAmount: '10000.00', currency: 'USD', bank: null });
    expect(channels[1].bank.accountNumber).toBeTruthy();
  });

  it('refuses each kind of bad amount with its own code and opens no order', async () => {
    const gatewayChannel = await channelId('gateway');
    const cases: [string, string][] = [
      ['abc', 'amount_not_numeric'],
      ['0', 'amount_not_positive'],
      ['-5', 'amount_not_positive'],
      ['12.345', 'amount_too_precise'],
      ['5', 'amount_below_minimum'],
      ['20000', 'amount_above_maximum'],
    ];
    for (const [amount, code] of cases) {
      const response = await api('POST', '/wps/cashier/deposits', { channelId: gatewayChannel, amount });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().fieldErrors[0]).toMatchObject({ path: 'amount', code });
    }
    const unknown = await api('POST', '/wps/cashier/deposits', {
      channelId: '00000000-0000-4000-8000-000000000000',
      amount: '100',
    });
    expect(unknown.json().fieldErrors).toEqual([{ path: 'channelId', code: 'field_not_allowed' }]);
    expect(await count('SELECT count(*)::int AS n FROM deposit_orders')).toBe(0);
    expect(gatewayRequests).toHaveLength(0);
  });

  it('pays through the gateway: one signed payment request, then one credit however often the callback comes', async () => {
    const order = (
      await api('POST', '/wps/cashier/deposits', { channelId: await channelId('gateway'), amount: '125.50' })
    ).json().value;
    expect(order).toMatchObject({ status: 'pending', amount: '125.50', channelKind: 'gateway' });
    expect(order.payUrl).toBe(`http://gateway.test/pay/pay_${order.reference}`);
    expect(gatewayRequests).toHaveLength(1);
    expect(gatewayRequests[0]?.signatureOk).toBe(true);
    expect(gatewayRequests[0]?.body).toMatchObject({
      merchantOrderId: order.reference,
      amount: '12550',
      currency: 'USD',
    });
    expect(gatewayRequests[0]?.body.callbackUrl).toBe('http://127.0.0.1:8080/wps/cashier/callback/sandbox/demo');

    const paid = {
      paymentId: `pay_${order.reference}`,
      merchantOrderId: order.reference,
      amount: '12550',
      currency: 'USD',
      status: 'succeeded',
      paidAt: new Date().toISOString(),
      attempt: 1,
    };
    expect((await callback(paid, { secret: 'wrong-secret-1' })).statusCode).toBe(401);
    expect((await callback(paid, { timestamp: Date.now() - 60 * 60_000 })).statusCode).toBe(401);
    expect((await callback({ ...paid, amount: '99999' })).statusCode).toBe(400);
    expect((await balance()).sumBalance).toBe('0.00');

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => callback({ ...paid, attempt: i + 1 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().value.outcome === 'settled').length).toBeGreaterThanOrEqual(1);
    expect((await balance()).sumBalance).toBe('125.50');
    expect((await api('GET', `/wps/cashier/deposits/${order.id}`)).json().value.status).toBe('succeeded');
    expect(await count("SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'deposit'")).toBe(1);
    const unread = await client.send({ method: 'GET', url: '/wps/relay/CSP_unreadCount', moduleId: 'INBOX3', token });
    expect(unread.json().value).toEqual({ unread: 1 });

    const contradicting = await callback({ ...paid, status: 'failed' });
    expect(contradicting.statusCode).toBe(409);
    expect((await balance()).sumBalance).toBe('125.50');
  });

  it('records a failed gateway payment as failed, crediting nothing', async () => {
    const order = (
      await api('POST', '/wps/cashier/deposits', { channelId: await channelId('gateway'), amount: '40' })
    ).json().value;
    const response = await callback({
      paymentId: `pay_${order.reference}`,
      merchantOrderId: order.reference,
      amount: '4000',
      currency: 'USD',
      status: 'failed',
      paidAt: null,
      attempt: 1,
    });
    expect(response.statusCode).toBe(200);
    expect((await api('GET', `/wps/cashier/deposits/${order.id}`)).json().value).toMatchObject({
      status: 'failed',
      payUrl: null,
    });
    expect((await balance()).sumBalance).toBe('125.50');
  });

  it('keeps a bank transfer waiting for the operator, who credits it once', async () => {
    const channel = await channelId('bank_transfer');
    const missingNote = await api('POST', '/wps/cashier/deposits', { channelId: channel, amount: '60' });
    expect(missingNote.json().fieldErrors).toEqual([{ path: 'payerNote', code: 'not_empty' }]);
    const order = (
      await api('POST', '/wps/cashier/deposits', { channelId: channel, amount: '60', payerNote: 'J. Payer' })
    ).json().value;
    expect(order.status).toBe('awaiting_review');
    const owner = await t.operatorToken();
    const queue = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/deposits?status=awaiting_review',
      headers: { authorization: owner },
    });
    expect(
      queue.json().value.list.map((o: { reference: string; account: string }) => [o.reference, o.account]),
    ).toEqual([[order.reference, 'payer']]);
    const decide = (body: unknown, as = owner) =>
      t.request({
        method: 'POST',
        url: `/api/admin/merchants/demo/deposits/${order.id}/decision`,
        headers: { authorization: as },
        payload: body as object,
      });
    expect((await decide({ approve: false })).json().fieldErrors).toEqual([{ path: 'reason', code: 'not_empty' }]);
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: {
        username: 'helpdesk',
        displayName: 'Help',
        password: 'Helpdesk-Pass-1',
        role: 'support',
        merchantCode: 'demo',
      },
    });
    expect(
      (await decide({ approve: true }, await t.operatorToken('helpdesk', 'Helpdesk-Pass-1'))).json().errorCode,
    ).toBe('forbidden');
    const [first, second] = await Promise.all([decide({ approve: true }), decide({ approve: true })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await balance()).sumBalance).toBe('185.50');
    const audit = await t.database.pool.query("SELECT target, details FROM audit_log WHERE action = 'deposit.approve'");
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].details).toMatchObject({ amount: '6000', currency: 'USD' });
  });

  it('lets only one of an approval and a rejection racing each other act', async () => {
    const owner = await t.operatorToken();
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: {
        username: 'cashier2',
        displayName: 'Cashier',
        password: 'Cashier2-Pass-1',
        role: 'finance',
        merchantCode: 'demo',
      },
    });
    const finance = await t.operatorToken('cashier2', 'Cashier2-Pass-1');
    const before = (await balance()).sumBalance;
    const order = (
      await api('POST', '/wps/cashier/deposits', {
        channelId: await channelId('crypto'),
        amount: '30',
        payerNote: '0xabc',
      })
    ).json().value;
    const url = `/api/admin/merchants/demo/deposits/${order.id}/decision`;
    const [approve, reject] = await Promise.all([
      t.request({ method: 'POST', url, headers: { authorization: owner }, payload: { approve: true } }),
      t.request({
        method: 'POST',
        url,
        headers: { authorization: finance },
        payload: { approve: false, reason: 'no such transfer' },
      }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const final = (await api('GET', `/wps/cashier/deposits/${order.id}`)).json().value.status;
    const credited = (await balance()).sumBalance !== before;
    expect(final === 'succeeded').toBe(credited);
    expect(['succeeded', 'failed']).toContain(final);
  });

  it('shows a member its own orders only', async () => {
    const mine = (await api('GET', '/wps/cashier/deposits')).json().value;
    expect(mine.list.length).toBe(4);
    const theirs = await api('GET', `/wps/cashier/deposits/${mine.list[0].id}`, undefined, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect((await api('GET', '/wps/cashier/deposits', undefined, otherToken)).json().value.list).toEqual([]);
  });
});

describe('a deposit opened again with its requestId', () => {
  it('answers the first order, finishes one the first attempt left without its payment, and opens no second', async () => {
    const gatewayChannel = await channelId('gateway');
    const requestId = randomUUID();
    const open = (body: object, as = token) =>
      api('POST', '/wps/cashier/deposits', { channelId: gatewayChannel, amount: '40.00', requestId, ...body }, as);
    const orders = async () => count(`SELECT count(*)::int AS n FROM deposit_orders WHERE request_id = '${requestId}'`);

    const first = (await open({})).json().value;
    const asked = gatewayRequests.length;
    const again = (await open({})).json().value;
    expect(again).toEqual(first);
    expect(gatewayRequests.length).toBe(asked);

    // Attempts at once: one order between them.
    const racing = await Promise.all(Array.from({ length: 5 }, () => open({})));
    expect(racing.map((r) => r.json().value.id)).toEqual(Array(5).fill(first.id));
    expect(await orders()).toBe(1);

    // Another amount or channel under the same key is refused and opens nothing.
    const conflicting = await open({ amount: '41.00' });
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().errorCode).toBe('idempotency_conflict');
    const bank = await open({ channelId: await channelId('bank_transfer'), amount: '60', payerNote: 'A. Payer' });
    expect(bank.json().errorCode).toBe('idempotency_conflict');
    expect(await orders()).toBe(1);

    // The key is the member's own: another member's same key opens its own order.
    const theirs = (await open({}, otherToken)).json().value;
    expect(theirs.id).not.toBe(first.id);
    expect(await orders()).toBe(2);

    // An attempt that died between the order and the gateway: the retry asks the gateway and answers the pay link.
    const interruptedKey = randomUUID();
    const interrupted = (await open({ requestId: interruptedKey })).json().value;
    await t.database.pool.query('UPDATE deposit_orders SET pay_url = NULL, gateway_payment_id = NULL WHERE id = $1', [
      interrupted.id,
    ]);
    const finished = (await open({ requestId: interruptedKey })).json().value;
    expect(finished).toMatchObject({ id: interrupted.id, status: 'pending', payUrl: interrupted.payUrl });
    expect(await count(`SELECT count(*)::int AS n FROM deposit_orders WHERE request_id = '${interruptedKey}'`)).toBe(1);

    // A malformed key is a field error.
    const malformed = await open({ requestId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('proof of a bank transfer', () => {
  const upload = (id: string, files: UploadPart[], as = token) => {
    const body = multipart({}, files);
    return client.send({
      method: 'POST',
      url: `/wps/cashier/deposits/${id}/proofs`,
      moduleId: 'COMM3',
      token: as,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const png = (filename = 'slip.png'): UploadPart => ({ filename, type: 'image/png', bytes: pngBytes() });
  const proofRows = async (id: string) =>
    (await t.database.pool.query('SELECT position FROM deposit_proofs WHERE deposit_id = $1 ORDER BY position', [id]))
      .rows;
  const declare = async (kind = 'bank_transfer') =>
    (
      await api('POST', '/wps/cashier/deposits', {
        channelId: await channelId(kind),
        amount: '80',
        payerNote: 'J. Payer',
      })
    ).json().value as { id: string; reference: string; proofIds: string[] };
  const desk = async (method: 'GET' | 'POST', url: string, payload?: object, as?: string) =>
    t.request({
      method,
      url,
      headers: { authorization: as ?? (await t.operatorToken()) },
      ...(payload ? { payload } : {}),
    });

  it('refuses wrong, too big and too many files, another member and a JSON body, storing nothing', async () => {
    const order = await declare();
    expect(order.proofIds).toEqual([]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [UploadPart[], string][] = [
      [[], 'proof_required'],
      [[{ filename: 'a.png', type: 'image/png', bytes: gif }], 'image_invalid'],
      [[{ filename: 'fake.jpg', type: 'image/jpeg', bytes: Buffer.from('<svg onload=alert(1)>') }], 'image_invalid'],
      [[png(), { filename: 'doc.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7') }], 'image_invalid'],
      [Array.from({ length: 4 }, (_, i) => png(`${i}.png`)), 'upload_too_many'],
      [
        [{ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]) }],
        'image_too_large',
      ],
    ];
    for (const [files, code] of cases) {
      expect((await upload(order.id, files)).json().errorCode, code).toBe(code);
    }
    expect((await upload(order.id, [png()], otherToken)).json().errorCode).toBe('not_found');
    expect((await upload(randomUUID(), [png()])).json().errorCode).toBe('not_found');
    const json = await api('POST', `/wps/cashier/deposits/${order.id}/proofs`, { proofs: 'x' });
    expect(json.json().errorCode).toBe('unsupported_media_type');
    expect(await proofRows(order.id)).toEqual([]);
    expect((await api('GET', `/wps/cashier/deposits/${order.id}`)).json().value).toMatchObject({
      status: 'awaiting_review',
      proofIds: [],
    });
  });

  it('attaches re-encoded proofs, three in all, shown to the member and the desk only', async () => {
    const order = await declare();
    const withTrailer = Buffer.concat([pngBytes(), Buffer.from('<?php echo 1; ?>')]);
    const first = await upload(order.id, [
      { filename: 'slip.png', type: 'image/png', bytes: withTrailer },
      { filename: 'slip.jpg', type: 'image/jpeg', bytes: jpegBytes() },
    ]);
    const proofIds: string[] = first.json().value.proofIds;
    expect(proofIds).toHaveLength(2);
    const proof = (await api('GET', `/wps/cashier/deposits/${order.id}/proofs/${proofIds[0]}`)).json().value;
    expect(proof.contentType).toBe('image/png');
    expect(Buffer.from(proof.data, 'base64').includes(Buffer.from('<?php'))).toBe(false);
    const theirs = await api('GET', `/wps/cashier/deposits/${order.id}/proofs/${proofIds[0]}`, undefined, otherToken);
    expect(theirs.json().errorCode).toBe('not_found');

    expect((await upload(order.id, [png('a.png'), png('b.png')])).json().errorCode).toBe('upload_too_many');
    expect(await proofRows(order.id)).toHaveLength(2);
    const third = await upload(order.id, [png('c.png')]);
    expect(third.json().value.proofIds).toHaveLength(3);
    expect((await upload(order.id, [png('d.png')])).json().errorCode).toBe('upload_too_many');
    expect(await proofRows(order.id)).toEqual([{ position: 0 }, { position: 1 }, { position: 2 }]);

    const queue = (await desk('GET', '/api/admin/merchants/demo/deposits?status=awaiting_review')).json().value;
    expect(queue.list.find((o: { id: string }) => o.id === order.id).proofIds).toEqual(third.json().value.proofIds);
    const deskProof = await desk('GET', `/api/admin/merchants/demo/deposits/${order.id}/proofs/${proofIds[1]}`);
    expect(deskProof.json().value.contentType).toBe('image/jpeg');
    const support = await desk(
      'GET',
      `/api/admin/merchants/demo/deposits/${order.id}/proofs/${proofIds[1]}`,
      undefined,
      await t.operatorToken('helpdesk', 'Helpdesk-Pass-1'),
    );
    expect(support.json().errorCode).toBe('forbidden');
    const otherOrders = await desk('GET', `/api/admin/merchants/demo/deposits/${randomUUID()}/proofs/${proofIds[1]}`);
    expect(otherOrders.json().errorCode).toBe('not_found');

    // Decided, the order takes no more proofs, and the desk still sees those it had.
    expect(
      (await desk('POST', `/api/admin/merchants/demo/deposits/${order.id}/decision`, { approve: true })).statusCode,
    ).toBe(200);
    const late = await upload(order.id, [png('late.png')]);
    expect(late.json().errorCode).toBe('order_state_invalid');
    expect(await proofRows(order.id)).toHaveLength(3);
  });

  it('lets two uploads at once take no more than three between them', async () => {
    const order = await declare();
    // Another session holds the order's row, so both uploads reach the database before either may write.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM deposit_orders WHERE id = $1 FOR UPDATE', [order.id]);
      let settled = 0;
      const answers = Promise.all(
        [
          [png('a.png'), png('b.png')],
          [png('c.png'), png('d.png')],
        ].map((files) =>
          upload(order.id, files).then((answer) => {
            settled += 1;
            return answer;
          }),
        ),
      );
      const waiting = async () =>
        (
          await t.database.pool.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0].n as number;
      while ((await waiting()) < 2 && settled < 2) await new Promise((resolve) => setImmediate(resolve));
      await holder.query('COMMIT');
      expect((await answers).map((a) => a.json().errorCode).sort()).toEqual([null, 'upload_too_many']);
    } finally {
      holder.release();
    }
    expect(await proofRows(order.id)).toEqual([{ position: 0 }, { position: 1 }]);
  });

  it('takes proofs only on bank transfers awaiting review', async () => {
    const crypto = await declare('crypto');
    expect((await upload(crypto.id, [png()])).json().errorCode).toBe('order_state_invalid');
    const gatewayOrder = (
      await api('POST', '/wps/cashier/deposits', { channelId: await channelId('gateway'), amount: '20' })
    ).json().value;
    expect((await upload(gatewayOrder.id, [png()])).json().errorCode).toBe('order_state_invalid');
    const rejected = await declare();
    await desk('POST', `/api/admin/merchants/demo/deposits/${rejected.id}/decision`, {
      approve: false,
      reason: 'No such transfer',
    });
    expect((await upload(rejected.id, [png()])).json().errorCode).toBe('order_state_invalid');
    expect(await count('SELECT count(*)::int AS n FROM deposit_proofs')).toBe(5);
  });
});

// Last: its orders would change the counts above.
describe('the gateway’s way back', () => {
  it('sends the member back to the mirror line they paid from, and never to a host the merchant does not own', async () => {
    const gatewayChannel = await channelId('gateway');
    const returnUrlFrom = async (host: string) => {
      const response = await client.send({
        method: 'POST',
        url: '/wps/cashier/deposits',
        moduleId: 'COMM3',
        token,
        headers: { host, merchant: 'demo' },
        payload: { channelId: gatewayChannel, amount: '20' },
      });
      expect(response.json().success, response.body).toBe(true);
      return gatewayRequests.at(-1)?.body.returnUrl ?? '';
    };
    expect(await returnUrlFrom('127.0.0.1:8080')).toMatch(/^http:\/\/127\.0\.0\.1:8080\/member\?page=depositv2&order=/);
    expect(await returnUrlFrom('LOCALHOST:8080')).toMatch(/^http:\/\/localhost:8080\/member\?page=depositv2&order=/);
    // A host that is not one of the merchant's lines (reached through the merchant header) gets its first line.
    expect(await returnUrlFrom('attacker.example')).toMatch(/^http:\/\/localhost:8080\/member\?/);
  });
});
