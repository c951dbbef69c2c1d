export { registerWalletRoutes, WALLET_IS_SINGLE } from './wallet.routes';
