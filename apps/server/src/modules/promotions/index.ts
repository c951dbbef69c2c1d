export { createPromotionsSubscribers } from './promotions.subscribers';
export { demoRebateSettings } from './rebate.demo';
export { presentRebateClaim, presentRebateSettings } from './rebate.presenter';
export { createRebateRepository } from './rebate.repository';
export { registerRebateRoutes } from './rebate.routes';
export { rebateClaims, rebateRates, rebateSettings } from './rebate.schema';
export { createRebateService, type MerchantRebateSettings, type RebateService } from './rebate.service';
export { presentAdminReferralSettings } from './referral.presenter';
export { createReferralRepository, type ReferralRepository, type ReferralSettingsRow } from './referral.repository';
export { registerReferralRoutes } from './referral.routes';
export { referralSettings } from './referral.schema';
export { createReferralService, type ReferralService } from './referral.service';
export { presentReward, presentRewardPage } from './rewards.presenter';
export { createRewardsRepository, type RewardRow, type RewardsRepository } from './rewards.repository';
export { registerRewardsRoutes } from './rewards.routes';
export { memberRewards } from './rewards.schema';
export {
  createRewardsService,
  type GrantReward,
  type RewardEvaluator,
  type RewardsService,
  rewardReference,
} from './rewards.service';
export { presentAdminVipLevel, presentAdminVipLevels } from './vip.presenter';
export { createVipRepository, type VipLevelRow, type VipRepository } from './vip.repository';
export { registerVipRoutes } from './vip.routes';
export { memberVip, vipLevels } from './vip.schema';
export { createVipService, type VipLevelsAudit, type VipService, type VipTotalsSource } from './vip.service';
