import { defineModule } from '../../platform/modules';
import { registerWalletRoutes } from './wallet.routes';
import { createBalancePusher, createWalletService, type WalletService } from './wallet.service';
import { registerWalletAdminRoutes } from './wallet-admin.routes';
import { createWalletMovesService, type WalletMovesService } from './wallet-moves.service';

export { registerWalletRoutes } from './wallet.routes';
export { createBalancePusher, createWalletService, type WalletService } from './wallet.service';
export {
  createWalletMovesService,
  presentEntry,
  rangeStart,
  type UplineTransferRule,
  type WalletMovesService,
} from './wallet-moves.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** A member's balance as the site shows it, pushed to its browsers when it changes. */
    wallet: WalletService;
    /** Operators' manual credits and debits, and the member's transaction history. */
    walletMoves: WalletMovesService;
  }
}

export const walletModule = defineModule({
  name: 'wallet',
  create: ({ services, realtime, log }) => {
    const { ledger, merchants } = services;
    const wallet = createWalletService(ledger);
    const pushBalance = createBalancePusher({
      wallet,
      currencyOf: async (code) => (await merchants.resolve({ code, host: '' })).settings.currency,
      publish: (merchantCode, memberId, balance) =>
        realtime.publishToMember(merchantCode, memberId, 'wallet.balance', balance),
      onError: (error) => log.warn({ err: error }, 'realtime delivery failed'),
    });
    ledger.onMemberBalanceChange(pushBalance);
    return wallet;
  },
});

/** Listed after `account` (a manual move checks the member's account state). */
export const walletMovesModule = defineModule({
  name: 'walletMoves',
  create: ({ services }) =>
    createWalletMovesService({ ledger: services.ledger, members: services.members, account: services.account }),
  routes: (registrar, moves, { services }) => {
    registerWalletRoutes(registrar, { wallet: services.wallet, moves });
    registerWalletAdminRoutes(registrar, { admin: services.admin, wallet: moves, members: services.members });
  },
});
