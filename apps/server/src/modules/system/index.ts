import { defineModule } from '../../platform/modules';
import { type CaptchaService, createCaptchaService } from './captcha.service';
import { registerSystemRoutes } from './system.routes';

export { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService, createCaptchaService } from './captcha.service';
export { registerSystemRoutes } from './system.routes';
export { checkSiteAccess } from './system.service';

/** The site's status and gate, and the captcha the sign-in and registration forms ask for. */
export interface SystemService {
  captcha: CaptchaService;
}

declare module '../../platform/modules' {
  interface ModuleServices {
    system: SystemService;
  }
}

export const systemModule = defineModule({
  name: 'system',
  create: ({ database, services, config }): SystemService => ({
    // Tests draw a known captcha text (`buildApp`'s `captchaText`).
    captcha: createCaptchaService(database.pool, services.limiter, config.captchaText as (() => string) | undefined),
  }),
  routes: (registrar) => registerSystemRoutes(registrar),
});
