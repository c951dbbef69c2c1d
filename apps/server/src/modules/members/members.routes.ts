import { memberEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import { presentMemberInfo } from './members.presenter';
import type { MembersService } from './members.service';
import { isPasswordExpired } from './members.service';

export const registerMembersRoutes = (r: Registrar, members: MembersService): void => {
  r.site(memberEndpoints.info, async ({ ctx }) => {
    const member = ctx.member ? await members.findById(ctx.member.memberId) : null;
    if (!member) throw new AppError('login.not.session');
    const forced = member.mustChangePassword || isPasswordExpired(member, ctx.merchant);
    return presentMemberInfo(member, ctx.merchant.settings.currency, forced);
  });

  r.site(memberEndpoints.registerSettings, async ({ ctx }) => ctx.merchant.settings.registerRules);

  r.site(memberEndpoints.updateLanguage, async ({ input, ctx }) => {
    if (!ctx.merchant.settings.supportedLanguages.includes(input.language)) {
      throw new AppError('validation_failed', { fieldErrors: [{ path: 'language', code: 'field_not_allowed' }] });
    }
    await members.update(ctx.member.memberId, { language: input.language });
    return null;
  });
};
