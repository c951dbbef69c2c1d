import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createPointsRepository } from './points.repository';
import { registerAdminPointsRoutes, registerPointImageRoute, registerPointsRoutes } from './points.routes';
import { createPointsService, type PointsService } from './points.service';

export { categoryOfGameType, pointsForBet, pointsForDeposit, ratesOf } from './points.rules';
export { createPointsService, type PointsService } from './points.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    points: PointsService;
  }
}

/**
 * Points (issue 27, decision 0059): earned from settled bets and credited deposits by subscribers writing on the
 * delivery's transaction, kept in the module's own append-only entries, spent in the points mall or converted to
 * main-wallet cash through the ledger after the account service's withdraw password check.
 */
export const pointsModule = defineModule({
  name: 'points',
  create: (host) =>
    createPointsService({
      repository: createPointsRepository(host.database.pool),
      ledger: host.services.ledger,
      account: host.services.account,
      members: host.services.members,
    }),
  routes: (registrar, points, host) => {
    registerPointsRoutes(registrar, points);
    registerPointImageRoute(registrar.http, points);
    registerAdminPointsRoutes(registrar, points, host.services.admin);
  },
  subscribers: (points) => [
    subscribe('points.bets', 'bet.settled', (event, context) => points.earnFromBet(context.tx, event)),
    subscribe('points.deposits', 'deposit.credited', (event, context) => points.earnFromDeposit(context.tx, event)),
  ],
  seedDemo: (points, context) => points.seedDemo(context.merchantCode, context.currency),
});
