import { adminRewardsEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { presentRewardPage, type RewardsService } from '../promotions';
import { createAdminScope } from './admin.scope';

/** Promotions in the back office: a member's rewards for the desk. */
export const registerAdminPromotionsRoutes = (
  r: Registrar,
  deps: { rewards: RewardsService; merchants: MerchantsService; members: MembersService },
): void => {
  const { rewards } = deps;
  const { merchantFor, memberOf } = createAdminScope(deps);

  r.admin(adminRewardsEndpoints.memberRewards, async ({ params, input, ctx }) => {
    const merchant = await merchantFor(ctx.operator, params.code, 'member.wallet');
    const member = await memberOf(merchant.code, params.memberId);
    return presentRewardPage(await rewards.ofMember(merchant.code, member.id, input), input);
  });
};
