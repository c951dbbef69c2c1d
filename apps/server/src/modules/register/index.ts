import { defineModule } from '../../platform/modules';
import { registerRegisterRoutes } from './register.routes';
import { createRegisterService, type RegisterService } from './register.service';

export { registerRegisterRoutes } from './register.routes';
export {
  type AffiliateCheck,
  ageOn,
  createRegisterService,
  fallbackRules,
  MINIMUM_AGE,
  type RegisterService,
} from './register.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Registration of new members (and trial accounts). */
    register: RegisterService;
  }
}

export const registerModule = defineModule({
  name: 'register',
  create: ({ database, services }) =>
    createRegisterService({
      pool: database.pool,
      members: services.members,
      session: services.session,
      verification: services.verification,
      captcha: services.system.captcha,
      proofOfWork: services.proofOfWork,
    }),
  routes: (registrar, register) => registerRegisterRoutes(registrar, register),
});
