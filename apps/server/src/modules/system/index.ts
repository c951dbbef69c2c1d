export { registerSystemRoutes } from './system.routes';
export { checkSiteAccess } from './system.service';
