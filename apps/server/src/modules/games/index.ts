import { defineModule } from '../../platform/modules';
import { createCatalogue } from './catalogue';
import { DEMO_PROVIDER_CODE } from './demo-catalogue';
import { createGamesRepository } from './games.repository';
import { registerGameMediaRoutes, registerGamesRoutes } from './games.routes';
import { createGamesService, type GamesService } from './games.service';
import { registerGamesAdminRoutes } from './games-admin.routes';

export { gameArtworkSvg, vendorLogoSvg } from './artwork';
export { type Catalogue, createCatalogue } from './catalogue';
export { DEMO_PROVIDER_CODE, demoGames, IN_HOUSE_VENDOR } from './demo-catalogue';
export { presentAdminGame, presentAdminVendor } from './games.presenter';
export type { GameRow } from './games.repository';
export { registerGameMediaRoutes, registerGamesRoutes } from './games.routes';
export {
  createGamesService,
  GAME_SESSION_TTL_MS,
  type GameSessionFacts,
  type GamesService,
  maskName,
  type ProviderLaunchUrl,
} from './games.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The game catalogue: vendors, games, lobby lanes, favourites, launches. */
    games: GamesService;
  }
}

export const gamesModule = defineModule({
  name: 'games',
  create: ({ database, services, log, caches }) => {
    const repository = createGamesRepository(database.pool);
    const catalogue = createCatalogue({
      caches,
      load: repository.catalogue,
      onError: (error) => log.warn({ err: error }, 'game catalogue reload failed'),
    });
    return createGamesService({
      repository,
      bets: services.bets,
      memberName: async (memberId) => (await services.members.findById(memberId))?.account ?? null,
      providerLaunchUrl: services.providers.launchUrl,
      catalogue,
      caches,
    });
  },
  routes: (registrar, games, { services }) => {
    registerGamesRoutes(registrar, games);
    registerGameMediaRoutes(registrar.http, games);
    registerGamesAdminRoutes(registrar, { admin: services.admin, games, merchants: services.merchants });
  },
  // The demo catalogue (its outside vendors launch into the reference provider, apps/reference-provider) and the
  // winners board's history, so it shows from the first visit (decision 0065).
  seedDemo: async (games, { merchantCode, currency }) => {
    await games.seedDemoCatalogue(DEMO_PROVIDER_CODE);
    await games.seedDemoWins(merchantCode, currency);
  },
});
