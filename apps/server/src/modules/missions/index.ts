import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createMissionsRepository } from './missions.repository';
import { registerMissionsAdminRoutes, registerMissionsRoutes } from './missions.routes';
import { createMissionsService, type MissionsService } from './missions.service';

export { createMissionsService, type MissionsService } from './missions.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    missions: MissionsService;
  }
}

/**
 * Missions (issue 28, decisions 0096-0097): daily, weekly and one-off missions advanced by subscribers on the
 * delivery's transaction (settled rounds, credited deposits, logins), claimed once through the ledger, and the
 * day's and week's leaderboards with each member's own rank.
 */
export const missionsModule = defineModule({
  name: 'missions',
  create: (host) =>
    createMissionsService({
      repository: createMissionsRepository(host.database.pool),
      ledger: host.services.ledger,
      members: host.services.members,
      merchants: host.services.merchants,
    }),
  routes: (registrar, missions, host) => {
    registerMissionsRoutes(registrar, missions);
    registerMissionsAdminRoutes(registrar, missions, host.services.admin);
  },
  // A real start's showcase only (with the demo's play history): test servers count their own missions.
  seedDemo: async (missions, { merchantCode, history }) => {
    if (history) await missions.seedDemo(merchantCode);
  },
  subscribers: (missions, { realtime }) => [
    subscribe('missions.bets', 'bet.settled', (event, context) => missions.fromBet(context.tx, event)),
    // Delivered after the completing transaction committed: the member's browsers read the missions again.
    subscribe('missions.push', 'mission.completed', async (event) => {
      realtime.publishToMember(event.merchantCode, event.memberId, 'missions.changed', { missionId: event.missionId });
    }),
    subscribe('missions.deposits', 'deposit.credited', (event, context) => missions.fromDeposit(context.tx, event)),
    subscribe('missions.logins', 'member.logged_in', (event, context) => missions.fromLogin(context.tx, event)),
  ],
});
