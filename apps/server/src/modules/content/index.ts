import { defineModule } from '../../platform/modules';
import { createContentRepository } from './content.repository';
import { registerContentImageRoute, registerContentRoutes } from './content.routes';
import { type ContentService, createContentService } from './content.service';
import { registerContentAdminRoutes } from './content-admin.routes';

export { presentContentItem, presentImage } from './content.presenter';
export { registerContentImageRoute, registerContentRoutes } from './content.routes';
export { type ContentService, createContentService } from './content.service';
export { seedDemoContent } from './demo-content';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Announcements, banners, pages and their images, per merchant and language. */
    content: ContentService;
  }
}

export const contentModule = defineModule({
  name: 'content',
  create: ({ database }) => createContentService(createContentRepository(database.pool)),
  routes: (registrar, content, { services }) => {
    registerContentRoutes(registrar, content);
    registerContentImageRoute(registrar.http, content);
    registerContentAdminRoutes(registrar, { admin: services.admin, content, merchants: services.merchants });
  },
});
