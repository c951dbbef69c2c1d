export { pageAnswerMarkup, siteStartAnswer, visitorAnnouncementsAnswer } from './site-start-answer';
export { registerWebAppRoutes } from './webapp.routes';
export { createWebAppService, type WebAppService } from './webapp.service';
