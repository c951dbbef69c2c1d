import { formatMinor, type WalletBalance } from '@tessera/contracts';
import type { LedgerService } from '../ledger';

export const createWalletService = (ledger: LedgerService) => ({
  /** The member's balances as `/wps/v2/wallets/balance` presents them (api-facts 6.2). */
  getBalance: async (merchantCode: string, currency: string, memberId: string): Promise<WalletBalance> => {
    const wallets = await ledger.memberBalances({ merchantCode, currency, memberId, wallets: ['main', 'bonus'] });
    const sum = wallets.reduce((total, w) => total + w.available, 0n);
    return {
      currency,
      sumBalance: formatMinor(sum, currency),
      balance: wallets.map((w) => ({
        accountTypeId: w.wallet === 'main' ? 2 : 3,
        wallet: w.wallet,
        availBalance: formatMinor(w.available, currency),
        heldBalance: formatMinor(w.held, currency),
      })),
    };
  },
});

export type WalletService = ReturnType<typeof createWalletService>;

/**
 * Pushes a member's balance to its browsers after each committed movement (`wallet.balance` events).
 * Movements of one member within the same tick are read and sent once; a failure is reported, never thrown
 * into the movement that caused it.
 */
export const createBalancePusher = (deps: {
  wallet: WalletService;
  currencyOf: (merchantCode: string) => Promise<string>;
  publish: (merchantCode: string, memberId: string, balance: WalletBalance) => void;
  onError: (error: unknown) => void;
}) => {
  const due = new Map<string, { merchantCode: string; memberId: string }>();
  let isScheduled = false;

  const pushDue = () => {
    isScheduled = false;
    const members = [...due.values()];
    due.clear();
    for (const { merchantCode, memberId } of members) {
      deps
        .currencyOf(merchantCode)
        .then((currency) => deps.wallet.getBalance(merchantCode, currency, memberId))
        .then((balance) => deps.publish(merchantCode, memberId, balance))
        .catch(deps.onError);
    }
  };

  return (merchantCode: string, memberIds: string[]): void => {
    for (const memberId of memberIds) due.set(`${merchantCode}\u0000${memberId}`, { merchantCode, memberId });
    if (!isScheduled) {
      isScheduled = true;
      setImmediate(pushDue);
    }
  };
};
