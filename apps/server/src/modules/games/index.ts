export { gameArtworkSvg, vendorLogoSvg } from './artwork';
export { CATALOGUE_CHANNEL, type Catalogue, createCatalogue } from './catalogue';
export { demoGames, IN_HOUSE_VENDOR } from './demo-catalogue';
export { presentAdminGame, presentAdminVendor } from './games.presenter';
export { createGamesRepository, type GameRow } from './games.repository';
export { registerGameMediaRoutes, registerGamesRoutes } from './games.routes';
export {
  favouriteGames,
  gameClassifications,
  gameSessions,
  games,
  gameVendors,
  merchantGameSettings,
  merchantVendorSettings,
  recentGames,
} from './games.schema';
export {
  createGamesService,
  GAME_SESSION_TTL_MS,
  type GameSessionFacts,
  type GamesService,
  maskName,
  type ProviderLaunchUrl,
} from './games.service';
