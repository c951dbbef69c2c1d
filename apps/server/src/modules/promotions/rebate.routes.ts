import { rebateEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, SiteContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import { presentRebateClaim, presentRebateOverview } from './rebate.presenter';
import type { RebateService } from './rebate.service';

const signedIn = (ctx: SiteContext): MemberPrincipal => {
  if (!ctx.member) throw new AppError('login.not.session');
  return ctx.member;
};

/** The member's manual rebate (MANUALREBATE3): what collecting would pay, collecting, and past collections. */
export const registerRebateRoutes = (r: Registrar, rebate: RebateService): void => {
  r.site(rebateEndpoints.overview, async ({ ctx }) =>
    presentRebateOverview(await rebate.overview(signedIn(ctx), ctx.merchant), ctx.merchant.settings.currency),
  );

  r.site(rebateEndpoints.collect, async ({ ctx }) =>
    presentRebateClaim(await rebate.collect(signedIn(ctx), ctx.merchant)),
  );

  r.site(rebateEndpoints.claims, async ({ input, ctx }) => {
    const { rows, total } = await rebate.memberClaims(signedIn(ctx), input);
    return {
      list: rows.map(presentRebateClaim),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
      totalCount: total,
    };
  });
};
