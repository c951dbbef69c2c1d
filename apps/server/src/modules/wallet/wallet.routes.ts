import { walletEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import { WALLET_IS_SINGLE, type WalletService } from './wallet.service';

export const registerWalletRoutes = (r: Registrar, wallet: WalletService): void => {
  r.site(walletEndpoints.balance, async ({ ctx }) => {
    if (!ctx.member) throw new AppError('login.not.session');
    return wallet.getBalance(ctx.merchant.code, ctx.merchant.settings.currency, ctx.member.memberId);
  });

  r.site(walletEndpoints.merchantWallet, async () => ({ isSingle: WALLET_IS_SINGLE }));
};
