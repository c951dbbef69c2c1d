import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createBonusesRepository } from './bonuses.repository';
import { registerBonusesAdminRoutes, registerBonusesRoutes } from './bonuses.routes';
import { type BonusesService, createBonusesService } from './bonuses.service';

export { presentBonus, wageringProgress } from './bonuses.presenter';
export type { BonusRow } from './bonuses.repository';
export { allocateValidBet, countsToward, mayRelease, wageringRequirement, withdrawalDecision } from './bonuses.rules';
export {
  type BonusesAudit,
  type BonusesService,
  type BonusReader,
  type BonusTitleSource,
  bonusReference,
  createBonusesService,
  type GrantBonus,
  judgeGrantAmount,
} from './bonuses.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The bonus wallet: bonuses with wagering requirements, released to the main wallet once met. */
    bonuses: BonusesService;
  }
}

/**
 * The bonus wallet (issue 28, decision 0081): bonuses credited to the member's `bonus` ledger wallet, wagered by
 * valid bets of settled rounds (`bet.settled`), released to the main wallet once the requirement is met, expired
 * by the job; a withdrawal with a bonus open is refused or forfeits it (the withdrawals module's guard).
 */
export const bonusesModule = defineModule({
  name: 'bonuses',
  create: ({ database, services }) => {
    const bonuses = createBonusesService({
      repository: createBonusesRepository(database.pool),
      ledger: services.ledger,
    });
    services.withdrawals.addGuard((merchant, member, options) =>
      bonuses.beforeWithdrawal(merchant, member, options.forfeitBonus),
    );
    return bonuses;
  },
  routes: (registrar, bonuses, { services }) => {
    registerBonusesRoutes(registrar, bonuses);
    registerBonusesAdminRoutes(registrar, { admin: services.admin, bonuses, members: services.members });
  },
  jobs: (bonuses) => [
    { name: 'bonuses_expiry', schedule: { everySeconds: 60 }, run: (job) => job.once(() => bonuses.expireDue()) },
  ],
  subscribers: (bonuses) => [
    subscribe('bonuses.bets', 'bet.settled', (event, context) => bonuses.countBet(context.tx, event)),
  ],
});
