import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeliveryEvent, PAYMENT_TTL_MS, type RetrySchedule } from '../src/gateway';
import { callbackSignedText, verifySignature } from '../src/signature';
import { StateFileError } from '../src/state-file';
import {
  createPayment,
  FakeReceiver,
  getPayment,
  ManualClock,
  MERCHANT,
  newDataDir,
  nextDelivery,
  payWith,
  removeDataDirs,
  startGateway,
  T0,
  type TestGateway,
  unreachableUrl,
} from './harness';

const SUCCEEDS = '4242 4242 4242 4242';
/** Retries at once: the receiver's answers, not time, drive these tests. */
const IMMEDIATE: RetrySchedule = { delaysMs: [0, 0], thenEveryMs: 0, giveUpAfterMs: 60_000 };

const cleanup: (() => Promise<void>)[] = [];
const track = <T extends TestGateway | FakeReceiver>(thing: T): T => {
  cleanup.push(() => ('app' in thing ? thing.close() : thing.stop()));
  return thing;
};

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await removeDataDirs();
});

const readState = async (dataDir: string) =>
  JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8')) as {
    payments: { paymentId: string; status: string; delivery: Record<string, unknown> | null }[];
  };

describe('callback delivery', () => {
  it('retries until the receiver accepts (fails twice, then 200), each attempt signed over timestamp and body', async () => {
    const receiver = track(await new FakeReceiver([500, 503, 200]).start());
    const { app, gateway, dataDir } = track(await startGateway({ retry: IMMEDIATE }));
    const { paymentId } = await createPayment(app, { callbackUrl: receiver.url });
    const delivered = nextDelivery(gateway, paymentId, (event) => event.state === 'delivered');
    expect((await payWith(app, paymentId, SUCCEEDS)).statusCode).toBe(303);
    expect(await delivered).toEqual({ paymentId, attempt: 3, ok: true, result: 'HTTP 200', state: 'delivered' });

    expect(receiver.received).toHaveLength(3);
    const { paidAt } = await getPayment(app, paymentId);
    receiver.received.forEach((callback, index) => {
      expect(JSON.parse(callback.body)).toEqual({
        paymentId,
        merchantOrderId: 'D8F3K2',
        amount: '10000',
        currency: 'USD',
        status: 'succeeded',
        paidAt,
        attempt: index + 1,
      });
      expect(callback.headers['content-type']).toBe('application/json');
      const timestamp = callback.headers['x-gateway-timestamp'] as string;
      expect(timestamp).toMatch(/^\d{13}$/);
      const signature = callback.headers['x-gateway-signature'] as string;
      expect(verifySignature(MERCHANT.secret, callbackSignedText(timestamp, callback.body), signature)).toBe(true);
      expect(verifySignature(MERCHANT.secret, callback.body, signature)).toBe(false);
    });

    const state = await readState(dataDir);
    expect(state.payments[0]?.delivery).toMatchObject({
      state: 'delivered',
      attempts: 3,
      nextAttemptAt: null,
      lastResult: 'HTTP 200',
    });
    // Delivered is final: nothing is due any more.
    gateway.runDue();
    await app.close();
    expect(receiver.received).toHaveLength(3);
  });

  it('treats redirects and unreachable receivers as failures and stops on any 2xx', async () => {
    const receiver = track(await new FakeReceiver([302, 204]).start());
    const { app, gateway } = track(await startGateway({ retry: IMMEDIATE }));
    const { paymentId } = await createPayment(app, { callbackUrl: receiver.url });
    const events: DeliveryEvent[] = [];
    gateway.events.on('delivery', (event) => events.push(event));
    const delivered = nextDelivery(gateway, paymentId, (event) => event.state === 'delivered');
    await payWith(app, paymentId, SUCCEEDS);
    await delivered;
    expect(events.map((event) => event.result)).toEqual(['HTTP 302', 'HTTP 204']);

    const clock = new ManualClock();
    const offline = track(await startGateway({ now: clock.now }));
    const unreachable = await createPayment(offline.app, {
      callbackUrl: await unreachableUrl(),
      merchantOrderId: 'OFFLINE',
    });
    const failed = nextDelivery(offline.gateway, unreachable.paymentId);
    await payWith(offline.app, unreachable.paymentId, SUCCEEDS);
    expect(await failed).toMatchObject({ attempt: 1, ok: false, result: 'ECONNREFUSED', state: 'pending' });
  });

  it('keeps at most one callback in flight per payment', async () => {
    const receiver = track(await new FakeReceiver(['hold', 200]).start());
    const running = track(await startGateway({ retry: IMMEDIATE }));
    const { app, gateway } = running;
    const { paymentId } = await createPayment(app, { callbackUrl: receiver.url });
    const events: DeliveryEvent[] = [];
    gateway.events.on('delivery', (event) => events.push(event));
    await payWith(app, paymentId, SUCCEEDS);
    await receiver.waitFor(1);
    for (let i = 0; i < 5; i += 1) gateway.runDue();
    const delivered = nextDelivery(gateway, paymentId);
    receiver.release(200);
    await delivered;
    await running.close(); // waits for every request still in flight
    expect(receiver.received).toHaveLength(1);
    expect(events).toEqual([{ paymentId, attempt: 1, ok: true, result: 'HTTP 200', state: 'delivered' }]);
  });

  it('follows the runbook’s schedule (1 s, 5 s, 30 s, 2 min, 10 min, then every 30 min) and gives up after 24 hours', async () => {
    const receiver = track(await new FakeReceiver([500]).start());
    const clock = new ManualClock();
    const { app, gateway, dataDir } = track(await startGateway({ now: clock.now }));
    const { paymentId } = await createPayment(app, { callbackUrl: receiver.url });
    let event = nextDelivery(gateway, paymentId);
    await payWith(app, paymentId, SUCCEEDS);
    let last = await event;
    while (last.state === 'pending') {
      const state = await readState(dataDir);
      clock.time = Date.parse(state.payments[0]?.delivery?.nextAttemptAt as string);
      event = nextDelivery(gateway, paymentId);
      gateway.runDue();
      last = await event;
    }
    expect(last).toMatchObject({ attempt: 53, state: 'abandoned', result: 'HTTP 500' });
    const sentAt = receiver.received.map((callback) => Number(callback.headers['x-gateway-timestamp']) - T0);
    expect(sentAt.slice(0, 8)).toEqual([0, 1_000, 6_000, 36_000, 156_000, 756_000, 2_556_000, 4_356_000]);
    expect(sentAt.at(-1)).toBe(756_000 + 47 * 1_800_000);
    expect(receiver.received).toHaveLength(53);
  });

  it('sends the expired callback when a payment is not paid within 30 minutes', async () => {
    const receiver = track(await new FakeReceiver([200]).start());
    const clock = new ManualClock();
    const { app, gateway } = track(await startGateway({ now: clock.now }));
    const { paymentId } = await createPayment(app, { callbackUrl: receiver.url });
    clock.advance(PAYMENT_TTL_MS - 1);
    gateway.runDue();
    expect((await getPayment(app, paymentId)).status).toBe('pending');

    clock.advance(1);
    const delivered = nextDelivery(gateway, paymentId);
    gateway.runDue();
    expect(await delivered).toMatchObject({ attempt: 1, ok: true });
    expect(receiver.json(0)).toEqual({
      paymentId,
      merchantOrderId: 'D8F3K2',
      amount: '10000',
      currency: 'USD',
      status: 'expired',
      paidAt: null,
      attempt: 1,
    });
    expect((await getPayment(app, paymentId)).status).toBe('expired');
  });
});

