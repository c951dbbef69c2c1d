export { presentContentItem, presentImage } from './content.presenter';
export { createContentRepository } from './content.repository';
export { registerContentImageRoute, registerContentRoutes } from './content.routes';
export { contentImages, contentItems } from './content.schema';
export { type ContentService, createContentService } from './content.service';
export { seedDemoContent } from './demo-content';
