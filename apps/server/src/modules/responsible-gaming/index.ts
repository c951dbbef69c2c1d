import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createResponsibleGamingRepository } from './responsible-gaming.repository';
import { registerResponsibleGamingRoutes } from './responsible-gaming.routes';
import { createResponsibleGamingService, type ResponsibleGamingService } from './responsible-gaming.service';
import { createHarmRepository } from './responsible-gaming-harm.repository';
import { createHarmService, type HarmService } from './responsible-gaming-harm.service';
import { createKycRepository } from './responsible-gaming-kyc.repository';
import { createKycService, type KycService } from './responsible-gaming-kyc.service';

export type { ResponsibleGamingService } from './responsible-gaming.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /**
     * Limits, breaks, exclusions and session time; `blockedAmong` tells marketing and agents' contracts who is on
     * a break or excluded (decision 0103); `kyc`, identity tiers and documents (decision 0102); `harm`, the daily
     * markers of harm (decision 0109).
     */
    responsibleGaming: ResponsibleGamingService & { kyc: KycService; harm: HarmService };
  }
}

/**
 * Responsible gaming (issue 31, decision 0062): members' limits, breaks and self-exclusions. Enforcement is not
 * here but in the ledger's debit guard (migration 0019), which reads this module's tables inside every posting.
 */
export const responsibleGamingModule = defineModule({
  name: 'responsibleGaming',
  create: (host) => {
    const service = createResponsibleGamingService({
      repository: createResponsibleGamingRepository(host.database.pool),
      members: host.services.members,
      ledger: host.services.ledger,
      session: host.services.session,
    });
    // Session time (decision 0069): every signed-in request counts it, and a reached limit refuses the sign-in.
    host.services.session.onActivity(service.countActivity);
    host.services.session.guardLogin(service.guardLogin);
    // Identity tiers (decision 0102): a withdrawal above the member's tier's threshold is refused before any hold.
    const kyc = createKycService({
      repository: createKycRepository(host.database.pool),
      members: host.services.members,
    });
    host.services.withdrawals.addGuard((merchant, member, options) =>
      kyc.checkWithdrawal(merchant, member, options.amount),
    );
    // Markers of harm (decision 0109): facts from events, a daily computation per merchant and local day.
    const merchantOf = (code: string) => host.services.merchants.resolve({ code, host: '' });
    const harm = createHarmService({
      repository: createHarmRepository(host.database.pool),
      members: host.services.members,
      merchantOf,
      merchantCodes: async () => (await host.services.merchants.list(null)).filter((m) => m.enabled).map((m) => m.code),
    });
    return Object.assign(service, { kyc, harm });
  },
  routes: (registrar, service, host) => registerResponsibleGamingRoutes(registrar, service, host),
  // Yesterday's markers of harm, for each merchant once its local day has ended (hourly: time zones differ).
  jobs: (service) => [
    {
      name: 'responsible_gaming_harm',
      schedule: { cron: '7 * * * *' },
      run: (job) => job.once(() => service.harm.computeDue()),
    },
  ],
  subscribers: (service) => [
    subscribe('responsible-gaming.cover-new-member', 'member.registered', (event) =>
      service.coverNewMember(event.merchantCode, event.memberId),
    ),
    subscribe('responsible-gaming.harm-deposits', 'deposit.credited', (event, { tx, eventId }) =>
      service.harm.addFact(tx, eventId, { ...event, at: null, deposits: event.amount }),
    ),
    subscribe('responsible-gaming.harm-bets', 'bet.settled', (event, { tx, eventId }) =>
      service.harm.addFact(tx, eventId, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        at: event.settledAt,
        stakes: event.betAmount,
      }),
    ),
    subscribe('responsible-gaming.harm-withdrawals', 'withdrawal.cancelled', (event, { tx, eventId }) =>
      service.harm.addFact(tx, eventId, { ...event, at: null, cancelledWithdrawals: 1 }),
    ),
  ],
});
