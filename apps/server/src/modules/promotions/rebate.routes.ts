import { rebateEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentRebateClaim, presentRebateOverview } from './rebate.presenter';
import type { RebateService } from './rebate.service';

/** The member's manual rebate (MANUALREBATE3): what collecting would pay, collecting, and past collections. */
export const registerRebateRoutes = (r: Registrar, rebate: RebateService): void => {
  r.site(rebateEndpoints.overview, async ({ ctx }) =>
    presentRebateOverview(await rebate.overview(ctx.member, ctx.merchant), ctx.merchant.settings.currency),
  );

  r.site(rebateEndpoints.collect, async ({ ctx }) =>
    presentRebateClaim(await rebate.collect(ctx.member, ctx.merchant)),
  );

  r.site(rebateEndpoints.claims, async ({ input, ctx }) => {
    const { rows, total } = await rebate.memberClaims(ctx.member, input);
    return {
      list: rows.map(presentRebateClaim),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
      totalCount: total,
    };
  });
};
