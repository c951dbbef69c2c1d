import { JACKPOT_TOPIC } from '@tessera/contracts';
import { subscribe } from '../../platform/events';
import { defineModule } from '../../platform/modules';
import { createJackpotPush } from './jackpot.push';
import { createJackpotRepository } from './jackpot.repository';
import { registerJackpotAdminRoutes, registerJackpotRoutes } from './jackpot.routes';
import { createJackpotService, type JackpotService } from './jackpot.service';

export { contributionOf, createJackpotService, type JackpotService } from './jackpot.service';

type JackpotModuleService = JackpotService & {
  push: ReturnType<typeof createJackpotPush>;
  /** The demo merchant's jackpot switched on, on a real start (`JackpotService.seedDemoOf`). */
  seedDemo: (merchantCode: string) => Promise<void>;
};

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The progressive jackpot (issue 29, decisions 0115-0116). */
    jackpot: JackpotModuleService;
  }
}

/**
 * The progressive jackpot (decisions 0115-0116): per merchant and currency a pool funded by the house through the
 * ledger, fed once per eligible in-house round by the `jackpot.bets` subscriber, won by a draw from the round's own
 * seeds, paid once; VIS_getJackpot and the live value on topic `jackpot`; the back office's settings and wins.
 */
export const jackpotModule = defineModule({
  name: 'jackpot',
  create: ({ database, services, realtime, log, config }) => {
    const service = createJackpotService({
      repository: createJackpotRepository(database.pool),
      ledger: services.ledger,
      inhouse: services.inhouse,
    });
    realtime.defineTopic(JACKPOT_TOPIC, { access: 'public' });
    const push = createJackpotPush(service, realtime);
    if (config.runJobs !== false) push.start((error) => log.error({ err: error }, 'jackpot push failed'));
    return Object.assign(service, {
      push,
      seedDemo: async (merchantCode: string) =>
        service.seedDemoOf(await services.merchants.resolve({ code: merchantCode, host: '' })),
    });
  },
  routes: (registrar, jackpot, { services }) => {
    registerJackpotRoutes(registrar, jackpot);
    registerJackpotAdminRoutes(registrar, jackpot, services.admin);
  },
  subscribers: (jackpot) => [
    subscribe('jackpot.bets', 'bet.settled', async (event, context) => {
      await jackpot.fromBet(context.tx, event);
    }),
    subscribe('jackpot.announce', 'jackpot.won', async (event) => jackpot.announceWin(event)),
  ],
  // A real start's showcase only (with the demo's play history): test servers set up their own jackpots.
  seedDemo: async (jackpot, { merchantCode, history }) => {
    if (history) await jackpot.seedDemo(merchantCode);
  },
  close: async (jackpot) => jackpot.push.stop(),
});
