import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_TTL_MS } from '../src/gateway';
import {
  createPayment,
  csrfOf,
  getPayment,
  ManualClock,
  payWith,
  removeDataDirs,
  signedGet,
  startGateway,
  submitCard,
  type TestGateway,
} from './harness';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const RETURN_URL = 'http://localhost:8080/member?page=depositv2&order=D8F3K2';

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

describe('GET /pay/:paymentId', () => {
  it('shows the amount in its currency, the description, the card form and the test cards', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app, { amount: '123456', currency: 'EUR' });
    const page = await app.inject(`/pay/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<p class="amount">€1,234.56</p>');
    expect(page.body).toContain('<p class="description">Deposit D8F3K2</p>');
    expect(page.body).toContain('Pay €1,234.56</button>');
    for (const name of ['number', 'expiry', 'cvc', 'name', 'csrf']) expect(page.body).toContain(`name="${name}"`);
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).toContain(
      'Sandbox: use <b>4242 4242 4242 4242</b> to succeed, <b>4000 0000 0000 0002</b> to be declined.',
    );
    expect(page.body).toContain('in 30 min');
  });

  it('escapes the merchant’s description everywhere it appears', async () => {
    const { app } = await start();
    const description = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quoted'`;
    const { paymentId } = await createPayment(app, { description });
    const page = await app.inject(`/pay/${paymentId}`);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quoted&#39;',
    );
    expect(page.body.match(/<script/g)).toHaveLength(1); // only the page's own script file
  });

  it('sends a strict content security policy that still lets the form redirect to the merchant', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app, { returnUrl: 'https://casino.example/member?page=depositv2' });
    const page = await app.inject(`/pay/${paymentId}`);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
        "form-action 'self' https://casino.example; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).not.toMatch(/style="|<style|onclick=|javascript:/);
  });

  it('serves its stylesheet, script and icon under content hashes, and nothing else', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const page = await app.inject(`/pay/${paymentId}`);
    const files = [...page.body.matchAll(/(?:href|src)="assets\/([^"]+)"/g)].map((match) => match[1]);
    expect(files).toHaveLength(3);
    const types = [];
    for (const file of files) {
      const asset = await app.inject(`/pay/assets/${file}`);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      types.push(asset.headers['content-type']);
    }
    expect(types.sort()).toEqual(['image/svg+xml', 'text/css; charset=utf-8', 'text/javascript; charset=utf-8']);
    expect((await app.inject('/pay/assets/pay.css')).statusCode).toBe(404);
  });

  it('answers an HTML 404 for an unknown payment', async () => {
    const { app } = await start();
    const page = await app.inject('/pay/pay_000000000000000000000000');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment not found');
  });
});

