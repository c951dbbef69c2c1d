import { z } from 'zod';
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

export const walletEndpoints = {
  balance: defineEndpoint({
    name: 'wallet.balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    moduleIds: ['COMM3'],
    auth: 'member',
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
    auth: 'member',
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ isSingle: z.boolean() }),
    summary: 'Whether the merchant keeps one wallet for all games (seamless) or separate game wallets.',
  }),
} as const;
