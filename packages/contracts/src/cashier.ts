import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { PROOF_UPLOAD, proofImageSchema } from './proofs';
import { moneyStringSchema } from './wallet';

export const paymentChannelKinds = ['bank_transfer', 'gateway', 'crypto'] as const;
export type PaymentChannelKind = (typeof paymentChannelKinds)[number];

/** What the member sees of a deposit channel: limits, and where to pay for the manual kinds. */
export const paymentChannelSchema = z.object({
  id: z.string(),
  kind: z.enum(paymentChannelKinds),
  name: z.string(),
  currency: z.string(),
  minAmount: moneyStringSchema,
  maxAmount: moneyStringSchema,
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
  crypto: z.object({ network: z.string(), address: z.string() }).nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const depositStatuses = ['pending', 'awaiting_review', 'succeeded', 'failed', 'expired'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  channelId: z.string(),
  channelKind: z.enum(paymentChannelKinds),
  amount: moneyStringSchema,
  currency: z.string(),
  status: z.enum(depositStatuses),
  /** Gateway channels: the hosted payment page to send the member to. */
  payUrl: z.string().nullable(),
  /** Manual channels: what the member said it paid with (name on the transfer, transaction hash). */
  payerNote: z.string().nullable(),
  reason: z.string().nullable(),
  /** Bank transfers: the proof images the member attached, in upload order. */
  proofIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

const orderParams = z.strictObject({ id: z.uuid() });

export const cashierEndpoints = {
  channels: defineEndpoint({
    name: 'cashier.channels',
    method: 'GET',
    path: '/wps/cashier/channels',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(paymentChannelSchema),
    summary: "The merchant's enabled deposit channels with their limits.",
  }),
  createDeposit: defineEndpoint({
    name: 'cashier.createDeposit',
    method: 'POST',
    path: '/wps/cashier/deposits',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      channelId: z.uuid({ message: 'field_invalid' }),
      /** Decimal in major units, as typed ("100.50"); checked against the currency's digits and the limits. */
      amount: z.string().trim().min(1, { message: 'not_empty' }).max(40),
      /** Manual channels: the name on the transfer, or the transaction hash. */
      payerNote: z.string().trim().max(200).optional(),
      /** The client's key for this opening: a retry with it answers the same order. */
      requestId: z.uuid({ message: 'field_invalid' }).optional(),
    }),
    response: depositOrderSchema,
    summary:
      'Opens a deposit order. Gateway: answers with payUrl; bank transfer and crypto: the order waits for the operator. Amount errors: amount_not_numeric, amount_not_positive, amount_too_precise, amount_below_minimum, amount_above_maximum. A retry with the same requestId answers the same order (idempotency_conflict if its channel or amount differ).',
  }),
  getDeposit: defineEndpoint({
    name: 'cashier.getDeposit',
    method: 'GET',
    path: '/wps/cashier/deposits/:id',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: orderParams,
    request: z.strictObject({}),
    response: depositOrderSchema,
    summary: "One of the member's own deposit orders.",
  }),
  listDeposits: defineEndpoint({
    name: 'cashier.listDeposits',
    method: 'GET',
    path: '/wps/cashier/deposits',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1) }),
    response: z.object({ list: z.array(depositOrderSchema), pageNo: z.number(), totalPages: z.number() }),
    summary: "The member's deposit orders, newest first, 20 a page.",
  }),
  addDepositProofs: defineEndpoint({
    name: 'cashier.addDepositProofs',
    method: 'POST',
    path: '/wps/cashier/deposits/:id/proofs',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    bodyKind: 'multipart',
    upload: PROOF_UPLOAD,
    params: orderParams,
    request: z.strictObject({}),
    response: depositOrderSchema,
    summary:
      'multipart/form-data: "proofs" files (png or jpg, 5 MB each) of the payment, attached to one of the member’s own bank-transfer deposits while it awaits review; at most 3 per order in all. Files are checked by their bytes and re-encoded. Errors: proof_required, image_invalid, image_too_large, upload_too_many, order_state_invalid (another kind of order, or one already decided).',
  }),
  depositProof: defineEndpoint({
    name: 'cashier.depositProof',
    method: 'GET',
    path: '/wps/cashier/deposits/:id/proofs/:proofId',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: z.strictObject({ id: z.uuid(), proofId: z.uuid() }),
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: 'One proof image of the member’s own deposit.',
  }),
} as const;

/** A settled payment as the sandbox gateway reports it (docs/runbooks/sandbox-gateway.md). */
export const gatewayCallbackSchema = z.strictObject({
  paymentId: z.string().min(1).max(100),
  merchantOrderId: z.string().min(1).max(100),
  amount: z.string().regex(/^\d+$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['succeeded', 'failed', 'expired']),
  paidAt: z.string().nullable(),
  attempt: z.number().int().min(1),
});
export type GatewayCallback = z.infer<typeof gatewayCallbackSchema>;
