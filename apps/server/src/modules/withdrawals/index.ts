import { defineModule } from '../../platform/modules';
import { createWithdrawalsRepository } from './withdrawals.repository';
import { registerWithdrawalRoutes } from './withdrawals.routes';
import { createWithdrawalsService, type WithdrawalGuard, type WithdrawalsService } from './withdrawals.service';
import { registerWithdrawalsAdminRoutes } from './withdrawals-admin.routes';

export { presentPayoutMethod, presentWithdrawal } from './withdrawals.presenter';
export type { WithdrawalRow } from './withdrawals.repository';
export { registerWithdrawalRoutes } from './withdrawals.routes';
export {
  createWithdrawalsService,
  STUCK_AFTER_MS,
  type WithdrawalGuard,
  type WithdrawalsService,
} from './withdrawals.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /**
     * Withdrawals: payout methods, orders, operator review and proofs, auto-confirm; `addGuard` for a later
     * module's check before a withdrawal holds money (the bonus wallet's open wagering).
     */
    withdrawals: WithdrawalsService & { addGuard: (guard: WithdrawalGuard) => void };
  }
}

export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  create: ({ database, services }) => {
    const guards: WithdrawalGuard[] = [];
    const withdrawals = createWithdrawalsService({
      repository: createWithdrawalsRepository(database.pool),
      ledger: services.ledger,
      messages: services.messages,
      account: services.account,
      merchantOf: (code) => services.merchants.resolve({ code, host: '' }),
      guards,
    });
    return Object.assign(withdrawals, { addGuard: (guard: WithdrawalGuard) => void guards.push(guard) });
  },
  routes: (registrar, withdrawals, { services }) => {
    registerWithdrawalRoutes(registrar, withdrawals);
    registerWithdrawalsAdminRoutes(registrar, {
      admin: services.admin,
      withdrawals,
      wallet: services.walletMoves,
      members: services.members,
    });
  },
  // Auto-confirms payouts past their window and heals orders a dead process left half-done. Each step is also
  // idempotent by its own key, so the run is recorded when it has finished: a run cut short is retried whole.
  jobs: (withdrawals) => [
    { name: 'withdrawals_due', schedule: { everySeconds: 15 }, run: (job) => job.once(() => withdrawals.runDue()) },
  ],
});
