import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { PROOF_UPLOAD, proofImageSchema } from './proofs';
import { moneyStringSchema } from './wallet';

/**
 * Withdrawals (spec sections 4 and 5): a member's payout methods, the withdrawal order that holds the funds
 * until an operator decides, and the member's confirmation of receipt after the payout.
 */

export const payoutMethodKinds = ['bank_account', 'e_wallet', 'crypto', 'mobile'] as const;
export type PayoutMethodKind = (typeof payoutMethodKinds)[number];

export const cryptoNetworks = ['TRC20', 'ERC20', 'BEP20', 'BTC'] as const;
export type CryptoNetwork = (typeof cryptoNetworks)[number];

/** Receiving-address shapes per network; a typo that breaks the shape is caught before any money moves. */
export const cryptoAddressPatterns: Record<CryptoNetwork, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

/** The holder's name as the bank or wallet knows it: letters of any script, spaces, dots, apostrophes, hyphens. */
const holderName = z
  .string()
  .trim()
  .min(2, { message: 'field_too_short' })
  .max(100, { message: 'field_too_long' })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, { message: 'in_payeeName_error' });

const label = (max: number) =>
  z.string().trim().min(1, { message: 'not_empty' }).max(max, { message: 'field_too_long' });

/** What a member enters to add a payout method; the required fields differ per method (spec section 5). */
export const payoutMethodInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('bank_account'),
    bankName: label(100),
    branch: z.string().trim().max(100, { message: 'field_too_long' }).optional(),
    accountName: holderName,
    /** Digits, letters (IBAN) and dashes; spaces are dropped. */
    accountNumber: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[0-9A-Z-]{5,34}$/, { message: 'field_invalid' })),
  }),
  z.strictObject({
    kind: z.literal('e_wallet'),
    provider: label(50),
    /** The wallet's account id, e-mail or phone number, as the provider shows it. */
    accountId: z
      .string()
      .trim()
      .regex(/^\S{3,100}$/, { message: 'field_invalid' }),
    accountName: holderName,
  }),
  z
    .strictObject({
      kind: z.literal('crypto'),
      network: z.enum(cryptoNetworks, { message: 'field_not_allowed' }),
      address: z.string().trim().min(1, { message: 'not_empty' }).max(100, { message: 'field_too_long' }),
    })
    .superRefine((value, ctx) => {
      if (!cryptoAddressPatterns[value.network].test(value.address)) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'crypto_address_invalid' });
      }
    }),
  z.strictObject({
    kind: z.literal('mobile'),
    countryDialingCode: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{1,4}$/, { message: 'field_invalid' }),
    mobileNum: z
      .string()
      .trim()
      .regex(/^[0-9]{5,15}$/, { message: 'in_mobileNum_error' }),
    accountName: holderName,
  }),
]);
export type PayoutMethodInput = z.output<typeof payoutMethodInputSchema>;

