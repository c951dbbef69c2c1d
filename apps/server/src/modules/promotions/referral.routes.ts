import { referralEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentReferralFriend, presentReferralSummary } from './referral.presenter';
import type { ReferralService } from './referral.service';

/** The referral programme on the member site (REFERRAL3): public state availablePromo and the invite page. */
export const registerReferralRoutes = (r: Registrar, referral: ReferralService): void => {
  r.site(referralEndpoints.merchantPromotions, async ({ ctx }) => referral.merchantPromotions(ctx.merchant));

  r.site(referralEndpoints.summary, async ({ ctx }) =>
    presentReferralSummary(await referral.summary(ctx.merchant, ctx.member), ctx.merchant.settings.currency),
  );

  r.site(referralEndpoints.friends, async ({ input, ctx }) => {
    const { friends, total } = await referral.friends(ctx.merchant, ctx.member, input);
    return {
      list: friends.map(presentReferralFriend),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
      total,
    };
  });
};
