import { accountEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { AccountService } from './account.service';

export const registerAccountRoutes = (r: Registrar, account: AccountService): void => {
  r.site(accountEndpoints.forgotPasswordByEmail, async ({ input, ctx }) => {
    await account.forgotPasswordByEmail(ctx, input.username, input.email);
    return null;
  });
  r.site(accountEndpoints.resetPassword, async ({ input, ctx }) => account.resetPassword(ctx, input));
  r.site(accountEndpoints.setPasswordByPhone, async ({ input, ctx }) => account.setPasswordByPhone(ctx, input));
  r.site(accountEndpoints.loginHistory, async ({ input, ctx }) => account.loginHistory(ctx.member, input.pageSize));
  r.site(accountEndpoints.twoFactorSetup, async ({ ctx }) => account.startTwoFactor(ctx, ctx.member));
  r.site(accountEndpoints.twoFactorEnable, async ({ input, ctx }) => account.enableTwoFactor(ctx.member, input.code));
  r.site(accountEndpoints.twoFactorDisable, async ({ input, ctx }) => {
    await account.disableTwoFactor(ctx.member, input.password, input.code);
    return null;
  });
  r.site(accountEndpoints.withdrawPassword, async ({ input, ctx }) => {
    await account.setWithdrawPassword(ctx.member, input);
    return null;
  });
  r.site(accountEndpoints.countries, async ({ ctx }) => account.countries(ctx.merchant));
};
