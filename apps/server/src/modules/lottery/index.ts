import { LOTTERY_TOPIC, prizeModeOfElottVendors } from '@tessera/contracts';
import { defineModule } from '../../platform/modules';
import { createLotteryDriver, type LotteryDriver } from './lottery.driver';
import { presentDraw } from './lottery.presenter';
import { createLotteryRepository } from './lottery.repository';
import { registerLotteryRoutes } from './lottery.routes';
import { createLotteryService, type LotteryService } from './lottery.service';
import { registerLotteryAdminRoutes } from './lottery-admin.routes';

export type { LotteryService } from './lottery.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The platform's own lottery (issue 29): scheduled verifiable draws, tickets held until the draw. */
    lottery: LotteryService & { driver: LotteryDriver };
  }
}

/** How often the draw job runs: the backstop of the in-process driver that wakes at each draw time. */
const DRAW_JOB_SECONDS = 5;

/**
 * The lottery (decisions 0084-0086): games are data, draws are committed before they open and drawn from their
 * seed by `@tessera/engines`, tickets hold their stake through the ledger until the draw settles them, each once;
 * results are pushed on topic `lottery`; every ticket is a round of the betting record (so `bet.settled`).
 */
export const lotteryModule = defineModule({
  name: 'lottery',
  create: ({ database, services, realtime, log, config }) => {
    const service = createLotteryService({
      repository: createLotteryRepository(database.pool),
      ledger: services.ledger,
      bets: services.bets,
      catalogueId: (vendor, gameCode) => services.games.catalogueId(vendor, gameCode),
      lobbyPrizeMode: async (merchant) =>
        prizeModeOfElottVendors(
          (await services.games.lanes(merchant, null))
            .find((lane) => lane.title === 'ELOTT')
            ?.cards.map((card) => card.vassalage) ?? [],
        ),
      onDraws: (events) => {
        // The newest event per merchant and game, each with that game's next draw.
        const latest = new Map<string, (typeof events)[number]>();
        for (const event of events) latest.set(`${event.merchantCode}|${event.draw.gameCode}`, event);
        for (const { merchantCode, draw } of latest.values()) {
          void service
            .games(merchantCode)
            .then(async (games) => {
              const { current } = await service.currentAndLast(games.filter((game) => game.code === draw.gameCode));
              const next = current.get(draw.gameCode);
              realtime.broadcast(merchantCode, LOTTERY_TOPIC, 'lottery.draw', {
                game: draw.gameCode,
                draw: presentDraw(draw),
                next: next ? presentDraw(next) : null,
              });
            })
            .catch((error) => log.error({ err: error }, 'lottery draw push failed'));
        }
      },
      onError: (error, context) => log.error({ err: error }, context),
    });
    realtime.defineTopic(LOTTERY_TOPIC, { access: 'public' });
    const driver = createLotteryDriver({
      service,
      onError: (error) => log.error({ err: error }, 'lottery draw pass failed'),
    });
    if (config.runJobs !== false) driver.start();
    return Object.assign(service, { driver });
  },
  routes: (registrar, lottery, { services }) => {
    registerLotteryRoutes(registrar, lottery);
    registerLotteryAdminRoutes(registrar, { admin: services.admin, lottery });
  },
  jobs: (lottery) => [
    {
      name: 'lottery_draws',
      schedule: { everySeconds: DRAW_JOB_SECONDS },
      // The pass is idempotent by the rows' states (draws locked while drawn, tickets closed once under their
      // lock); job.once keeps the queue from running one period twice.
      run: (job) => job.once(() => lottery.runDue()),
      expireInSeconds: 120,
    },
  ],
  seedDemo: (lottery, { merchantCode, currency }) => lottery.ensureDefaultGames(merchantCode, currency),
  close: async (lottery) => lottery.driver.stop(),
});
