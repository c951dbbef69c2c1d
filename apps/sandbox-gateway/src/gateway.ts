import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Merchant } from './config';
import { signCallback } from './signature';
import { type Payment, type PaymentStatus, readStateFile, StateWriter } from './state-file';

/**
 * The gateway's business: payments, their settlement, expiry and the signed callbacks that report them.
 * All state lives in memory and is written to one JSON file after every change; a settlement is on disk
 * before its callback is sent, so a restart never reports a payment the gateway has forgotten.
 */

/** When callbacks are retried: after attempt n fails, wait `delaysMs[n-1]`, then `thenEveryMs`, until `giveUpAfterMs` after settlement. */
export interface RetrySchedule {
  delaysMs: readonly number[];
  thenEveryMs: number;
  giveUpAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RETRY_SCHEDULE: RetrySchedule = {
  delaysMs: [1 * SECOND, 5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE],
  thenEveryMs: 30 * MINUTE,
  giveUpAfterMs: 24 * HOUR,
};
export const PAYMENT_TTL_MS = 30 * MINUTE;
export const CALLBACK_TIMEOUT_MS = 10 * SECOND;
/** Finished payments (final status, callback delivered or given up) are forgotten this long after settling. */
export const RETENTION_MS = 30 * DAY;
/** The longest a timer sleeps, so old payments are pruned even on a gateway nobody uses. */
const MAX_SLEEP_MS = HOUR;

export const STATE_FILE_NAME = 'state.json';

export interface GatewayOptions {
  merchants: readonly Merchant[];
  /** Base of `payUrl`, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  log: FastifyBaseLogger;
  now?: () => number;
  paymentTtlMs?: number;
  retry?: RetrySchedule;
  callbackTimeoutMs?: number;
  retentionMs?: number;
}

export interface CreatePaymentInput {
  merchantOrderId: string;
  amount: string;
  currency: string;
  description: string;
  callbackUrl: string;
  returnUrl: string;
}

export type CreateResult =
  | { kind: 'created' | 'replayed'; payment: Payment }
  | { kind: 'conflict'; payment: Payment; fields: (keyof CreatePaymentInput)[] };

export type PayResult =
  | { kind: 'settled'; payment: Payment }
  | { kind: 'already_final'; payment: Payment }
  | { kind: 'not_found' };

/** Emitted after every finished callback attempt, once its result is written (tests observe deliveries through it). */
export interface DeliveryEvent {
  paymentId: string;
  attempt: number;
  ok: boolean;
  result: string;
  state: 'pending' | 'delivered' | 'abandoned';
}

const COMPARED_FIELDS: (keyof CreatePaymentInput)[] = ['amount', 'currency', 'description', 'callbackUrl', 'returnUrl'];

const iso = (ms: number): string => new Date(ms).toISOString();

const describeFailure = (error: unknown): string => {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timeout';
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.message) return cause.message;
    return error.message;
  }
  return String(error);
};

export class Gateway {
  readonly events = new EventEmitter<{ delivery: [DeliveryEvent] }>();
  private readonly payments = new Map<string, Payment>();
  private readonly byOrder = new Map<string, string>();
  private readonly merchants: Map<string, Merchant>;
  /** Payments whose callback is being sent right now: at most one request per payment. */
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Settled payments whose settlement is not yet on disk; their callback waits for the write. */
  private readonly awaitingSave = new Set<string>();
  private readonly writer: StateWriter;
  private readonly now: () => number;
  private readonly paymentTtlMs: number;
  private readonly retry: RetrySchedule;
  private readonly callbackTimeoutMs: number;
  private readonly retentionMs: number;
  private readonly log: FastifyBaseLogger;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private closed = false;

  private constructor(
    private readonly options: GatewayOptions,
    payments: Payment[],
  ) {
    this.merchants = new Map(options.merchants.map((merchant) => [merchant.id, merchant]));
    this.now = options.now ?? Date.now;
    this.paymentTtlMs = options.paymentTtlMs ?? PAYMENT_TTL_MS;
    this.retry = options.retry ?? RETRY_SCHEDULE;
    this.callbackTimeoutMs = options.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS;
    this.retentionMs = options.retentionMs ?? RETENTION_MS;
    this.log = options.log;
    for (const payment of payments) this.remember(payment);
    this.writer = new StateWriter(join(options.dataDir, STATE_FILE_NAME), () => ({
      version: 1,
      payments: [...this.payments.values()],
    }));
  }

  /** Loads the state file (or starts empty); call `start()` to expire, deliver and schedule. */
  static async open(options: GatewayOptions): Promise<Gateway> {
    const state = await readStateFile(join(options.dataDir, STATE_FILE_NAME));
    return new Gateway(options, state.payments);
  }

  get statePath(): string {
    return this.writer.path;
  }

  merchant(id: string): Merchant | undefined {
    return this.merchants.get(id);
  }