describe('state across restarts', () => {
  it('resumes a pending delivery in a new instance on the same state file', async () => {
    const receiver = track(await new FakeReceiver([500, 200]).start());
    const dataDir = await newDataDir();
    const clock = new ManualClock();
    const first = await startGateway({ dataDir, now: clock.now });
    const { paymentId } = await createPayment(first.app, { callbackUrl: receiver.url });
    const failed = nextDelivery(first.gateway, paymentId);
    await payWith(first.app, paymentId, SUCCEEDS);
    expect(await failed).toMatchObject({ attempt: 1, ok: false, state: 'pending' });
    await first.close();

    const saved = await readState(dataDir);
    expect(saved.payments[0]).toMatchObject({ paymentId, status: 'succeeded' });
    expect(saved.payments[0]?.delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastResult: 'HTTP 500',
      nextAttemptAt: new Date(T0 + 1_000).toISOString(),
    });
    expect((await readdir(dataDir)).sort()).toEqual(['state.json']);

    clock.advance(1_000);
    // The new instance resumes in start(); its attempt completes on a later turn, after this listener is on.
    const second = track(await startGateway({ dataDir, now: clock.now }));
    expect(await nextDelivery(second.gateway, paymentId)).toMatchObject({ attempt: 2, ok: true, state: 'delivered' });
    expect(receiver.json(1)).toMatchObject({ paymentId, status: 'succeeded', attempt: 2 });
    expect(await getPayment(second.app, paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('sends an attempt interrupted by shutdown again after the restart, under the same attempt number', async () => {
    const receiver = track(await new FakeReceiver(['hold', 200]).start());
    const dataDir = await newDataDir();
    const first = await startGateway({ dataDir });
    const { paymentId } = await createPayment(first.app, { callbackUrl: receiver.url });
    await payWith(first.app, paymentId, SUCCEEDS);
    await receiver.waitFor(1);
    await first.close();
    expect((await readState(dataDir)).payments[0]?.delivery).toMatchObject({ state: 'pending', attempts: 0 });

    track(await startGateway({ dataDir }));
    await receiver.waitFor(2);
    expect(receiver.json(1)).toMatchObject({ paymentId, attempt: 1 });
  });

  it('keeps created payments, their status and idempotency across a restart', async () => {
    const dataDir = await newDataDir();
    const first = await startGateway({ dataDir });
    const created = await createPayment(first.app);
    await first.close();
    const second = track(await startGateway({ dataDir }));
    expect(await createPayment(second.app)).toEqual(created);
    expect(await getPayment(second.app, created.paymentId)).toMatchObject({ status: 'pending' });
    expect((await payWith(second.app, created.paymentId, SUCCEEDS)).statusCode).toBe(303);
  });

  it('refuses to start on a damaged state file instead of starting empty', async () => {
    const dataDir = await newDataDir();
    await writeFile(join(dataDir, 'state.json'), '{"version":1,"payments":[{"paymentId":1}]}');
    await expect(startGateway({ dataDir })).rejects.toBeInstanceOf(StateFileError);
    await writeFile(join(dataDir, 'state.json'), '{"version":1,');
    await expect(startGateway({ dataDir })).rejects.toThrow(/not valid JSON/);
  });
});
