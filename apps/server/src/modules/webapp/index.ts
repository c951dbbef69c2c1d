export { registerWebAppRoutes } from './webapp.routes';
export { createWebAppService, type WebAppService } from './webapp.service';
