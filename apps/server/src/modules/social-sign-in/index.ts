import { defineModule } from '../../platform/modules';
import { createSecretBox } from '../../platform/security/secret-box';
import { createSocialSignInRepository } from './social-sign-in.repository';
import { registerSocialSignInAdminRoutes, registerSocialSignInRoutes } from './social-sign-in.routes';
import { createSocialSignInService, type SocialSignInService } from './social-sign-in.service';

export { SOCIAL_SIGN_IN_COOKIE } from './social-sign-in.routes';
export type { SocialSignInService } from './social-sign-in.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Social sign-in through OpenID Connect (issue 30, decision 0165). */
    socialSignIn: SocialSignInService;
  }
}

/** The secret box providers' client secrets are sealed in. */
const SOCIAL_SIGN_IN_SECRETS = 'social-sign-in-secrets';

/**
 * Social sign-in (decision 0165): a merchant's OpenID Connect providers, the code flow with PKCE, state and nonce
 * kept server-side, accounts linked by (provider, issuer, subject); linking an existing account needs its password.
 */
export const socialSignInModule = defineModule({
  name: 'socialSignIn',
  create: ({ database, services, log }) =>
    createSocialSignInService({
      pool: database.pool,
      repository: createSocialSignInRepository(database.pool),
      secretBox: createSecretBox(database.pool, SOCIAL_SIGN_IN_SECRETS),
      limiter: services.limiter,
      members: services.members,
      session: services.session,
      register: services.register,
      admin: services.admin,
      log,
    }),
  routes: (registrar, social) => {
    registerSocialSignInRoutes(registrar, social);
    registerSocialSignInAdminRoutes(registrar, social);
  },
});