describe('POST /pay/:paymentId', () => {
  it('pays once with the succeeding card, then redirects to returnUrl with the status', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const csrf = csrfOf((await app.inject(`/pay/${paymentId}`)).body);
    const paid = await payWith(app, paymentId, SUCCEEDS);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${RETURN_URL}&status=succeeded`);
    expect(await getPayment(app, paymentId)).toMatchObject({ status: 'succeeded', paidAt: '2026-11-22T05:41:00.000Z' });

    // The same form submitted again (a double click, the back button): the outcome, nothing charged.
    const again = await submitCard(app, paymentId, { csrf, number: DECLINED, expiry: '12/30', cvc: '123', name: 'A' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Payment successful');
    expect(again.body).toContain('This payment was already completed; nothing more was charged.');
    expect(again.body).toContain(`href="${RETURN_URL.replace('&', '&amp;')}&amp;status=succeeded"`);
    expect((await getPayment(app, paymentId)).status).toBe('succeeded');

    const page = await app.inject(`/pay/${paymentId}`);
    expect(page.body).toContain('$100.00 was paid with the card ending 4242.');
    expect(page.body).not.toContain('name="number"');
  });

  it('declines once with the declined card; a later good card does not turn it around', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const csrf = csrfOf((await app.inject(`/pay/${paymentId}`)).body);
    const declined = await payWith(app, paymentId, DECLINED);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`${RETURN_URL}&status=failed`);
    expect(await getPayment(app, paymentId)).toMatchObject({ status: 'failed', paidAt: null });

    const again = await submitCard(app, paymentId, { csrf, number: SUCCEEDS, expiry: '12/30', cvc: '123', name: 'A' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Payment declined');
    expect((await getPayment(app, paymentId)).status).toBe('failed');
  });

  it('settles exactly once when two submits race', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const csrf = csrfOf((await app.inject(`/pay/${paymentId}`)).body);
    const form = { csrf, expiry: '12/30', cvc: '123', name: 'Ada' };
    const answers = await Promise.all([
      submitCard(app, paymentId, { ...form, number: SUCCEEDS }),
      submitCard(app, paymentId, { ...form, number: DECLINED }),
      submitCard(app, paymentId, { ...form, number: SUCCEEDS }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 303);
    const status = (await getPayment(app, paymentId)).status;
    expect(winner?.headers.location).toBe(`${RETURN_URL}&status=${status}`);
  });

  it('refuses other cards and bad fields as invalid, keeps the payment pending and the entries (not the CVC)', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const answer = await payWith(app, paymentId, '4111111111111111', { expiry: '10/26', cvc: '99', name: '<Ada>' });
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain('Check the highlighted fields.');
    expect(answer.body).toContain('This card number is not valid.');
    expect(answer.body).toContain('This card has expired.');
    expect(answer.body).toContain('The security code is 3 digits.');
    expect(answer.body).toContain('value="4111 1111 1111 1111"');
    expect(answer.body).toContain('value="&lt;Ada&gt;"');
    expect(answer.body).toMatch(/id="cvc" name="cvc"[^>]*value=""/);
    expect(answer.body).toMatch(/id="number"[^>]*aria-invalid="true" aria-describedby="number-error" autofocus/);
    expect((await getPayment(app, paymentId)).status).toBe('pending');
    expect((await payWith(app, paymentId, SUCCEEDS)).statusCode).toBe(303);
  });

  it('refuses a submit without the page’s token (CSRF) and leaves the payment pending', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const other = await createPayment(app, { merchantOrderId: 'OTHER' });
    const otherToken = csrfOf((await app.inject(`/pay/${other.paymentId}`)).body);
    const card = { number: SUCCEEDS, expiry: '12/30', cvc: '123', name: 'Ada' };
    for (const csrf of [undefined, '', 'forged', otherToken]) {
      const answer = await submitCard(app, paymentId, csrf === undefined ? card : { ...card, csrf });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain('This form was out of date.');
    }
    expect((await getPayment(app, paymentId)).status).toBe('pending');
  });

  it('accepts only form posts', async () => {
    const { app } = await start();
    const { paymentId } = await createPayment(app);
    const answer = await app.inject({
      method: 'POST',
      url: `/pay/${paymentId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ number: SUCCEEDS }),
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await getPayment(app, paymentId)).status).toBe('pending');
  });
});

describe('expiry on the page', () => {
  it('shows a payment as expired after 30 minutes and refuses to pay it', async () => {
    const clock = new ManualClock();
    const { app } = await start(clock);
    const { paymentId } = await createPayment(app);
    clock.advance(PAYMENT_TTL_MS - 1);
    const lastMinute = await app.inject(`/pay/${paymentId}`);
    expect(lastMinute.body).toContain('in 1 min');
    const csrf = csrfOf(lastMinute.body);
    clock.advance(1);

    const page = await app.inject(`/pay/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment expired');
    expect(page.body).toContain(`href="${RETURN_URL.replace('&', '&amp;')}&amp;status=expired"`);
    const submit = await submitCard(app, paymentId, {
      csrf,
      number: SUCCEEDS,
      expiry: '12/30',
      cvc: '123',
      name: 'Ada',
    });
    expect(submit.statusCode).toBe(410);
    expect(submit.body).toContain('Payment expired');
    const api = await signedGet(app, `/api/payments/${paymentId}`);
    expect(api.json()).toMatchObject({ status: 'expired', paidAt: null });
  });
});
