import type { Reward, RewardKind } from '@tessera/contracts';

/** i18n keys (promotions namespace) of each reward kind's description; its params fill the placeholders. */
export const rewardTextKeys: Record<RewardKind, string> = {
  VIP_UPGRADE: 'reward_vip_upgrade',
  REFERRAL: 'reward_referral',
};

/** The description's key and values: a VIP upgrade names its level, a referral reward the friend. */
export const rewardTextOf = (reward: Reward): { key: string; values: Record<string, string | number> } => ({
  key: rewardTextKeys[reward.kind],
  values: { ...reward.params, level: reward.params.rankLevel ?? '' },
});