  payUrl(payment: Payment): string {
    return `${this.options.publicUrl}/pay/${payment.paymentId}`;
  }

  /** Resumes pending work: expires what is due and sends the callbacks a previous run left undelivered. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    const pending = [...this.payments.values()].filter((p) => p.delivery?.state === 'pending').length;
    if (pending > 0) this.log.info({ pending }, 'resuming callback deliveries');
    this.runDue();
  }

  /** Creates a payment, or answers the one already created for this merchant's order (idempotent). */
  async create(merchantId: string, input: CreatePaymentInput): Promise<CreateResult> {
    const existing = this.findByOrder(merchantId, input.merchantOrderId);
    if (existing) {
      this.expireIfDue(existing);
      const fields = COMPARED_FIELDS.filter((field) => existing[field] !== input[field]);
      if (fields.length > 0) return { kind: 'conflict', payment: existing, fields };
      // The first request's write may still be running: answer only once the payment is on disk.
      await this.writer.save();
      return { kind: 'replayed', payment: existing };
    }
    const now = this.now();
    const payment: Payment = {
      paymentId: `pay_${randomBytes(12).toString('hex')}`,
      merchantId,
      ...input,
      status: 'pending',
      createdAt: iso(now),
      expiresAt: iso(now + this.paymentTtlMs),
      settledAt: null,
      paidAt: null,
      csrfToken: randomBytes(32).toString('base64url'),
      cardLast4: null,
      delivery: null,
    };
    this.remember(payment);
    this.log.info(
      { paymentId: payment.paymentId, merchantId, merchantOrderId: input.merchantOrderId },
      'payment created',
    );
    await this.writer.save();
    this.schedule();
    return { kind: 'created', payment };
  }

  /** The payment, expired first if its time is up (so every reader sees the same status). */
  get(paymentId: string): Payment | undefined {
    const payment = this.payments.get(paymentId);
    if (payment) this.expireIfDue(payment);
    return payment;
  }

  /** Settles a pending payment with the card's outcome; a payment settles exactly once. */
  async pay(paymentId: string, outcome: 'succeeded' | 'failed', cardLast4: string): Promise<PayResult> {
    const payment = this.get(paymentId);
    if (!payment) return { kind: 'not_found' };
    if (payment.status !== 'pending') return { kind: 'already_final', payment };
    await this.settle(payment, outcome, cardLast4);
    return { kind: 'settled', payment };
  }

  /** Runs what is due now (expiries, callback attempts, pruning) and sleeps until the next thing is. */
  runDue(): void {
    if (this.closed) return;
    const now = this.now();
    for (const payment of this.payments.values()) this.expireIfDue(payment, now);
    if (this.prune(now)) void this.persist().catch(() => {});
    for (const payment of this.payments.values()) {
      const delivery = payment.delivery;
      if (
        delivery?.state === 'pending' &&
        delivery.nextAttemptAt !== null &&
        Date.parse(delivery.nextAttemptAt) <= now &&
        !this.inFlight.has(payment.paymentId) &&
        !this.awaitingSave.has(payment.paymentId)
      ) {
        this.deliver(payment);
      }
    }
    this.schedule();
  }

  /** Stops timers, interrupts callback requests (they are retried after a restart) and finishes the last write. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const running = [...this.inFlight.values()];
    for (const { controller } of running) controller.abort();
    await Promise.all(running.map(({ done }) => done));
    await this.writer.idle();
  }

  private remember(payment: Payment): void {
    this.payments.set(payment.paymentId, payment);
    this.byOrder.set(this.orderKey(payment.merchantId, payment.merchantOrderId), payment.paymentId);
  }

  private orderKey(merchantId: string, merchantOrderId: string): string {
    return `${merchantId}\u0000${merchantOrderId}`;
  }

  private findByOrder(merchantId: string, merchantOrderId: string): Payment | undefined {
    const paymentId = this.byOrder.get(this.orderKey(merchantId, merchantOrderId));
    return paymentId === undefined ? undefined : this.payments.get(paymentId);
  }

  private expireIfDue(payment: Payment, now = this.now()): void {
    if (payment.status === 'pending' && Date.parse(payment.expiresAt) <= now) {
      void this.settle(payment, 'expired', null).catch(() => {});
    }
  }

  /** Moves a pending payment to its final status, writes it, then lets its callback go. */
  private settle(payment: Payment, status: Exclude<PaymentStatus, 'pending'>, cardLast4: string | null): Promise<void> {
    const now = this.now();
    payment.status = status;
    payment.settledAt = iso(now);
    payment.paidAt = status === 'succeeded' ? iso(now) : null;
    payment.cardLast4 = cardLast4;
    payment.delivery = {
      state: 'pending',
      attempts: 0,
      nextAttemptAt: iso(now),
      lastAttemptAt: null,
      lastResult: null,
    };
    this.awaitingSave.add(payment.paymentId);
    this.log.info(
      { paymentId: payment.paymentId, merchantOrderId: payment.merchantOrderId, status },
      `payment ${status}`,
    );
    return this.persist().finally(() => {
      this.awaitingSave.delete(payment.paymentId);
      this.schedule();
    });
  }

