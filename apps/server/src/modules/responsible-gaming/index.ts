import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createResponsibleGamingRepository } from './responsible-gaming.repository';
import { registerResponsibleGamingRoutes } from './responsible-gaming.routes';
import { createResponsibleGamingService, type ResponsibleGamingService } from './responsible-gaming.service';
import { createKycRepository } from './responsible-gaming-kyc.repository';
import { createKycService, type KycService } from './responsible-gaming-kyc.service';

export type { ResponsibleGamingService } from './responsible-gaming.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /**
     * Limits, breaks, exclusions and session time; `blockedAmong` tells marketing and agents' contracts who is on
     * a break or excluded (decision 0103); `kyc`, identity tiers and documents (decision 0102).
     */
    responsibleGaming: ResponsibleGamingService & { kyc: KycService };
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
    return Object.assign(service, { kyc });
  },
  routes: (registrar, service, host) => registerResponsibleGamingRoutes(registrar, service, host),
  subscribers: (service) => [
    subscribe('responsible-gaming.cover-new-member', 'member.registered', (event) =>
      service.coverNewMember(event.merchantCode, event.memberId),
    ),
  ],
});
