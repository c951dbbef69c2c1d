export { createInhouseEvents, type InhouseEvent, type InhouseEvents, type RoundSettledEvent } from './inhouse.events';
export { presentRound } from './inhouse.presenter';
export { createInhouseRepository, type InhouseRepository } from './inhouse.repository';
export { registerInhouseRoutes } from './inhouse.routes';
export { crashChains, crashRounds, inhouseLimits, inhouseRounds, inhouseSeedPairs } from './inhouse.schema';
export { createInhouseService, type InhouseService } from './inhouse.service';
