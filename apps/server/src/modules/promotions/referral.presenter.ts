import {
  type AdminReferralSettings,
  formatMinor,
  type ReferralFriend,
  type ReferralSummary,
  type ReferralTerms,
} from '@tessera/contracts';
import { maskAccount, type ReferredMember } from '../members';
import type { ReferralRewardRow, ReferralSettingsRow } from './referral.repository';
import type { ReferralTerms as Terms } from './referral.rules';

const presentTerms = (terms: Terms): ReferralTerms => ({
  currency: terms.currency,
  rewardPerFriend: formatMinor(terms.rewardPerFriend, terms.currency),
  qualifyingDeposits: formatMinor(terms.qualifyingDeposits, terms.currency),
  maxRewardedFriends: terms.maxRewardedFriends,
});

const sumIn = (rewards: readonly ReferralRewardRow[], currency: string) =>
  rewards.reduce((sum, reward) => (reward.currency === currency ? sum + reward.amount : sum), 0n);

/** The invite page's head; the reward totals in the merchant's currency. */
export const presentReferralSummary = (
  summary: {
    referralCode: string;
    terms: Terms | null;
    friends: number;
    qualified: number;
    rewards: readonly ReferralRewardRow[];
  },
  currency: string,
): ReferralSummary => ({
  referralCode: summary.referralCode,
  terms: summary.terms ? presentTerms(summary.terms) : null,
  friends: summary.friends,
  qualified: summary.qualified,
  rewarded: summary.rewards.length,
  currency,
  earned: formatMinor(sumIn(summary.rewards, currency), currency),
  waiting: formatMinor(
    sumIn(
      summary.rewards.filter((reward) => reward.status === 'available'),
      currency,
    ),
    currency,
  ),
});

/** A friend as its referrer sees it: the account masked, never its deposits. */
export const presentReferralFriend = (entry: {
  friend: ReferredMember;
  qualified: boolean;
  reward: ReferralRewardRow | null;
}): ReferralFriend => ({
  account: maskAccount(entry.friend.account),
  joinedAt: entry.friend.createdAt.toISOString(),
  qualified: entry.qualified,
  reward: entry.reward
    ? {
        amount: formatMinor(entry.reward.amount, entry.reward.currency),
        currency: entry.reward.currency,
        status: entry.reward.status,
      }
    : null,
});

/** The settings as the back office edits them; none (or in another currency): switched off, amounts unset. */
export const presentAdminReferralSettings = (
  row: ReferralSettingsRow | null,
  currency: string,
): AdminReferralSettings => ({
  currency,
  enabled: row?.enabled ?? false,
  rewardPerFriend: row ? formatMinor(row.rewardPerFriend, currency) : null,
  qualifyingDeposits: row ? formatMinor(row.qualifyingDeposits, currency) : null,
  maxRewardedFriends: row?.maxRewardedFriends ?? null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});
