import { vipEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentRankProgress, presentVipLevels } from './vip.presenter';
import type { VipService } from './vip.service';

/** The VIP programme on the member site (VIP3): the ladder for everyone, the member's own progress. */
export const registerVipRoutes = (r: Registrar, vip: VipService): void => {
  r.site(vipEndpoints.levels, async ({ ctx }) =>
    presentVipLevels(
      await vip.levels(ctx.merchant),
      ctx.merchant,
      ctx.language ?? ctx.merchant.settings.defaultLanguage,
    ),
  );

  r.site(vipEndpoints.rankProgress, async ({ ctx }) => {
    const state = await vip.evaluate(ctx.merchant, ctx.member);
    return presentRankProgress(state, ctx.merchant, ctx.language ?? ctx.merchant.settings.defaultLanguage);
  });
};
