import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { moneyStringSchema } from './wallet';

/**
 * The member's reward centre (spec sections 2, 3, 6; module REWCEN3): money a member may claim into the main wallet.
 * A reward is granted by the capability that earns it (a VIP upgrade, a referred friend's deposits) and claimed once.
 */

/** What earned a reward; each kind has its own description text and params. */
export const rewardKinds = ['VIP_UPGRADE', 'REFERRAL'] as const;
export type RewardKind = (typeof rewardKinds)[number];

export const rewardStatuses = ['available', 'claimed'] as const;
export type RewardStatus = (typeof rewardStatuses)[number];

/** The description's i18n params (for VIP_UPGRADE: `rankLevel`; for REFERRAL: `friend`, the masked account). */
export const rewardParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type RewardParams = z.infer<typeof rewardParamsSchema>;

export const rewardSchema = z.object({
  id: z.string(),
  kind: z.enum(rewardKinds),
  amount: moneyStringSchema,
  currency: z.string(),
  status: z.enum(rewardStatuses),
  params: rewardParamsSchema,
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  /** The claim's reference in the member's account record (null until claimed). */
  reference: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

/** The most available rewards one answer lists (the count is always the whole number). */
export const AVAILABLE_REWARDS_LIMIT = 100;

export const availableRewardsSchema = z.object({
  /** Public state `availablePromoCount` (spec section 3): the reward centre's red badge. */
  availablePromoCount: z.number().int(),
  /** Oldest first, at most AVAILABLE_REWARDS_LIMIT. */
  list: z.array(rewardSchema),
});
export type AvailableRewards = z.infer<typeof availableRewardsSchema>;

/** Paging of the promotions' member lists (rewards, referred friends). */
export const promotionsPageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
};

export const rewardPageSchema = z.object({
  list: z.array(rewardSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const claimRewardRequestSchema = z.strictObject({
  rewardId: z.uuid({ message: 'field_invalid' }),
});

export const rewardsEndpoints = {
  availablePromotions: defineEndpoint({
    name: 'rewards.availablePromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    moduleIds: ['REWCEN3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: availableRewardsSchema,
    summary:
      "The member's rewards waiting to be claimed and their count (availablePromoCount). Reading them first grants what the member has earned and not yet been granted: a VIP upgrade bonus (VIP3), the reward of a referred friend who qualified (REFERRAL3).",
  }),
  claimList: defineEndpoint({
    name: 'rewards.claimList',
    method: 'GET',
    path: '/wps/relay/MCS2_getPromotionClaimList',
    moduleIds: ['REWCEN3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject(promotionsPageQuery),
    response: rewardPageSchema,
    summary: "The member's claimed rewards, newest claim first.",
  }),
  claim: defineEndpoint({
    name: 'rewards.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimIssuedPromotion',
    moduleIds: ['REWCEN3'],
    access: access.realMember,
    encrypted: false,
    request: claimRewardRequestSchema,
    response: rewardSchema,
    summary:
      "Pays an available reward into the member's main wallet, once (reward_already_claimed after that); another member's reward is not_found; a trial account is refused (in_need_true_account).",
  }),
} as const;

export const adminRewardsEndpoints = {
  memberRewards: defineEndpoint({
    name: 'admin.memberRewards',
    method: 'GET',
    path: '/api/admin/merchants/:code/members/:memberId/rewards',
    moduleIds: [],
    access: access.operator('member.wallet', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, memberId: z.uuid({ message: 'field_invalid' }) }),
    request: z.strictObject(promotionsPageQuery),
    response: rewardPageSchema,
    summary: "A member's rewards, available and claimed, newest first (owner, finance, risk, support).",
  }),
} as const;
