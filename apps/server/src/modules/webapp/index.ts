export { createWebAppService, type WebAppService } from './webapp.service';
