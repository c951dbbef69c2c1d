import { accountEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, SiteContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AccountService } from './account.service';

const signedIn = (ctx: SiteContext): MemberPrincipal => {
  if (!ctx.member) throw new AppError('login.not.session');
  return ctx.member;
};

export const registerAccountRoutes = (r: Registrar, account: AccountService): void => {
  r.site(accountEndpoints.forgotPasswordByEmail, async ({ input, ctx }) => {
    await account.forgotPasswordByEmail(ctx, input.username, input.email);
    return null;
  });
  r.site(accountEndpoints.resetPassword, async ({ input, ctx }) => account.resetPassword(ctx, input));
  r.site(accountEndpoints.setPasswordByPhone, async ({ input, ctx }) => account.setPasswordByPhone(ctx, input));
  r.site(accountEndpoints.loginHistory, async ({ input, ctx }) => account.loginHistory(signedIn(ctx), input.pageSize));
  r.site(accountEndpoints.twoFactorSetup, async ({ ctx }) => account.startTwoFactor(ctx, signedIn(ctx)));
  r.site(accountEndpoints.twoFactorEnable, async ({ input, ctx }) =>
    account.enableTwoFactor(signedIn(ctx), input.code),
  );
  r.site(accountEndpoints.twoFactorDisable, async ({ input, ctx }) => {
    await account.disableTwoFactor(signedIn(ctx), input.password, input.code);
    return null;
  });
  r.site(accountEndpoints.withdrawPassword, async ({ input, ctx }) => {
    await account.setWithdrawPassword(signedIn(ctx), input);
    return null;
  });
  r.site(accountEndpoints.countries, async ({ ctx }) => account.countries(ctx.merchant));
};
