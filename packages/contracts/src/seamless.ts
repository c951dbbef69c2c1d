import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { moneyStringSchema } from './wallet';

/**
 * The seamless-wallet API outside game providers call (docs/seamless-wallet.md): POST
 * /seamless/v1/:provider/:action with the raw JSON body signed by HMAC-SHA256 under the provider's secret
 * (hex, header `X-Signature`). Not a site endpoint: no merchant header, no module id; the game token names
 * member, game and merchant.
 */
export const seamlessActions = [
  'balance',
  'bet',
  'win',
  'rollback',
  'tip',
  'resettle',
  'cashout',
  'void',
  'promo',
] as const;
export type SeamlessAction = (typeof seamlessActions)[number];

const id = z.string().trim().min(1).max(100);
/** Why a provider pays a promotional win: shown beside it in the member's account record (its reference). */
export const seamlessPromoReasons = ['tournament', 'free_spins', 'prize_drop', 'other'] as const;
export type SeamlessPromoReason = (typeof seamlessPromoReasons)[number];
/** A positive decimal in major units of the currency ("1.50"); wins may be "0". */
const amount = z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, { message: 'field_invalid' });
const currency = z.string().regex(/^[A-Z]{3}$/, { message: 'field_invalid' });

export const seamlessRequestSchemas = {
  balance: z.strictObject({ token: id.max(200) }),
  bet: z.strictObject({ token: id.max(200), transactionId: id, roundId: id, amount, currency }),
  win: z.strictObject({
    token: id.max(200),
    transactionId: id,
    roundId: id,
    amount,
    currency,
    /** The round is over after this win (default). A win with false leaves it open for more. */
    roundClosed: z.boolean().default(true),
  }),
  rollback: z.strictObject({ token: id.max(200), transactionId: id, roundId: id, referenceTransactionId: id }),
  /** Money from the member to the house in a round of the member (a dealer's tip): no win expected. */
  tip: z.strictObject({ token: id.max(200), transactionId: id, roundId: id, amount, currency }),
  /**
   * A settled round's result corrected by the provider: `amount` is the round's new total payout ("0": now lost).
   * The platform moves only the difference; a debit larger than the balance leaves a debt (decision 0117).
   */
  resettle: z.strictObject({ token: id.max(200), transactionId: id, roundId: id, amount, currency }),
  /** An open bet (sports) closed early for `amount`, the provider's cash-out offer: a payout that settles the round. */
  cashout: z.strictObject({ token: id.max(200), transactionId: id, roundId: id, amount, currency }),
  /**
   * A settled round voided by the provider: its stakes returned and its payout taken back (the difference moves; a
   * debit never overdraws and leaves a debt, decision 0117). The round then counts nothing.
   */
  void: z.strictObject({ token: id.max(200), transactionId: id, roundId: id }),
  /**
   * A promotional payout with no bet (decision 0126): a tournament prize, free-spin winnings, a prize drop. Paid to
   * the member whose token it names (an expired token of the member's session is accepted, as the prize may come
   * days later), under the provider's `campaignId`; it opens no round and is no turnover.
   */
  promo: z.strictObject({
    token: id.max(200),
    transactionId: id,
    campaignId: id,
    reason: z.enum(seamlessPromoReasons),
    amount,
    currency,
  }),
} as const;

/** Every answer carries the member's available balance after the call. */
export const seamlessResultSchema = z.object({
  balance: moneyStringSchema,
  currency: z.string(),
  /** The provider's transaction id, echoed (absent for balance). */
  transactionId: z.string().optional(),
  /** The ledger transaction that moved the money (absent when none moved: a win of 0). */
  platformTransactionId: z.string().nullable().optional(),
  /** A resettlement debit the balance could not cover: what the member now owes (decision 0117). */
  debt: moneyStringSchema.optional(),
});
export type SeamlessResult = z.infer<typeof seamlessResultSchema>;

/**
 * A member's debt from a seamless resettlement debit larger than its balance (decision 0117): what the member owed,
 * what is still outstanding (collected from its next seamless credits), and the round that caused it.
 */
export const adminSeamlessDebtSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  /** The member's account name. */
  account: z.string(),
  provider: z.string(),
  roundId: z.string(),
  /** The provider's resettlement that left the debt. */
  transactionId: z.string(),
  currency: z.string(),
  amount: moneyStringSchema,
  outstanding: moneyStringSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSeamlessDebt = z.infer<typeof adminSeamlessDebtSchema>;

export const seamlessDebtStatuses = ['open', 'all'] as const;

export const seamlessRoundStatuses = ['open', 'settled', 'rolled_back', 'voided'] as const;

/** A provider's round as the seamless wallet recorded it: its stakes, payouts and tips so far. */
export const adminSeamlessRoundSchema = z.object({
  provider: z.string(),
  roundId: z.string(),
  memberId: z.string(),
  /** The member's account name. */
  account: z.string(),
  /** The catalogue game the round was played on, in the operator's language where the catalogue has it. */
  gameId: z.number(),
  status: z.enum(seamlessRoundStatuses),
  currency: z.string(),
  stakes: moneyStringSchema,
  payouts: moneyStringSchema,
  tips: moneyStringSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * When the platform closed the round with no win because the provider sent no call for longer than its round
   * timeout (decision 0128); null for a round the provider settled or one still open.
   */
  timedOutAt: z.string().nullable(),
});
export type AdminSeamlessRound = z.infer<typeof adminSeamlessRoundSchema>;

