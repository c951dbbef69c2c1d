import { adminBonusesEndpoints, bonusesEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AdminContext, MerchantContext } from '../../platform/http/context';
import { createAdminScope } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import { presentBonus, presentBonusPage } from './bonuses.presenter';
import { wageringRequirement } from './bonuses.rules';
import { type BonusesAudit, type BonusesService, judgeGrantAmount } from './bonuses.service';

const DAY_MS = 86_400_000;
/** members.type of a free-play trial account. */
const TRIAL_TYPE = 4;

/** The member's bonus details (spec section 2, `bonusDetails`). */
export const registerBonusesRoutes = (r: Registrar, bonuses: BonusesService): void => {
  r.site(bonusesEndpoints.list, async ({ input, ctx }) => {
    const page = await bonuses.page(ctx.merchant.code, ctx.member.memberId, input, {
      language: ctx.language,
      fallback: ctx.merchant.settings.defaultLanguage,
    });
    return presentBonusPage(page, input.pageNo, ctx.merchant.settings.currency);
  });
};

/** The back office: a member's bonuses, the manual grant with its reason, the withdrawal policy; audited. */
export const registerBonusesAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; bonuses: BonusesService; members: MembersService },
): void => {
  const { admin, bonuses } = deps;
  const scope = createAdminScope({ members: deps.members });
  const auditOf =
    (ctx: AdminContext, merchant: MerchantContext): BonusesAudit =>
    (client, entry) =>
      admin.auditWith(client, { operator: ctx.operator, caller: ctx }, { ...entry, merchantCode: merchant.code });

  r.admin(adminBonusesEndpoints.memberBonuses, async ({ params, input, ctx }) => {
    await scope.memberOf(ctx.merchant.code, params.memberId);
    const page = await bonuses.page(ctx.merchant.code, params.memberId, input);
    return presentBonusPage(page, input.pageNo, ctx.merchant.settings.currency);
  });

  r.admin(adminBonusesEndpoints.grant, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const amount = judgeGrantAmount(merchant.settings.currency, input.amount);
    const member = await scope.memberOf(merchant.code, params.memberId);
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    const bonus = await bonuses.grantByHand(
      merchant,
      {
        memberId: params.memberId,
        requestKey: input.requestId,
        amount,
        requirement: wageringRequirement({ bonus: amount, deposit: 0n, multiple: input.multiple, base: 'bonus' }),
        categories: input.categories,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
        reason: input.reason,
        operatorId: ctx.operator.operatorId,
      },
      auditOf(ctx, merchant),
    );
    return presentBonus(bonus);
  });

  r.admin(adminBonusesEndpoints.settings, async ({ ctx }) => ({
    withdrawalPolicy: await bonuses.settings(ctx.merchant.code),
  }));

  r.admin(adminBonusesEndpoints.updateSettings, async ({ input, ctx }) => ({
    withdrawalPolicy: await bonuses.updateSettings(ctx.merchant, input.withdrawalPolicy, auditOf(ctx, ctx.merchant)),
  }));
};
