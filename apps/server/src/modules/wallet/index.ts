export { registerWalletRoutes } from './wallet.routes';
export { createBalancePusher, createWalletService, type WalletService } from './wallet.service';
export { createWalletMovesService, presentEntry, rangeStart, type WalletMovesService } from './wallet-moves.service';
