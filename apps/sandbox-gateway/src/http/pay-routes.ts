import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type CardForm, checkCard } from '../cards';
import type { Gateway } from '../gateway';
import { ASSETS } from '../pages/assets';
import { notFoundPage, outcomePage, payFormPage, returnLink } from '../pages/templates';
import type { Payment } from '../state-file';

/**
 * The hosted payment page: GET shows the card form (or the outcome once final), POST settles the payment
 * once and sends the browser back to the merchant's `returnUrl` with `?status=…`.
 */

export const MAX_FORM_BODY_BYTES = 8 * 1024;

/** The strict policy of every page: own CSS and JS only, no framing, forms post here (and redirect to the merchant). */
export const contentSecurityPolicy = (payment: Payment | null): string => {
  const formAction = ["'self'"];
  // Browsers check form-action on the redirect that follows the submit, so the merchant's origin is allowed too.
  if (payment) formAction.push(new URL(payment.returnUrl).origin);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
};

const sendPage = (reply: FastifyReply, status: number, body: string, payment: Payment | null) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(payment))
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .send(body);

const sameToken = (sent: string, expected: string): boolean => {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const registerPayRoutes = (gateway: Gateway, now: () => number) => async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BODY_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.get<{ Params: { file: string } }>('/pay/assets/:file', async (request, reply) => {
    const asset = ASSETS.get(request.params.file);
    if (!asset) return sendPage(reply, 404, notFoundPage(), null);
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-security-policy', "default-src 'none'")
      .send(asset.body);
  });

  app.get<{ Params: { paymentId: string } }>('/pay/:paymentId', async (request, reply) => {
    const payment = gateway.get(request.params.paymentId);
    if (!payment) return sendPage(reply, 404, notFoundPage(), null);
    if (payment.status === 'pending') return sendPage(reply, 200, payFormPage({ payment, now: now() }), payment);
    return sendPage(reply, 200, outcomePage({ payment, now: now() }), payment);
  });

  app.post<{ Params: { paymentId: string } }>('/pay/:paymentId', async (request, reply) => {
    const payment = gateway.get(request.params.paymentId);
    if (!payment) return sendPage(reply, 404, notFoundPage(), null);
    if (payment.status !== 'pending') return alreadyFinal(reply, payment);

    const body = (request.body ?? {}) as Record<string, unknown>;
    const form: CardForm = {
      number: text(body.number),
      expiry: text(body.expiry),
      cvc: text(body.cvc),
      name: text(body.name),
    };
    if (!sameToken(text(body.csrf), payment.csrfToken)) {
      const alert = 'This form was out of date. Check the details and submit again.';
      return sendPage(reply, 403, payFormPage({ payment, now: now(), values: form, alert }), payment);
    }
    const check = checkCard(form, new Date(now()));
    if (!check.ok) {
      const alert = 'Check the highlighted fields.';
      return sendPage(
        reply,
        422,
        payFormPage({ payment, now: now(), values: form, errors: check.errors, alert }),
        payment,
      );
    }
    const result = await gateway.pay(payment.paymentId, check.outcome, check.last4);
    if (result.kind === 'not_found') return sendPage(reply, 404, notFoundPage(), null);
    if (result.kind === 'already_final') return alreadyFinal(reply, result.payment);
    return reply
      .code(303)
      .header('location', returnLink(result.payment))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send();
  });

  /** A submit for a payment that is already final shows the outcome; nothing is charged again. */
  const alreadyFinal = (reply: FastifyReply, payment: Payment) => {
    if (payment.status === 'expired') return sendPage(reply, 410, outcomePage({ payment, now: now() }), payment);
    const note = 'This payment was already completed; nothing more was charged.';
    return sendPage(reply, 409, outcomePage({ payment, now: now(), note }), payment);
  };
};
