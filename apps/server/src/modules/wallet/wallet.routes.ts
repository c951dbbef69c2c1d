import { formatMinor, walletEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { LedgerService } from '../ledger';

/**
 * Tessera runs one wallet per member for every game (games debit and credit it through the seamless-wallet
 * API), so there are no game wallets to transfer between (decision 0012).
 */
export const WALLET_IS_SINGLE = true;

export const registerWalletRoutes = (r: Registrar, ledger: LedgerService): void => {
  r.site(walletEndpoints.balance, async ({ ctx }) => {
    if (!ctx.member) throw new AppError('login.not.session');
    const { currency } = ctx.merchant.settings;
    const wallets = await Promise.all(
      (['main', 'bonus'] as const).map(async (wallet) => ({
        wallet,
        ...(await ledger.balance({
          merchantCode: ctx.merchant.code,
          currency,
          account: { member: ctx.member?.memberId ?? '', wallet },
        })),
      })),
    );
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
  });

  r.site(walletEndpoints.merchantWallet, async () => ({ isSingle: WALLET_IS_SINGLE }));
};