/** A saved payout method as its owner sees it: numbers masked but for the last four characters. */
export const payoutMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(payoutMethodKinds),
  /** e.g. "Tessera Bank ••••6789", "TRC20 TXy1…9aBc", "+63 ••••4567". */
  display: z.string(),
  holderName: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const withdrawalStatuses = [
  /** Funds held; waiting for an operator. */
  'pending',
  /** Approved by an operator; funds still held until the payout is sent. */
  'approved',
  /** Paid out (hold captured); waiting for the member's confirmation. */
  'disbursed',
  /** Member confirmed receipt, or the confirmation window passed (auto_received). */
  'completed',
  /** Member reported partial or no receipt, with proof; the operators follow up. */
  'disputed',
  /** Refused with a reason; the hold is released. */
  'rejected',
  /** Cancelled by the member while still pending; the hold is released. */
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const confirmationOutcomes = ['received', 'partially_received', 'not_received', 'auto_received'] as const;
export type ConfirmationOutcome = (typeof confirmationOutcomes)[number];

export const withdrawalConfirmationSchema = z.object({
  outcome: z.enum(confirmationOutcomes),
  /** Partially received: what arrived. */
  amountReceived: moneyStringSchema.nullable(),
  remark: z.string().nullable(),
  proofIds: z.array(z.string()),
  confirmedAt: z.string(),
});

export const withdrawalOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: moneyStringSchema,
  currency: z.string(),
  status: z.enum(withdrawalStatuses),
  method: z.object({ id: z.string(), kind: z.enum(payoutMethodKinds), display: z.string() }),
  /** Rejected: the operator's reason. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  disbursedAt: z.string().nullable(),
  /** Disbursed and unconfirmed: when it counts as received. */
  autoConfirmAt: z.string().nullable(),
  confirmation: withdrawalConfirmationSchema.nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrderSchema>;

export const withdrawalOptionsSchema = z.object({
  currency: z.string(),
  /** The member has set a withdraw password (required to withdraw). */
  hasWithdrawPassword: z.boolean(),
  /** Available main-wallet balance now. */
  available: moneyStringSchema,
  methods: z.array(
    z.object({ kind: z.enum(payoutMethodKinds), minAmount: moneyStringSchema, maxAmount: moneyStringSchema }),
  ),
  /** Withdrawals a member may open per day (merchant's time zone), and how many remain today. */
  dailyCount: z.number().int(),
  remainingToday: z.number().int(),
  /** After a payout, minutes until an unconfirmed withdrawal counts as received. */
  autoConfirmMinutes: z.number().int(),
});
export type WithdrawalOptions = z.infer<typeof withdrawalOptionsSchema>;

const orderParams = z.strictObject({ id: z.uuid() });
const withdrawPassword = z.string().min(1, { message: 'not_empty' }).max(128);
/** Decimal in major units, as typed; checked against the currency's digits and the limits. */
export const amountInput = z.string().trim().min(1, { message: 'not_empty' }).max(40);
/** The browser's key for one submission: a retry with the same key is applied once. */
export const requestIdSchema = z.uuid({ message: 'field_invalid' });

export const withdrawalEndpoints = {
  options: defineEndpoint({
    name: 'withdraw.options',
    method: 'GET',
    path: '/wps/withdraw/options',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: withdrawalOptionsSchema,
    summary: 'What the withdrawal form needs: methods on offer with their limits, daily count, balance.',
  }),
  methods: defineEndpoint({
    name: 'withdraw.methods',
    method: 'GET',
    path: '/wps/withdraw/methods',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(payoutMethodSchema),
    summary: "The member's saved payout methods, newest first.",
  }),
  addMethod: defineEndpoint({
    name: 'withdraw.addMethod',
    method: 'POST',
    path: '/wps/withdraw/methods',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({ method: payoutMethodInputSchema, withdrawPassword }),
    response: payoutMethodSchema,
    summary:
      'Saves a payout method (bank account, e-wallet, crypto address, mobile number) after checking the withdraw password. At most 10 per member. The same method saved again (a retry) answers the one already saved.',
  }),
  removeMethod: defineEndpoint({
    name: 'withdraw.removeMethod',
    method: 'DELETE',
    path: '/wps/withdraw/methods/:id',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: orderParams,
    request: z.strictObject({}),
    response: z.null(),
    summary: "Removes one of the member's payout methods; orders already placed keep their copy.",
  }),
  submit: defineEndpoint({
    name: 'withdraw.submit',
    method: 'POST',
    path: '/wps/v2/transaction/withdraw',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      requestId: requestIdSchema,
      payoutMethodId: z.uuid({ message: 'field_invalid' }),
      amount: amountInput,
      withdrawPassword,
      /** The member confirmed giving up its open bonuses (merchants that forfeit them, decision 0081). */
      forfeitBonus: z.boolean().optional(),
    }),
    response: withdrawalOrderSchema,
    summary:
      'Opens a withdrawal and holds the amount. Errors: withdraw_password_not_set, error_withdraw_password (field), too_many_requests (5 wrong passwords in 15 minutes), amount codes, insufficient_funds, withdrawal_daily_limit, bonus_wagering_open (a bonus wagering is open), bonus_forfeit_confirm (send forfeitBonus true to give up the open bonuses). A retry with the same requestId answers with the same order.',
  }),
  list: defineEndpoint({
    name: 'withdraw.list',
    method: 'GET',
    path: '/wps/withdraw/orders',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({
      status: z.enum(withdrawalStatuses).optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
    response: z.object({ list: z.array(withdrawalOrderSchema), pageNo: z.number(), totalPages: z.number() }),
    summary: "The member's withdrawals, newest first, 20 a page.",
  }),
  get: defineEndpoint({
    name: 'withdraw.get',
    method: 'GET',
    path: '/wps/withdraw/orders/:id',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: orderParams,
    request: z.strictObject({}),
    response: withdrawalOrderSchema,
    summary: "One of the member's own withdrawals.",
  }),
  cancel: defineEndpoint({
    name: 'withdraw.cancel',
    method: 'POST',
    path: '/wps/withdraw/orders/:id/cancel',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: orderParams,
    request: z.strictObject({}),
    response: withdrawalOrderSchema,
    summary:
      "Cancels one of the member's own withdrawals while it is still pending (no operator has approved it yet): the held amount returns to the main wallet. A repeat answers with the cancelled order. Errors: not_found (not the member's), withdrawal_not_cancellable (approved, paid or rejected meanwhile).",
  }),
  confirmationList: defineEndpoint({
    name: 'withdraw.confirmationList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPaymentConfirmationList',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(withdrawalOrderSchema),
    summary: 'Paid-out withdrawals waiting for the member to confirm receipt, oldest first.',
  }),
  confirm: defineEndpoint({
    name: 'withdraw.confirm',
    method: 'POST',
    path: '/wps/withdraw/orders/:id/confirmation',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    bodyKind: 'multipart',
    upload: PROOF_UPLOAD,
    params: orderParams,
    request: z
      .strictObject({
        outcome: z.enum(['received', 'partially_received', 'not_received'], { message: 'field_not_allowed' }),
        /** Partially received: the amount that arrived, in major units. */
        amountReceived: amountInput.optional(),
        remark: z.string().trim().max(140, { message: 'field_too_long' }).optional(),
      })
      .refine((v) => v.outcome !== 'partially_received' || Boolean(v.amountReceived), {
        message: 'not_empty',
        path: ['amountReceived'],
      }),
    response: withdrawalOrderSchema,
    summary:
      'multipart/form-data: outcome, amountReceived, remark and up to 3 "proofs" files (png or jpg, 5 MB each). Not received needs at least one proof. Files are checked by their bytes and re-encoded. Errors: image_invalid, image_too_large, upload_too_many, proof_required.',
  }),
  proof: defineEndpoint({
    name: 'withdraw.proof',
    method: 'GET',
    path: '/wps/withdraw/orders/:id/proofs/:proofId',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: z.strictObject({ id: z.uuid(), proofId: z.uuid() }),
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: 'One proof image of the member’s own confirmation.',
  }),
} as const;
