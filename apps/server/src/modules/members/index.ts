export { maskAccount, maskEmail, maskMobile, presentMemberInfo } from './members.presenter';
export { createMembersRepository, type MemberRow, type ReferredMember } from './members.repository';
export { registerMembersRoutes } from './members.routes';
export { type MemberProfile as MemberProfileInput, memberKnownIps, memberLogins, members } from './members.schema';
export {
  createMembersService,
  DEFAULT_PASSWORD,
  isPasswordExpired,
  type MembersService,
} from './members.service';