/** One call of a provider in a round, as applied (or, for a rollback of an unknown bet, as refused for good). */
export const adminSeamlessCallSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(['bet', 'win', 'rollback', 'tip', 'resettle', 'cashout', 'void', 'promo']),
  amount: moneyStringSchema,
  /** 'ok', or 'not_found' for a rollback of a bet never taken (that bet is refused if it comes). */
  outcome: z.string(),
  /** For a rollback: the bet it returned. */
  referenceTransactionId: z.string().nullable(),
  /** The ledger transaction that moved the money; null when none moved (a win of 0). */
  ledgerTransactionId: z.string().nullable(),
  /** The member's available balance the provider was answered with. */
  balanceAfter: moneyStringSchema.nullable(),
  createdAt: z.string(),
});
export type AdminSeamlessCall = z.infer<typeof adminSeamlessCallSchema>;

/** Bounds of a provider's round timeout an operator may set, in hours (decision 0128): an hour to 30 days. */
export const ROUND_TIMEOUT_HOURS = { min: 1, max: 720 } as const;

/** A registered provider as the back office lists it, with the round timeout the merchant's rounds close by. */
export const adminSeamlessProviderSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Hours an open round may go without a call before it is closed with no win: the merchant's, else the default. */
  roundTimeoutHours: z.number(),
  /** The provider's registered timeout, used while the merchant has set none. */
  defaultRoundTimeoutHours: z.number(),
  /** True while the merchant has set nothing for the provider. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AdminSeamlessProvider = z.infer<typeof adminSeamlessProviderSchema>;

/** A provider's round timeout for the merchant; null goes back to the provider's registered timeout. */
export const updateSeamlessProviderSchema = z.strictObject({
  roundTimeoutHours: z
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(ROUND_TIMEOUT_HOURS.min, { message: 'field_too_small' })
    .max(ROUND_TIMEOUT_HOURS.max, { message: 'field_too_large' })
    .nullable(),
});
export type UpdateSeamlessProvider = z.infer<typeof updateSeamlessProviderSchema>;

const providerCodeSchema = z.string().regex(/^[A-Z0-9_]{1,32}$/, { message: 'field_invalid' });

export const adminSeamlessEndpoints = {
  listDebts: defineEndpoint({
    name: 'admin.listSeamlessDebts',
    method: 'GET',
    path: '/api/admin/merchants/:code/seamless-debts',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({
      /** Open debts only (default), or every debt, repaid ones included. */
      status: z.enum(seamlessDebtStatuses).default('open'),
      pageNo: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      list: z.array(adminSeamlessDebtSchema),
      pageNo: z.number(),
      totalPages: z.number(),
      /** Outstanding in total per currency, over every open debt of the merchant. */
      outstanding: z.array(z.object({ currency: z.string(), amount: moneyStringSchema })),
    }),
    summary: "The merchant's members' debts from seamless resettlements, newest first (decision 0117).",
  }),
  listRounds: defineEndpoint({
    name: 'admin.listSeamlessRounds',
    method: 'GET',
    path: '/api/admin/merchants/:code/seamless-rounds',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({
      /** Open rounds (default: a stake taken, no result yet; the oldest first), or every round (newest first). */
      status: z.enum(['open', 'all']).default('open'),
      /** One provider's rounds only. */
      provider: providerCodeSchema.optional(),
      /** Open for at least this many hours (stale rounds a provider never settled). */
      olderThanHours: z.coerce.number().int().min(0).max(8760).default(0),
      pageNo: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      list: z.array(adminSeamlessRoundSchema),
      pageNo: z.number(),
      totalPages: z.number(),
      /** Open rounds of the merchant by provider: how many, and the stakes they hold, per currency. */
      openByProvider: z.array(
        z.object({ provider: z.string(), currency: z.string(), rounds: z.number(), stakes: moneyStringSchema }),
      ),
    }),
    summary: "The merchant's seamless rounds by provider: open ones (oldest first) or all, with their totals.",
  }),
  getRound: defineEndpoint({
    name: 'admin.getSeamlessRound',
    method: 'GET',
    path: '/api/admin/merchants/:code/seamless-rounds/:provider/:roundId',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({
      code: merchantCodeSchema,
      provider: providerCodeSchema,
      roundId: z.string().min(1).max(100),
    }),
    request: z.strictObject({}),
    response: z.object({
      round: adminSeamlessRoundSchema,
      /** Every call of the provider in the round, in the order applied. */
      calls: z.array(adminSeamlessCallSchema),
      /** Debts the round's resettlements left (decision 0117). */
      debts: z.array(adminSeamlessDebtSchema),
    }),
    summary: "A seamless round's whole history: every provider call with its ledger movement, and its debts.",
  }),
  listProviders: defineEndpoint({
    name: 'admin.listSeamlessProviders',
    method: 'GET',
    path: '/api/admin/merchants/:code/seamless-providers',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema }),
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminSeamlessProviderSchema) }),
    summary: "The registered game providers with the round timeout the merchant's rounds close by (decision 0128).",
  }),
  updateProvider: defineEndpoint({
    name: 'admin.updateSeamlessProvider',
    method: 'PUT',
    path: '/api/admin/merchants/:code/seamless-providers/:provider',
    moduleIds: [],
    access: access.operator('games.manage', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, provider: providerCodeSchema }),
    request: updateSeamlessProviderSchema,
    response: adminSeamlessProviderSchema,
    summary:
      "Sets a provider's round timeout for the merchant, 1 to 720 hours, or null for the provider's default (validation_failed with a roundTimeoutHours error, nothing changed; not_found for a provider not registered); audited in the same transaction (owner, content).",
  }),
};
