import { z } from 'zod';
import { access } from './access';
import { depositOrderSchema, depositStatuses } from './cashier';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { proofImageSchema } from './proofs';
import { ledgerEntrySchema, memberTransactionTypes, memberWalletSchema, moneyStringSchema } from './wallet';
import { amountInput, requestIdSchema, withdrawalOrderSchema, withdrawalStatuses } from './withdrawals';

/** The cashier desk of the back office (issue 4): withdrawals, adjustments, a member's wallet, the cash report. */

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const withdrawalParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });
const memberParams = z.strictObject({ code: merchantCodeSchema, memberId: z.uuid() });
const page = {
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' });

/** A withdrawal as the desk sees it: the member and the payout details in full. */
export const adminWithdrawalSchema = withdrawalOrderSchema.extend({
  memberId: z.string(),
  account: z.string().nullable(),
  /** The payout details as the member saved them when it withdrew (full numbers: the desk pays to them). */
  payout: z.record(z.string(), z.string()),
  decidedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalDetailSchema = adminWithdrawalSchema.extend({
  /** The member's latest ledger movements, to review before paying. */
  recentActivity: z.array(ledgerEntrySchema),
  balances: z.array(memberWalletSchema),
  /** Totals over the member's whole history. */
  totals: z.object({ deposits: moneyStringSchema, withdrawals: moneyStringSchema }),
});

export const withdrawalActions = ['approve', 'disburse', 'reject'] as const;
export type WithdrawalAction = (typeof withdrawalActions)[number];

export const cashReportDaySchema = z.object({
  /** The day in the merchant's time zone. */
  date: z.string(),
  depositsCount: z.number().int(),
  deposits: moneyStringSchema,
  withdrawalsCount: z.number().int(),
  withdrawals: moneyStringSchema,
  adjustmentsIn: moneyStringSchema,
  adjustmentsOut: moneyStringSchema,
  /** Cash kept: deposits − withdrawals (adjustments move no cash and are shown beside it). */
  net: moneyStringSchema,
});
export type CashReportDay = z.infer<typeof cashReportDaySchema>;

export const adminCashierEndpoints = {
  listWithdrawals: defineEndpoint({
    name: 'admin.listWithdrawals',
    method: 'GET',
    path: '/api/admin/merchants/:code/withdrawals',
    moduleIds: [],
    access: access.operator('cashier.withdrawals', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ status: z.enum(withdrawalStatuses).optional(), ...page }),
    response: z.object({ list: z.array(adminWithdrawalSchema), pageNo: z.number(), totalPages: z.number() }),
    summary: 'The withdrawal queue, oldest pending first when filtered by status, else newest first (owner, finance).',
  }),
  getWithdrawal: defineEndpoint({
    name: 'admin.getWithdrawal',
    method: 'GET',
    path: '/api/admin/merchants/:code/withdrawals/:id',
    moduleIds: [],
    access: access.operator('cashier.withdrawals', 'merchant'),
    encrypted: false,
    params: withdrawalParams,
    request: z.strictObject({}),
    response: adminWithdrawalDetailSchema,
    summary: "One withdrawal with the member's balances and recent activity (owner, finance).",
  }),
  decideWithdrawal: defineEndpoint({
    name: 'admin.decideWithdrawal',
    method: 'POST',
    path: '/api/admin/merchants/:code/withdrawals/:id/decision',
    moduleIds: [],
    access: access.operator('cashier.withdrawals', 'merchant'),
    encrypted: false,
    params: withdrawalParams,
    request: z
      .strictObject({
        action: z.enum(withdrawalActions, { message: 'field_not_allowed' }),
        reason: z.string().trim().max(200, { message: 'field_too_long' }).optional(),
      })
      .refine((d) => d.action !== 'reject' || Boolean(d.reason), { message: 'not_empty', path: ['reason'] }),
    response: adminWithdrawalSchema,
    summary:
      'approve (pending → approved), disburse (approved → disbursed: the held funds leave), reject with a reason (pending or approved → rejected: the hold is released). Each happens once; a second or racing decision answers order_state_invalid (owner, finance).',
  }),
  withdrawalProof: defineEndpoint({
    name: 'admin.withdrawalProof',
    method: 'GET',
    path: '/api/admin/merchants/:code/withdrawals/:id/proofs/:proofId',
    moduleIds: [],
    access: access.operator('cashier.withdrawals', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid(), proofId: z.uuid() }),
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: "A proof image of the member's confirmation (owner, finance).",
  }),
  memberWallet: defineEndpoint({
    name: 'admin.memberWallet',
    method: 'GET',
    path: '/api/admin/merchants/:code/members/:memberId/wallet',
    moduleIds: [],
    access: access.operator('member.wallet', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({ type: z.enum(memberTransactionTypes).optional(), ...page }),
    response: z.object({
      memberId: z.string(),
      account: z.string(),
      currency: z.string(),
      balances: z.array(memberWalletSchema),
      list: z.array(ledgerEntrySchema),
      pageNo: z.number(),
      totalPages: z.number(),
    }),
    summary: "A member's wallets and every ledger movement, newest first (owner, finance, risk, support).",
  }),
  adjustBalance: defineEndpoint({
    name: 'admin.adjustBalance',
    method: 'POST',
    path: '/api/admin/merchants/:code/members/:memberId/adjustments',
    moduleIds: [],
    access: access.operator('cashier.adjust', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      requestId: requestIdSchema,
      direction: z.enum(['credit', 'debit'], { message: 'field_not_allowed' }),
      amount: amountInput,
      reason: z.string().trim().min(3, { message: 'field_too_short' }).max(200, { message: 'field_too_long' }),
    }),
    response: ledgerEntrySchema,
    summary:
      "Credits or debits a member's main wallet against the merchant's adjustments account, with a reason; audited. A debit never takes the member below zero (insufficient_funds). Same requestId: applied once (owner, finance).",
  }),
  cashReport: defineEndpoint({
    name: 'admin.cashReport',
    method: 'GET',
    path: '/api/admin/merchants/:code/cash-report',
    moduleIds: [],
    access: access.operator('cashier.reports', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z
      .strictObject({ from: isoDate, to: isoDate })
      .refine((r) => r.from <= r.to, { message: 'field_invalid', path: ['to'] })
      .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= 92, {
        message: 'field_too_large',
        path: ['to'],
      }),
    response: z.object({
      currency: z.string(),
      timeZone: z.string(),
      days: z.array(cashReportDaySchema),
      totals: cashReportDaySchema.omit({ date: true }),
    }),
    summary:
      "Deposits, withdrawals (paid out), adjustments and net per day in the merchant's time zone, from the ledger; at most 93 days (owner, finance, risk).",
  }),
  listDeposits: defineEndpoint({
    name: 'admin.listDeposits',
    method: 'GET',
    path: '/api/admin/merchants/:code/deposits',
    moduleIds: [],
    access: access.operator('cashier.deposits', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      status: z.enum(depositStatuses).optional(),
      pageNo: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      list: z.array(depositOrderSchema.extend({ memberId: z.string(), account: z.string().nullable() })),
      pageNo: z.number(),
      totalPages: z.number(),
    }),
    summary: 'The deposit queue, newest first, filtered by status (owner, finance).',
  }),
  decideDeposit: defineEndpoint({
    name: 'admin.decideDeposit',
    method: 'POST',
    path: '/api/admin/merchants/:code/deposits/:id/decision',
    moduleIds: [],
    access: access.operator('cashier.deposits', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid() }),
    request: z
      .strictObject({ approve: z.boolean(), reason: z.string().trim().max(200).optional() })
      .refine((d) => d.approve || Boolean(d.reason), { message: 'not_empty', path: ['reason'] }),
    response: depositOrderSchema,
    summary:
      'Approves (credits the member once) or rejects, with a reason, a deposit awaiting review (owner, finance).',
  }),
  depositProof: defineEndpoint({
    name: 'admin.depositProof',
    method: 'GET',
    path: '/api/admin/merchants/:code/deposits/:id/proofs/:proofId',
    moduleIds: [],
    access: access.operator('cashier.deposits', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid(), proofId: z.uuid() }),
    request: z.strictObject({}),
    response: proofImageSchema,
    summary: 'A proof image the member attached to a bank-transfer deposit (owner, finance).',
  }),
} as const;
