import { rewardsEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentReward, presentRewardPage } from './rewards.presenter';
import type { RewardsService } from './rewards.service';

/** The member's reward centre (REWCEN3): what waits to be claimed, the claim, and what was claimed. */
export const registerRewardsRoutes = (r: Registrar, rewards: RewardsService): void => {
  r.site(rewardsEndpoints.availablePromotions, async ({ ctx }) => {
    const { list, count } = await rewards.available(ctx.merchant, ctx.member);
    return { availablePromoCount: count, list: list.map(presentReward) };
  });

  r.site(rewardsEndpoints.claimList, async ({ input, ctx }) =>
    presentRewardPage(await rewards.claimed(ctx.member, input), input),
  );

  r.site(rewardsEndpoints.claim, async ({ input, ctx }) =>
    presentReward(await rewards.claim(ctx.member, input.rewardId)),
  );
};
