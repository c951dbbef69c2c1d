import { CRASH_TOPIC } from '@tessera/contracts';
import { defineModule } from '../../platform/modules';
import { IN_HOUSE_VENDOR, maskName } from '../games';
import { type CrashTiming, DEFAULT_CRASH_TIMING } from './crash.driver';
import { type CrashGame, createCrashGame } from './crash.setup';
import { createInhouseEvents, type InhouseEvents } from './inhouse.events';
import { createInhouseRepository, type InhouseRepository } from './inhouse.repository';
import { registerInhouseRoutes } from './inhouse.routes';
import { createInhouseService, type InhouseService } from './inhouse.service';
import { registerInhouseAdminRoutes } from './inhouse-admin.routes';

export type { CrashTiming } from './crash.driver';
export { DEFAULT_CRASH_TIMING } from './crash.driver';
export { CRASH_LEADER_LOCK } from './crash.loop';
export { type CrashService, LostLeadershipError } from './crash.service';
export { type CrashGame, createCrashGame } from './crash.setup';
export { createInhouseEvents, type InhouseEvent, type InhouseEvents, type RoundSettledEvent } from './inhouse.events';
export type { Limits, MerchantLimits } from './inhouse.limits';
export { presentMerchantLimits, presentRound } from './inhouse.presenter';
export type { InhouseRepository, SeededRoundRow } from './inhouse.repository';
export { registerInhouseRoutes } from './inhouse.routes';
export { createInhouseService, type InhouseService } from './inhouse.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** In-house games (dice, limbo, plinko…): rounds, seeds, limits. */
    inhouse: InhouseService;
    /** In-house rounds settled, for listeners in this process (the crash board, tests). */
    inhouseEvents: InhouseEvents;
    /** Multiplayer crash: `service` for the routes, `loop` the round loop (leader election and timers). */
    crash: CrashGame;
  }
}

/** The in-house repository each built in-house service writes through, shared with its crash game. */
const repositories = new WeakMap<InhouseService, InhouseRepository>();

export const inhouseEventsModule = defineModule({
  name: 'inhouseEvents',
  create: ({ log }) =>
    createInhouseEvents((error, event) =>
      log.error({ err: error, roundId: event.roundId }, 'in-house event listener failed'),
    ),
});

export const inhouseModule = defineModule({
  name: 'inhouse',
  create: ({ database, services }) => {
    const repository = createInhouseRepository(database.pool);
    const inhouse = createInhouseService({
      repository,
      ledger: services.ledger,
      events: services.inhouseEvents,
      bets: services.bets,
      catalogueId: (gameCode) => services.games.catalogueId(IN_HOUSE_VENDOR, gameCode),
    });
    repositories.set(inhouse, repository);
    return inhouse;
  },
  routes: (registrar, inhouse, { services }) => {
    registerInhouseRoutes(registrar, inhouse, services.crash.service);
    registerInhouseAdminRoutes(registrar, { admin: services.admin, inhouse, merchants: services.merchants });
  },
});

/** The crash options `buildApp` hands its modules: timing, the length of new chains, whether to run the loop. */
interface CrashOptions {
  timing?: CrashTiming;
  chainLength?: number;
  drive?: boolean;
}

export const crashModule = defineModule({
  name: 'crash',
  create: ({ database, services, realtime, log, config }) => {
    const options = (config.crash ?? {}) as CrashOptions;
    const inhouseRepository = repositories.get(services.inhouse);
    if (!inhouseRepository) throw new Error('crash needs the inhouse module listed before it');
    const crash = createCrashGame({
      pool: database.pool,
      inhouse: services.inhouse,
      inhouseRepository,
      publish: (merchantCode, type, data) => realtime.broadcast(merchantCode, CRASH_TOPIC, type, data),
      playerName: async (memberId) => maskName((await services.members.findById(memberId))?.account ?? '?'),
      merchantCodes: async () =>
        (await services.merchants.list(null))
          .filter((merchant) => merchant.settings.enabled)
          .map((merchant) => merchant.code),
      timing: options.timing ?? DEFAULT_CRASH_TIMING,
      chainLength: options.chainLength,
      onError: (error, context) => log.error({ err: error }, context),
    });
    realtime.defineTopic(CRASH_TOPIC, {
      access: 'public',
      snapshot: async ({ merchantCode }) => {
        const event = await crash.service.snapshot(merchantCode);
        return event ? { type: 'crash.round', data: event } : null;
      },
    });
    if (options.drive !== false) crash.loop.start();
    return crash;
  },
  close: async (crash) => crash.loop.stop(),
});
