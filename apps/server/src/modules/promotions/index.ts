export { presentReward, presentRewardPage } from './rewards.presenter';
export { createRewardsRepository, type RewardRow, type RewardsRepository } from './rewards.repository';
export { registerRewardsRoutes } from './rewards.routes';
export { memberRewards } from './rewards.schema';
export { createRewardsService, type GrantReward, type RewardsService, rewardReference } from './rewards.service';
