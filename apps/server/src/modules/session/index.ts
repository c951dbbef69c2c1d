import { defineModule } from '../../platform/modules';
import { createSecretBox } from '../../platform/security/secret-box';
import { createSessionRepository } from './session.repository';
import { registerSessionRoutes } from './session.routes';
import { createSessionService, type SessionService } from './session.service';

export { registerSessionRoutes } from './session.routes';
export { CAPTCHA_AFTER_FAILURES, createSessionService, type SessionService } from './session.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Member sign-in, sessions and second factors; the registrar authenticates members through it. */
    session: SessionService;
  }
}

/** The secret box members' second-factor secrets are sealed in (shared by session and account). */
export const MEMBER_SECRETS = 'member-secrets';

export const sessionModule = defineModule({
  name: 'session',
  create: ({ database, services, caches }) =>
    createSessionService({
      repository: createSessionRepository(database.pool),
      members: services.members,
      verification: services.verification,
      captcha: services.system.captcha,
      proofOfWork: services.proofOfWork,
      limiter: services.limiter,
      secretBox: createSecretBox(database.pool, MEMBER_SECRETS),
      caches,
    }),
  routes: (registrar, session, { services }) =>
    registerSessionRoutes(registrar, {
      session,
      sealed: services.sealed,
      proofOfWork: services.proofOfWork,
      captcha: services.system.captcha,
    }),
});
