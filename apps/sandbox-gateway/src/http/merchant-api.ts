import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Merchant } from '../config';
import type { CreatePaymentInput, Gateway } from '../gateway';
import { isSupportedCurrency, MINOR_AMOUNT } from '../money';
import { verifySignature } from '../signature';
import type { Payment } from '../state-file';

/**
 * The merchant API: `POST /api/payments` and `GET /api/payments/:paymentId`, every request signed with the
 * merchant's secret (HMAC-SHA256 over the raw body, or over the request target for GET).
 */

export const MAX_API_BODY_BYTES = 16 * 1024;
export const MAX_DESCRIPTION_LENGTH = 200;
export const MAX_URL_LENGTH = 2048;
const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
};

const httpUrl = z
  .string()
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .refine(isHttpUrl, 'must be an absolute http:// or https:// URL without credentials');

const createPaymentSchema = z.strictObject({
  merchantOrderId: z.string().regex(ORDER_ID, 'must be 1-64 characters: letters, digits and . _ : - (not first)'),
  amount: z
    .string()
    .regex(MINOR_AMOUNT, 'must be a positive whole number of minor units as a string, e.g. "10000", at most 15 digits'),
  currency: z.string().refine(isSupportedCurrency, 'must be an ISO 4217 currency code in capitals, e.g. "USD"'),
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .refine((text) => text.trim() !== '', 'must not be empty')
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters or line breaks'),
  callbackUrl: httpUrl,
  returnUrl: httpUrl,
}) satisfies z.ZodType<CreatePaymentInput>;

export interface FieldProblem {
  field: string;
  message: string;
}

const problemsOf = (error: z.ZodError, input: Record<string, unknown>): FieldProblem[] =>
  error.issues.flatMap((issue): FieldProblem[] => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: field ? `${field}.${key}` : key, message: 'is not a known field' }));
    }
    if (issue.code === 'invalid_type') {
      const key = String(issue.path[0] ?? '');
      if (input[key] === undefined) return [{ field, message: 'is required' }];
      if (key === 'amount') return [{ field, message: 'must be a string of minor units, e.g. "10000", not a number' }];
      return [{ field, message: `must be a ${issue.expected}` }];
    }
    return [{ field, message: issue.message }];
  });

const invalid = (reply: FastifyReply, fields: FieldProblem[]) =>
  reply.code(400).send({ error: 'invalid_request', fields });

/** What `POST /api/payments` answers, for a new payment and for a repeated `merchantOrderId` alike. */
export const createdView = (gateway: Gateway, payment: Payment) => ({
  paymentId: payment.paymentId,
  payUrl: gateway.payUrl(payment),
  status: payment.status,
  expiresAt: payment.expiresAt,
});

export const paymentView = (payment: Payment) => ({
  paymentId: payment.paymentId,
  merchantOrderId: payment.merchantOrderId,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  paidAt: payment.paidAt,
});

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant | null;
  }
}

export const registerMerchantApi = (gateway: Gateway) => async (app: FastifyInstance) => {
  // Bodies stay raw bytes until the signature over them is checked; only JSON is accepted.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_API_BODY_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  app.decorateRequest('merchant', null);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const merchantId = request.headers['x-gateway-merchant'];
    const merchant = typeof merchantId === 'string' ? gateway.merchant(merchantId) : undefined;
    if (!merchant) return reply.code(401).send({ error: 'unknown_merchant' });
    const signature = request.headers['x-gateway-signature'];
    const signed = request.method === 'GET' || request.method === 'HEAD' ? request.url : rawBody(request);
    if (!verifySignature(merchant.secret, signed, typeof signature === 'string' ? signature : undefined)) {
      return reply.code(401).send({ error: 'bad_signature' });
    }
    request.merchant = merchant;
  });

  app.post('/api/payments', async (request, reply) => {
    const merchant = request.merchant as Merchant;
    const raw = rawBody(request);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return invalid(reply, [{ field: '', message: 'the body must be a JSON object' }]);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return invalid(reply, [{ field: '', message: 'the body must be a JSON object' }]);
    }
    const parsed = createPaymentSchema.safeParse(json);
    if (!parsed.success) return invalid(reply, problemsOf(parsed.error, json as Record<string, unknown>));

    const result = await gateway.create(merchant.id, parsed.data);
    if (result.kind === 'conflict') {
      return reply.code(409).send({
        error: 'order_conflict',
        paymentId: result.payment.paymentId,
        fields: result.fields.map((field) => ({
          field,
          message: 'differs from the payment already created for this merchantOrderId',
        })),
      });
    }
    if (result.kind === 'replayed') reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(createdView(gateway, result.payment));
  });

  app.get<{ Params: { paymentId: string } }>('/api/payments/:paymentId', async (request, reply) => {
    const merchant = request.merchant as Merchant;
    const payment = gateway.get(request.params.paymentId);
    if (!payment || payment.merchantId !== merchant.id) return reply.code(404).send({ error: 'not_found' });
    return paymentView(payment);
  });
};

const rawBody = (request: FastifyRequest): Buffer => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
