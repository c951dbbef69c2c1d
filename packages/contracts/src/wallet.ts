import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';

/** A decimal amount in major units as the wire carries it ("1234.50"), always beside its currency. */
export const moneyStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const walletBalanceSchema = z.object({
  currency: z.string(),
  /** Everything the member can use now, summed over its wallets. */
  sumBalance: moneyStringSchema,
  balance: z.array(
    z.object({
      /** 2 is the main wallet (api-facts 6.2). */
      accountTypeId: z.number().int(),
      wallet: z.enum(['main', 'bonus']),
      availBalance: moneyStringSchema,
      /** Reserved by pending withdrawals and open bets. */
      heldBalance: moneyStringSchema,
    }),
  ),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * Every ledger transaction type that moves a member's wallet: the account record and the back office show each
 * with a translated label and filter by it. A module that posts a new type adds it here (and its labels).
 */
export const memberTransactionTypes = [
  'deposit',
  'withdrawal',
  'adjustment',
  'transfer_upline',
  'transfer_downline',
  'agent_red_envelope',
  'wallet_transfer',
  'rebate',
  'reward',
  'points_redeem',
  'points_convert',
  'points_buy',
  'mission_reward',
  'jackpot_win',
  'raffle_prize',
  'game_bet',
  'game_win',
  'game_cashout',
  'game_rollback',
  'game_tip',
  'game_resettle',
  'game_promo',
  'inhouse.stake',
  'inhouse.payout',
  'inhouse.refund',
] as const;
export type MemberTransactionType = (typeof memberTransactionTypes)[number];

export const transactionRanges = ['today', '7d', '30d'] as const;
export type TransactionRange = (typeof transactionRanges)[number];

/** One movement of one of the member's wallets. */
export const ledgerEntrySchema = z.object({
  /** The posting's id. */
  id: z.string(),
  transactionId: z.string(),
  type: z.string(),
  /** 'main', 'bonus' or a game wallet code. */
  wallet: z.string(),
  /** Signed: positive in, negative out. */
  amount: moneyStringSchema,
  balanceAfter: moneyStringSchema,
  currency: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** 'main' or a game wallet's code (lower-case letters, digits, underscores). */
const walletCode = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, { message: 'field_invalid' });

export const memberWalletSchema = z.object({
  code: z.string(),
  /** 'main' for the main wallet; otherwise the game wallet's name as the merchant set it. */
  name: z.string(),
  available: moneyStringSchema,
  held: moneyStringSchema,
});

export const walletEndpoints = {
  balance: defineEndpoint({
    name: 'wallet.balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ typeId: z.coerce.number().int().min(0).max(10).default(0) }),
    response: walletBalanceSchema,
    summary: "The member's balances: available and held, per wallet, in the merchant's currency.",
  }),
  merchantWallet: defineEndpoint({
    name: 'wallet.merchantWallet',
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ isSingle: z.boolean() }),
    summary: 'Whether the merchant keeps one wallet for all games (seamless) or separate game wallets.',
  }),
  wallets: defineEndpoint({
    name: 'wallet.wallets',
    method: 'GET',
    path: '/wps/wallet/wallets',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ currency: z.string(), isSingle: z.boolean(), wallets: z.array(memberWalletSchema) }),
    summary:
      'My wallet (transferFund): the main wallet and, for merchants that keep separate game wallets, each game wallet with its balance.',
  }),
  transfer: defineEndpoint({
    name: 'wallet.transfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    moduleIds: ['FUNDTRANS3', 'COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z
      .strictObject({
        requestId: z.uuid({ message: 'field_invalid' }),
        /** 'main' or a game wallet code from wallet.wallets. */
        from: walletCode,
        to: walletCode,
        amount: z.string().trim().min(1, { message: 'not_empty' }).max(40),
      })
      .refine((v) => v.from !== v.to, { message: 'field_invalid', path: ['to'] }),
    response: z.object({ currency: z.string(), isSingle: z.boolean(), wallets: z.array(memberWalletSchema) }),
    summary:
      'Moves money between the main wallet and a game wallet. A single-wallet merchant answers function.not.available. A retry with the same requestId is applied once.',
  }),
  transactions: defineEndpoint({
    name: 'wallet.transactions',
    method: 'GET',
    path: '/wps/member/transactions',
    moduleIds: ['COMM3', 'MEMTRANS3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({
      type: z.enum(memberTransactionTypes).optional(),
      /** Past 7 or 30 days (spec section 9), or today, in the merchant's time zone. */
      range: z.enum(transactionRanges).default('7d'),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(ledgerEntrySchema),
      pageNo: z.number(),
      totalPages: z.number(),
      total: z.number(),
    }),
    summary: "Account record (transactionHistory): the member's own ledger movements, newest first.",
  }),
  uplineInfo: defineEndpoint({
    name: 'wallet.uplineInfo',
    method: 'GET',
    path: '/wps/member/transfer/upline',
    moduleIds: ['COMM3', 'AGETRANSFERUP3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({
      /** The member has an upline agent to transfer to. */
      available: z.boolean(),
      uplineAccount: z.string().nullable(),
      currency: z.string(),
      availableBalance: moneyStringSchema,
      hasWithdrawPassword: z.boolean(),
    }),
    summary: 'Whether the member can transfer to an upline agent, and to whom.',
  }),
  transferUpline: defineEndpoint({
    name: 'wallet.transferUpline',
    method: 'POST',
    path: '/wps/member/transfer/upline',
    moduleIds: ['COMM3', 'AGETRANSFERUP3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      requestId: z.uuid({ message: 'field_invalid' }),
      amount: z.string().trim().min(1, { message: 'not_empty' }).max(40),
      withdrawPassword: z.string().min(1, { message: 'not_empty' }).max(128),
    }),
    response: ledgerEntrySchema,
    summary:
      "Moves money from the member's main wallet to its upline agent's, checked by the withdraw password. Errors: no_upline, withdraw_password_not_set, error_withdraw_password (field), amount codes, insufficient_funds.",
  }),
} as const;
