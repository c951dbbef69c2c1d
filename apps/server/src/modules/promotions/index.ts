import { defineModule, type ModuleServices } from '../../platform/modules';
import { referralSubscribers, vipSubscribers } from './promotions.subscribers';
import { registerPromotionsAdminRoutes } from './promotions-admin.routes';
import { createRebateRepository } from './rebate.repository';
import { registerRebateRoutes } from './rebate.routes';
import { createRebateService, type RebateService } from './rebate.service';
import { registerRebateAdminRoutes } from './rebate-admin.routes';
import { createReferralRepository } from './referral.repository';
import { registerReferralRoutes } from './referral.routes';
import { createReferralService, type ReferralService } from './referral.service';
import { registerReferralAdminRoutes } from './referral-admin.routes';
import { createRewardsRepository } from './rewards.repository';
import { registerRewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardEvaluator, type RewardsService } from './rewards.service';
import { createVipRepository } from './vip.repository';
import { registerVipRoutes } from './vip.routes';
import { createVipService, type VipService } from './vip.service';

export { referralSubscribers, vipSubscribers } from './promotions.subscribers';
export { demoRebateSettings } from './rebate.demo';
export { presentRebateClaim, presentRebateSettings } from './rebate.presenter';
export { registerRebateRoutes } from './rebate.routes';
export { createRebateService, type MerchantRebateSettings, type RebateService } from './rebate.service';
export { presentAdminReferralSettings } from './referral.presenter';
export type { ReferralRepository, ReferralSettingsRow } from './referral.repository';
export { registerReferralRoutes } from './referral.routes';
export { createReferralService, type ReferralService } from './referral.service';
export { presentReward, presentRewardPage } from './rewards.presenter';
export type { RewardRow, RewardsRepository } from './rewards.repository';
export { registerRewardsRoutes } from './rewards.routes';
export {
  createRewardsService,
  type GrantReward,
  type RewardEvaluator,
  type RewardsService,
  rewardReference,
} from './rewards.service';
export { presentAdminVipLevel, presentAdminVipLevels } from './vip.presenter';
export type { VipLevelRow, VipRepository } from './vip.repository';
export { registerVipRoutes } from './vip.routes';
export { createVipService, type VipLevelsAudit, type VipService, type VipTotalsSource } from './vip.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /**
     * The reward centre: `grantReward` for capabilities that earn members money, the claim, and `addEvaluator`
     * for a programme whose earned rewards are granted when a member reads its rewards (a catch-up).
     */
    rewards: RewardsService & { addEvaluator: (evaluator: RewardEvaluator) => void };
    /** The VIP programme: levels per merchant, members' ranks, upgrade bonuses as rewards. */
    vip: VipService;
    /** The referral programme: friends' qualifying deposits earn their referrer rewards. */
    referral: ReferralService;
    /** The manual rebate: a share of valid bets, claimed by the member. */
    rebate: RebateService;
  }
}

export const rewardsModule = defineModule({
  name: 'rewards',
  create: ({ database, services }) => {
    const evaluators: RewardEvaluator[] = [];
    const rewards = createRewardsService({
      repository: createRewardsRepository(database.pool),
      ledger: services.ledger,
      evaluators,
    });
    return Object.assign(rewards, { addEvaluator: (evaluator: RewardEvaluator) => void evaluators.push(evaluator) });
  },
  routes: (registrar, rewards) => registerRewardsRoutes(registrar, rewards),
});

/** What the programmes' subscribers read of an event's merchant and member. */
const programmeReaders = (services: ModuleServices) => ({
  merchantOf: (code: string) => services.merchants.resolve({ code, host: '' }),
  memberOf: services.members.findById,
});

/** Reading a member's rewards first grants its VIP upgrade bonuses (decision 0040); deposits and bets do at once. */
export const vipModule = defineModule({
  name: 'vip',
  create: ({ database, services }) => {
    const vip = createVipService({
      repository: createVipRepository(database.pool),
      rewards: services.rewards,
      totals: { deposits: services.cashier.creditedDepositTotal, validBets: services.bets.validBetTotal },
    });
    services.rewards.addEvaluator((merchant, member) => vip.grantEarned(merchant, member));
    return vip;
  },
  // The back office's rewards desk and VIP levels (one set of routes for both programmes).
  routes: (registrar, vip, { services }) => {
    registerVipRoutes(registrar, vip);
    registerPromotionsAdminRoutes(registrar, {
      admin: services.admin,
      rewards: services.rewards,
      vip,
      merchants: services.merchants,
      members: services.members,
    });
  },
  subscribers: (vip, { services }) => vipSubscribers({ vip, ...programmeReaders(services) }),
});

/** Reading a member's rewards first grants what its referred friends earned it (decision 0044). */
export const referralModule = defineModule({
  name: 'referral',
  create: ({ database, services }) => {
    const referral = createReferralService({
      repository: createReferralRepository(database.pool),
      members: services.members,
      cashier: services.cashier,
      grantReward: services.rewards.grantReward,
    });
    services.rewards.addEvaluator((merchant, member) => referral.evaluate(merchant, member));
    return referral;
  },
  routes: (registrar, referral, { services }) => {
    registerReferralRoutes(registrar, referral);
    registerReferralAdminRoutes(registrar, { admin: services.admin, referral, merchants: services.merchants });
  },
  subscribers: (referral, { services }) => referralSubscribers({ referral, ...programmeReaders(services) }),
});

export const rebateModule = defineModule({
  name: 'rebate',
  create: ({ database, services }) =>
    createRebateService({
      repository: createRebateRepository(database.pool),
      bets: services.bets,
      ledger: services.ledger,
      limiter: services.limiter,
    }),
  routes: (registrar, rebate, { services }) => {
    registerRebateRoutes(registrar, rebate);
    registerRebateAdminRoutes(registrar, {
      admin: services.admin,
      rebate,
      merchants: services.merchants,
      members: services.members,
    });
  },
});
