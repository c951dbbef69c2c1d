import { adminRewardsEndpoints, adminVipEndpoints } from '@tessera/contracts';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import { createAdminScope } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { presentRewardPage } from './rewards.presenter';
import type { RewardsService } from './rewards.service';
import { presentAdminVipLevel, presentAdminVipLevels } from './vip.presenter';
import type { VipLevelsAudit, VipService } from './vip.service';

/**
 * Promotions in the back office: a member's rewards for the desk; the VIP levels per merchant, read by owner,
 * finance, risk and support, changed by owner and finance, each change audited with before and after in the same
 * transaction (decision 0040).
 */
export const registerPromotionsAdminRoutes = (
  r: Registrar,
  deps: {
    admin: AdminService;
    rewards: RewardsService;
    vip: VipService;
    merchants: MerchantsService;
    members: MembersService;
  },
): void => {
  const { admin, rewards, vip } = deps;
  const { memberOf } = createAdminScope(deps);

  r.admin(adminRewardsEndpoints.memberRewards, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const member = await memberOf(merchant.code, params.memberId);
    return presentRewardPage(await rewards.ofMember(merchant.code, member.id, input), input);
  });

  /** The audit row of a level change, written on the change's own client. */
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext, action: 'create' | 'update' | 'delete'): VipLevelsAudit =>
    async (client, { rankLevel, before, after }) => {
      const { currency } = merchant.settings;
      await admin.auditWith(
        client,
        { operator: ctx.operator, caller: ctx },
        {
          action: `vip.level_${action}`,
          target: `rank:${rankLevel}`,
          merchantCode: merchant.code,
          details: {
            currency,
            before: before ? presentAdminVipLevel(before, currency) : null,
            after: after ? presentAdminVipLevel(after, currency) : null,
          },
        },
      );
    };

  r.admin(adminVipEndpoints.listLevels, async ({ ctx }) => {
    const { merchant } = ctx;
    return presentAdminVipLevels(await vip.levels(merchant), merchant);
  });

  r.admin(adminVipEndpoints.createLevel, async ({ input, ctx }) => {
    const { merchant } = ctx;
    return presentAdminVipLevels(await vip.createLevel(merchant, input, auditOf(ctx, merchant, 'create')), merchant);
  });

  r.admin(adminVipEndpoints.updateLevel, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const levels = await vip.updateLevel(merchant, params.rankLevel, input, auditOf(ctx, merchant, 'update'));
    return presentAdminVipLevels(levels, merchant);
  });

  r.admin(adminVipEndpoints.removeLevel, async ({ params, ctx }) => {
    const { merchant } = ctx;
    return presentAdminVipLevels(
      await vip.removeLevel(merchant, params.rankLevel, auditOf(ctx, merchant, 'delete')),
      merchant,
    );
  });
};
