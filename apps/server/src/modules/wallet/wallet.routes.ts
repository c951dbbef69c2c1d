import { walletEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { WalletService } from './wallet.service';
import type { WalletMovesService } from './wallet-moves.service';

/**
 * Games move money through the seamless-wallet API, so a merchant has one wallet per member unless it lists
 * separate game wallets in its settings (decision 0019); then GCS_walletTransfer moves money between them.
 */
export const registerWalletRoutes = (
  r: Registrar,
  deps: { wallet: WalletService; moves: WalletMovesService },
): void => {
  const { wallet, moves } = deps;

  r.site(walletEndpoints.balance, async ({ ctx }) =>
    wallet.getBalance(ctx.merchant.code, ctx.merchant.settings.currency, ctx.member.memberId),
  );

  r.site(walletEndpoints.merchantWallet, async ({ ctx }) => ({
    isSingle: ctx.merchant.settings.gameWallets.length === 0,
  }));

  r.site(walletEndpoints.wallets, async ({ ctx }) => moves.wallets(ctx.merchant, ctx.member.memberId));

  r.site(walletEndpoints.transfer, async ({ input, ctx }) => moves.transfer(ctx.merchant, ctx.member, input));

  r.site(walletEndpoints.transactions, async ({ input, ctx }) =>
    moves.transactions(ctx.merchant, ctx.member.memberId, input),
  );

  r.site(walletEndpoints.uplineInfo, async ({ ctx }) => moves.uplineInfo(ctx.merchant, ctx.member));

  r.site(walletEndpoints.transferUpline, async ({ input, ctx }) =>
    moves.transferUpline(ctx.merchant, ctx.member, input),
  );
};
