import { defineModule } from '../../platform/modules';
import { createBetsRepository } from './bets.repository';
import { registerBetsRoutes } from './bets.routes';
import { type BetsService, createBetsService } from './bets.service';

export type { BetRoundRow, NewRound, Queryable, RebateRoundFilter, RebateTurnover, RoundKey } from './bets.repository';
export { registerBetsRoutes } from './bets.routes';
export { type BetsService, checkDateRange, createBetsService } from './bets.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The betting record: every round of every game source, the member's history and turnover. */
    bets: BetsService;
  }
}

export const betsModule = defineModule({
  name: 'bets',
  create: ({ database }) => createBetsService(createBetsRepository(database.pool, database.replica), database.pool),
  // The history names its games through the catalogue (listed after bets; routes register once all are built).
  routes: (registrar, bets, { services }) => registerBetsRoutes(registrar, bets, services.games.describe),
});
