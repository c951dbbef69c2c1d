import { defineModule } from '../../platform/modules';
import { createSecretBox } from '../../platform/security/secret-box';
import { MEMBER_SECRETS } from '../session';
import { createAccountRepository } from './account.repository';
import { registerAccountRoutes } from './account.routes';
import { type AccountService, createAccountService } from './account.service';

export { registerAccountRoutes } from './account.routes';
export { type AccountService, createAccountService } from './account.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** A member's own account: passwords, contact details, bank cards, second factor. */
    account: AccountService;
  }
}

export const accountModule = defineModule({
  name: 'account',
  create: ({ database, services }) =>
    createAccountService({
      repository: createAccountRepository(database.pool),
      members: services.members,
      session: services.session,
      verification: services.verification,
      sender: services.verification.sender,
      limiter: services.limiter,
      secretBox: createSecretBox(database.pool, MEMBER_SECRETS),
    }),
  routes: (registrar, account) => registerAccountRoutes(registrar, account),
});
