export { registerWalletRoutes } from './wallet.routes';
export {
  createBalancePusher,
  createWalletService,
  WALLET_IS_SINGLE,
  type WalletService,
} from './wallet.service';
