import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import type { DeliveryEvent, Gateway } from '../src/gateway';
import { sign } from '../src/signature';

/** What the tests share: a gateway on a temporary state folder, signed merchant calls and a fake callback receiver. */

export const MERCHANT = { id: 'shop', secret: 'shop-secret-0123456789' };
export const OTHER_MERCHANT = { id: 'other', secret: 'other-secret-0123456789' };
export const PUBLIC_URL = 'https://gateway.example';
/** A fixed start for clock-driven tests: 2026-11-22T05:41:00.000Z. */
export const T0 = Date.parse('2026-11-22T05:41:00.000Z');

/** A clock the test moves by hand; the gateway's timers never fire inside a test because nothing is due in real time. */
export class ManualClock {
  constructor(public time = T0) {}
  readonly now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestGateway {
  app: FastifyInstance;
  gateway: Gateway;
  dataDir: string;
  close: () => Promise<void>;
}

const folders: string[] = [];

export const newDataDir = async (): Promise<string> => {
  const folder = await mkdtemp(join(tmpdir(), 'sandbox-gateway-test-'));
  folders.push(folder);
  return folder;
};

export const removeDataDirs = async (): Promise<void> => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
};

export const startGateway = async (options: Partial<BuildOptions> = {}): Promise<TestGateway> => {
  const dataDir = options.dataDir ?? (await newDataDir());
  const { app, gateway } = await buildApp({
    merchants: [MERCHANT, OTHER_MERCHANT],
    publicUrl: PUBLIC_URL,
    logLevel: 'silent',
    ...options,
    dataDir,
  });
  return { app, gateway, dataDir, close: () => app.close() };
};

export const orderBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  merchantOrderId: 'D8F3K2',
  amount: '10000',
  currency: 'USD',
  description: 'Deposit D8F3K2',
  callbackUrl: 'http://127.0.0.1:9/callback',
  returnUrl: 'http://localhost:8080/member?page=depositv2&order=D8F3K2',
  ...overrides,
});

interface SignedOptions {
  merchant?: { id: string; secret: string };
  signature?: string;
  contentType?: string;
}

export const signedPost = (
  app: FastifyInstance,
  url: string,
  body: Record<string, unknown> | string,
  options: SignedOptions = {},
): Promise<LightMyRequestResponse> => {
  const merchant = options.merchant ?? MERCHANT;
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'x-gateway-merchant': merchant.id,
      'x-gateway-signature': options.signature ?? sign(merchant.secret, raw),
    },
  });
};

export const signedGet = (
  app: FastifyInstance,
  url: string,
  options: SignedOptions = {},
): Promise<LightMyRequestResponse> => {
  const merchant = options.merchant ?? MERCHANT;
  return app.inject({
    method: 'GET',
    url,
    headers: {
      'x-gateway-merchant': merchant.id,
      'x-gateway-signature': options.signature ?? sign(merchant.secret, url),
    },
  });
};

export interface Created {
  paymentId: string;
  payUrl: string;
  status: string;
  expiresAt: string;
}

export const createPayment = async (
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  merchant = MERCHANT,
): Promise<Created> => {
  const response = await signedPost(app, '/api/payments', orderBody(overrides), { merchant });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json<Created>();
};

export const getPayment = async (app: FastifyInstance, paymentId: string) =>
  (await signedGet(app, `/api/payments/${paymentId}`)).json<{ status: string; paidAt: string | null }>();

/** The hidden per-payment form token of the hosted page. */
export const csrfOf = (html: string): string => {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('the page has no csrf field');
  return match[1];
};

export const submitCard = (
  app: FastifyInstance,
  paymentId: string,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** Opens the page and submits the card with the page's own token. */
export const payWith = async (app: FastifyInstance, paymentId: string, number: string, extra = {}) => {
  const page = await app.inject({ method: 'GET', url: `/pay/${paymentId}` });
  return submitCard(app, paymentId, {
    csrf: csrfOf(page.body),
    number,
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
    ...extra,
  });
};

/** Resolves with the first delivery event for the payment that matches (no timings: it waits for the event). */
export const nextDelivery = (
  gateway: Gateway,
  paymentId: string,
  matches: (event: DeliveryEvent) => boolean = () => true,
): Promise<DeliveryEvent> =>
  new Promise((resolve) => {
    const listener = (event: DeliveryEvent) => {
      if (event.paymentId === paymentId && matches(event)) {
        gateway.events.off('delivery', listener);
        resolve(event);
      }
    };
    gateway.events.on('delivery', listener);
  });

/** A URL on a local port nobody listens on (the port was free a moment ago). */
export const unreachableUrl = async (): Promise<string> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/callback`;
};

export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A merchant's callback endpoint on a real port. Each request is answered by the next entry of `answers`
 * (the last one repeats); an answer `'hold'` keeps the request open until `release(status)`.
 */
export class FakeReceiver {
  readonly received: ReceivedCallback[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  private held: ServerResponse[] = [];
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = this.answers[Math.min(this.received.length - 1, this.answers.length - 1)] ?? 200;
      if (answer === 'hold') this.held.push(response);
      else response.writeHead(answer, { location: '/elsewhere' }).end('ok');
      for (const waiter of this.waiters.filter((w) => this.received.length >= w.count)) waiter.resolve();
      this.waiters = this.waiters.filter((w) => this.received.length < w.count);
    });
  });

  constructor(public answers: (number | 'hold')[] = [200]) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/wps/cashier/callback/sandbox`;
  }

  /** Resolves once `count` callbacks have arrived. */
  waitFor(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  release(status: number): void {
    for (const response of this.held.splice(0)) response.writeHead(status).end();
  }

  json(index: number): Record<string, unknown> {
    const callback = this.received[index];
    if (!callback) throw new Error(`no callback #${index}`);
    return JSON.parse(callback.body) as Record<string, unknown>;
  }

  async stop(): Promise<void> {
    this.release(503);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
