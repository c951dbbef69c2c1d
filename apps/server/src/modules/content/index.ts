import { defineModule } from '../../platform/modules';
import { createContentRepository } from './content.repository';
import { registerContentImageRoute, registerContentRoutes } from './content.routes';
import { type ContentService, createContentService } from './content.service';
import { registerContentAdminRoutes } from './content-admin.routes';
import { seedDemoContent } from './demo-content';

export { presentContentItem, presentImage } from './content.presenter';
export { registerContentImageRoute, registerContentRoutes } from './content.routes';
export { type ContentService, createContentService } from './content.service';

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
    registerContentRoutes(registrar, content, async (merchantCode, memberId) =>
      (await services.responsibleGaming.blockedAmong(merchantCode, [memberId])).has(memberId),
    );
    registerContentImageRoute(registrar.http, content);
    registerContentAdminRoutes(registrar, { admin: services.admin, content, merchants: services.merchants });
  },
  seedDemo: async (content, { merchantCode, content: withContent }) => {
    if (withContent) await seedDemoContent(content, merchantCode);
  },
});
