export { createSessionRepository } from './session.repository';
export { registerSessionRoutes } from './session.routes';
export { loginChallenges, memberSessions } from './session.schema';
export { CAPTCHA_AFTER_FAILURES, createSessionService, type SessionService } from './session.service';
