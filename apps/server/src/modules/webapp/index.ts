import { defineModule } from '../../platform/modules';
import { registerWebAppRoutes } from './webapp.routes';
import { createWebAppService, type WebAppService } from './webapp.service';

export { firstVisitAnswers, siteStartAnswer } from './site-start-answer';
export { registerWebAppRoutes } from './webapp.routes';
export { createWebAppService, type WebAppService } from './webapp.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** The member site as an installable web app: its manifest, icons and page head per merchant. */
    webapp: WebAppService;
  }
}

export const webappModule = defineModule({
  name: 'webapp',
  create: ({ services }) => createWebAppService({ merchants: services.merchants, content: services.content }),
  routes: (registrar, webApp) => registerWebAppRoutes(registrar.http, webApp),
});
