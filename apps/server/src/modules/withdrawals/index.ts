export { presentPayoutMethod, presentWithdrawal } from './withdrawals.presenter';
export { createWithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository';
export { registerWithdrawalRoutes } from './withdrawals.routes';
export { payoutMethods, withdrawalOrders, withdrawalProofs } from './withdrawals.schema';
export {
  createWithdrawalsService,
  STUCK_AFTER_MS,
  type WithdrawalsService,
} from './withdrawals.service';
