import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sign } from '../src/signature';
import {
  createPayment,
  ManualClock,
  MERCHANT,
  OTHER_MERCHANT,
  orderBody,
  PUBLIC_URL,
  removeDataDirs,
  signedGet,
  signedPost,
  startGateway,
  type TestGateway,
} from './harness';

let running: TestGateway | null = null;
const start = async (clock = new ManualClock()) => {
  running = await startGateway({ now: clock.now });
  return running;
};

afterEach(async () => {
  await running?.close();
  running = null;
  await removeDataDirs();
});

describe('POST /api/payments', () => {
  it('creates a pending payment with its hosted page URL and a 30-minute expiry', async () => {
    const { app } = await start();
    const response = await signedPost(app, '/api/payments', orderBody());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      paymentId: expect.stringMatching(/^pay_[0-9a-f]{24}$/),
      payUrl: `${PUBLIC_URL}/pay/${body.paymentId}`,
      status: 'pending',
      expiresAt: '2026-11-22T06:11:00.000Z',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the first payment for a repeated merchantOrderId and stores it once', async () => {
    const { app, dataDir } = await start();
    const first = await signedPost(app, '/api/payments', orderBody());
    const again = await signedPost(app, '/api/payments', orderBody());
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const parallel = await Promise.all(
      [1, 2, 3].map(() => signedPost(app, '/api/payments', orderBody({ merchantOrderId: 'PARALLEL' }))),
    );
    expect(new Set(parallel.map((r) => r.json().paymentId)).size).toBe(1);

    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));
    expect(state.payments.map((p: { merchantOrderId: string }) => p.merchantOrderId).sort()).toEqual([
      'D8F3K2',
      'PARALLEL',
    ]);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a repeated merchantOrderId with different terms (409), naming the fields', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const response = await signedPost(app, '/api/payments', orderBody({ amount: '20000', currency: 'EUR' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'order_conflict',
      paymentId,
      fields: [
        { field: 'amount', message: 'differs from the payment already created for this merchantOrderId' },
        { field: 'currency', message: 'differs from the payment already created for this merchantOrderId' },
      ],
    });
  });

  it('keeps merchants apart: the same merchantOrderId of two merchants is two payments', async () => {
    const { app } = await start();
    const mine = await createPayment(app);
    const theirs = await createPayment(app, {}, OTHER_MERCHANT);
    expect(theirs.paymentId).not.toBe(mine.paymentId);
  });

  it('answers 401 to an unknown merchant, a missing, wrong or tampered signature', async () => {
    const { app } = await start();
    const raw = JSON.stringify(orderBody());
    const unknown = await signedPost(app, '/api/payments', raw, {
      merchant: { id: 'nobody', secret: MERCHANT.secret },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'unknown_merchant' });

    const noSignature = await app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-gateway-merchant': MERCHANT.id },
    });
    const wrongSecret = await signedPost(app, '/api/payments', raw, { signature: sign('not-the-secret-at-all', raw) });
    const otherMerchantsSecret = await signedPost(app, '/api/payments', raw, {
      signature: sign(OTHER_MERCHANT.secret, raw),
    });
    const tampered = await signedPost(app, '/api/payments', raw.replace('10000', '99999'), {
      signature: sign(MERCHANT.secret, raw),
    });
    for (const response of [noSignature, wrongSecret, otherMerchantsSecret, tampered]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'bad_signature' });
    }
  });

  it('checks the signature before the body: a badly signed bad body is 401, not 400', async () => {
    const { app } = await start();
    const response = await signedPost(app, '/api/payments', 'not json', { signature: '0'.repeat(64) });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 with every invalid field', async () => {
    const { app } = await start();
    const response = await signedPost(app, '/api/payments', {
      merchantOrderId: '',
      amount: 100,
      currency: 'usd',
      description: 'line\nbreak',
      callbackUrl: 'javascript:alert(1)',
      extra: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      fields: [
        { field: 'merchantOrderId', message: 'must be 1-64 characters: letters, digits and . _ : - (not first)' },
        { field: 'amount', message: 'must be a string of minor units, e.g. "10000", not a number' },
        { field: 'currency', message: 'must be an ISO 4217 currency code in capitals, e.g. "USD"' },
        { field: 'description', message: 'must not contain control characters or line breaks' },
        { field: 'callbackUrl', message: 'must be an absolute http:// or https:// URL without credentials' },
        { field: 'returnUrl', message: 'is required' },
        { field: 'extra', message: 'is not a known field' },
      ],
    });
  });

  it.each([
    ['amount', '0'],
    ['amount', '010'],
    ['amount', '1.50'],
    ['amount', '-100'],
    ['amount', '1000000000000000'],
    ['currency', 'XYZ'],
    ['description', '   '],
    ['description', 'x'.repeat(201)],
    ['merchantOrderId', 'has space'],
    ['merchantOrderId', 'x'.repeat(65)],
    ['returnUrl', '/member?page=depositv2'],
    ['returnUrl', 'http://user:pass@localhost/'],
    ['callbackUrl', 'ftp://127.0.0.1/callback'],
    ['callbackUrl', `http://127.0.0.1/${'x'.repeat(2048)}`],
  ])('refuses a bad %s (%#)', async (field, value) => {
    const { app } = await start();
    const response = await signedPost(app, '/api/payments', orderBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('answers 400 to a body that is not a JSON object, 415 to other media and 413 to a huge body', async () => {
    const { app } = await start();
    for (const raw of ['{"amount":', '[1,2]', 'null', '']) {
      const response = await signedPost(app, '/api/payments', raw);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_request',
        fields: [{ field: '', message: 'the body must be a JSON object' }],
      });
    }
    const text = await signedPost(app, '/api/payments', 'amount=1', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'unsupported_media_type' });
    const huge = await signedPost(app, '/api/payments', orderBody({ description: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'payload_too_large' });
  });
});

describe('GET /api/payments/:paymentId', () => {
  it('answers the payment, signed over the path and query', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const response = await signedGet(app, `/api/payments/${paymentId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      paymentId,
      merchantOrderId: 'D8F3K2',
      amount: '10000',
      currency: 'USD',
      status: 'pending',
      paidAt: null,
    });
    const withQuery = `/api/payments/${paymentId}?fresh=1`;
    expect((await signedGet(app, withQuery)).statusCode).toBe(200);
    const querySwapped = await signedGet(app, withQuery, {
      signature: sign(MERCHANT.secret, `/api/payments/${paymentId}`),
    });
    expect(querySwapped.statusCode).toBe(401);
  });

  it('answers 404 to an unknown payment and to another merchant’s payment', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const unknown = await signedGet(app, '/api/payments/pay_000000000000000000000000');
    const foreign = await signedGet(app, `/api/payments/${paymentId}`, { merchant: OTHER_MERCHANT });
    for (const response of [unknown, foreign]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers 401 to a GET signed for another path', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const response = await signedGet(app, `/api/payments/${paymentId}`, {
      signature: sign(MERCHANT.secret, '/api/payments/pay_other'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('service', () => {
  it('answers a health check and JSON 404s outside the API', async () => {
    const { app } = await start();
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    const missing = await app.inject('/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found' });
  });
});
