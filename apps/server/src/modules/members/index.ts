import { defineModule } from '../../platform/modules';
import { createMembersRepository } from './members.repository';
import { registerMembersRoutes } from './members.routes';
import { createMembersService, type MembersService } from './members.service';
import { registerMembersAdminRoutes } from './members-admin.routes';

export {
  maskAccount,
  maskEmail,
  maskMobile,
  presentFlag,
  presentLogin,
  presentMemberInfo,
  presentNote,
} from './members.presenter';
export type { MemberRow, ReferredMember } from './members.repository';
export { registerMembersRoutes } from './members.routes';
export type { MemberProfile as MemberProfileInput } from './members.schema';
export {
  createMembersService,
  DEFAULT_PASSWORD,
  isPasswordExpired,
  type MembersService,
} from './members.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Members: accounts, profiles, logins and uplines. */
    members: MembersService;
  }
}

export const membersModule = defineModule({
  name: 'members',
  create: ({ database }) => createMembersService(createMembersRepository(database.pool, database.replica)),
  routes: (registrar, members, { services }) => {
    registerMembersRoutes(registrar, members);
    registerMembersAdminRoutes(registrar, {
      admin: services.admin,
      members,
      session: services.session,
    });
  },
});