  private persist(): Promise<void> {
    return this.writer.save().catch((error: unknown) => {
      this.log.error({ err: error, path: this.writer.path }, 'could not write the state file');
      throw error;
    });
  }

  private prune(now: number): boolean {
    let pruned = false;
    for (const payment of this.payments.values()) {
      const finished = payment.delivery !== null && payment.delivery.state !== 'pending';
      if (finished && payment.settledAt !== null && Date.parse(payment.settledAt) + this.retentionMs <= now) {
        this.payments.delete(payment.paymentId);
        this.byOrder.delete(this.orderKey(payment.merchantId, payment.merchantOrderId));
        pruned = true;
      }
    }
    return pruned;
  }

  private schedule(): void {
    if (this.closed || !this.started) return;
    if (this.timer) clearTimeout(this.timer);
    let next = Number.POSITIVE_INFINITY;
    for (const payment of this.payments.values()) {
      if (payment.status === 'pending') next = Math.min(next, Date.parse(payment.expiresAt));
      const at = payment.delivery?.state === 'pending' ? payment.delivery.nextAttemptAt : null;
      if (at !== null && !this.inFlight.has(payment.paymentId) && !this.awaitingSave.has(payment.paymentId)) {
        next = Math.min(next, Date.parse(at));
      }
    }
    const delay = Math.max(0, Math.min(next - this.now(), MAX_SLEEP_MS));
    this.timer = setTimeout(() => this.runDue(), delay);
  }

  private deliver(payment: Payment): void {
    const controller = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.inFlight.set(payment.paymentId, { controller, done });
    this.attempt(payment, controller)
      .catch((error: unknown) => {
        this.log.error({ err: error, paymentId: payment.paymentId }, 'callback attempt failed unexpectedly');
      })
      .finally(() => {
        this.release(payment.paymentId, controller);
        finish();
      });
  }

  private release(paymentId: string, controller: AbortController): void {
    if (this.inFlight.get(paymentId)?.controller === controller) this.inFlight.delete(paymentId);
  }

  private async attempt(payment: Payment, controller: AbortController): Promise<void> {
    const delivery = payment.delivery;
    if (!delivery) return;
    const attempt = delivery.attempts + 1;
    const context = {
      paymentId: payment.paymentId,
      merchantOrderId: payment.merchantOrderId,
      status: payment.status,
      attempt,
      url: payment.callbackUrl,
    };
    const merchant = this.merchants.get(payment.merchantId);
    let ok = false;
    let result: string;
    if (!merchant) {
      result = `merchant ${payment.merchantId} is no longer configured`;
    } else {
      const body = JSON.stringify({
        paymentId: payment.paymentId,
        merchantOrderId: payment.merchantOrderId,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        paidAt: payment.paidAt,
        attempt,
      });
      const timestamp = this.now();
      try {
        const response = await fetch(payment.callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'TesseraSandboxGateway/1',
            'x-gateway-timestamp': String(timestamp),
            'x-gateway-signature': signCallback(merchant.secret, timestamp, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(this.callbackTimeoutMs)]),
        });
        await response.body?.cancel().catch(() => {});
        ok = response.status >= 200 && response.status < 300;
        result = `HTTP ${response.status}`;
      } catch (error) {
        if (controller.signal.aborted) {
          this.log.info(context, 'callback attempt interrupted by shutdown; it is sent again after the restart');
          return;
        }
        result = describeFailure(error);
      }
    }
    this.release(payment.paymentId, controller);

    const finishedAt = this.now();
    delivery.attempts = attempt;
    delivery.lastAttemptAt = iso(finishedAt);
    delivery.lastResult = result;
    if (ok) {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
      this.log.info({ ...context, result }, 'callback delivered');
    } else {
      const delay = this.retry.delaysMs[attempt - 1] ?? this.retry.thenEveryMs;
      const next = finishedAt + delay;
      const settledAt = payment.settledAt === null ? finishedAt : Date.parse(payment.settledAt);
      if (!merchant || next > settledAt + this.retry.giveUpAfterMs) {
        delivery.state = 'abandoned';
        delivery.nextAttemptAt = null;
        this.log.error({ ...context, result }, 'callback not accepted; giving up');
      } else {
        delivery.nextAttemptAt = iso(next);
        this.log.warn(
          { ...context, result, nextAttemptAt: delivery.nextAttemptAt },
          'callback not accepted; will retry',
        );
      }
    }
    await this.persist().catch(() => {});
    this.events.emit('delivery', { paymentId: payment.paymentId, attempt, ok, result, state: delivery.state });
    this.schedule();
  }
}
