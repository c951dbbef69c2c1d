export { firstVisitAnswers, siteStartAnswer } from './site-start-answer';
export { registerWebAppRoutes } from './webapp.routes';
export { createWebAppService, type WebAppService } from './webapp.service';
