import type { ReferralSettingsMinor } from '@tessera/contracts';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { CashierService } from '../cashier';
import { type MembersService, maskAccount, type ReferredMember } from '../members';
import { mayEarn } from './referral.policy';
import type { ReferralRepository, ReferralRewardRow, ReferralSettingsRow } from './referral.repository';
import {
  activeTermsOf,
  friendsToReward,
  hasQualified,
  type QualifiedFriend,
  type ReferralTerms,
  referralSourceKey,
  settingsInCurrency,
} from './referral.rules';
import type { Client } from './rewards.repository';
import type { RewardsService } from './rewards.service';

/** A referrer's friends as the programme sees them now. */
interface Standing {
  terms: ReferralTerms | null;
  /** The qualifying total the friends were judged by (null: the merchant has no settings in its currency). */
  threshold: bigint | null;
  friends: ReferredMember[];
  credited: Map<string, bigint>;
  qualified: QualifiedFriend[];
}

const isModuleOn = (merchant: MerchantContext) => merchant.modules.REFERRAL3 === true;

/**
 * The referral programme (decision 0044). A member's friends are the members who registered with its referral
 * code; a friend qualifies once its credited deposits reach the merchant's total, and then earns the member one
 * REFERRAL reward through the rewards core. Nothing runs when a deposit is credited: a referrer's friends are
 * evaluated when its invite page or its rewards are read, under a per-referrer lock, and every grant is keyed by
 * the friend, so evaluating again, or twice at once, grants nothing twice.
 */
export const createReferralService = (deps: {
  repository: ReferralRepository;
  members: Pick<MembersService, 'findById' | 'listReferred'>;
  cashier: Pick<CashierService, 'creditedTotals'>;
  grantReward: RewardsService['grantReward'];
}) => {
  const { repository, members, cashier, grantReward } = deps;

  const termsOf = (settings: ReferralSettingsRow | null, merchant: MerchantContext) =>
    activeTermsOf(settings, { currency: merchant.settings.currency, isModuleOn: isModuleOn(merchant) });

  /** The friends' credited deposits judged against the merchant's qualifying total (when it has one). */
  const readStanding = async (
    merchant: MerchantContext,
    memberId: string,
    page?: { offset: number; limit: number },
  ): Promise<Standing & { total: number }> => {
    const { currency } = merchant.settings;
    const settings = await repository.settings(merchant.code);
    const threshold = settingsInCurrency(settings, currency)?.qualifyingDeposits ?? null;
    const { rows: friends, total } = await members.listReferred(merchant.code, memberId, page);
    const totals =
      threshold !== null && friends.length > 0
        ? await cashier.creditedTotals(
            merchant.code,
            friends.map((friend) => friend.id),
            currency,
            threshold,
          )
        : [];
    const qualified = totals.flatMap((row) =>
      threshold !== null && hasQualified(row.total, threshold) && row.reachedAt
        ? [{ friendId: row.memberId, qualifiedAt: row.reachedAt }]
        : [],
    );
    return {
      terms: termsOf(settings, merchant),
      threshold,
      friends,
      total,
      credited: new Map(totals.map((row) => [row.memberId, row.total])),
      qualified,
    };
  };

  const rewardedSet = (rewards: readonly ReferralRewardRow[]) => new Set(rewards.map((reward) => reward.friendId));

  /**
   * Grants the rewards of the friends who qualified and have none yet, within the cap. The settings are read again
   * under a share lock inside the transaction, so the terms granted are the ones in force; the referrer's lock makes
   * a concurrent evaluation wait, then find the rewards this one granted.
   */
  const grantQualified = async (merchant: MerchantContext, member: MemberPrincipal, standing: Standing) => {
    const { terms, threshold } = standing;
    if (!terms || !mayEarn(member) || standing.qualified.length === 0) return;
    const granted = await repository.rewardsOf(merchant.code, member.memberId);
    const due = friendsToReward({
      qualified: standing.qualified,
      rewarded: rewardedSet(granted),
      cap: terms.maxRewardedFriends,
    });
    if (due.length === 0) return;
    const accounts = new Map(standing.friends.map((friend) => [friend.id, friend.account]));
    await repository.inTransaction(async (client: Client) => {
      await repository.lockReferrer(client, merchant.code, member.memberId);
      const current = termsOf(await repository.settings(merchant.code, client, { forShare: true }), merchant);
      // Switched off, or the qualifying total changed since the friends were judged: the next reading judges again.
      if (!current || current.qualifyingDeposits !== threshold) return;
      const rewarded = rewardedSet(await repository.rewardsOf(merchant.code, member.memberId, { db: client }));
      const friends = friendsToReward({
        qualified: standing.qualified,
        rewarded,
        cap: current.maxRewardedFriends,
      });
      for (const friendId of friends) {
        await grantReward(
          {
            merchantCode: merchant.code,
            memberId: member.memberId,
            kind: 'REFERRAL',
            sourceKey: referralSourceKey(friendId),
            amount: current.rewardPerFriend,
            currency: current.currency,
            params: { friend: maskAccount(accounts.get(friendId) ?? '') },
          },
          client,
        );
      }
    });
  };

  return {
    /** Public state availablePromo: the referral programme is on when it pays. */
    merchantPromotions: async (merchant: MerchantContext) => ({
      REFERRAL: { enabled: termsOf(await repository.settings(merchant.code), merchant) !== null },
    }),

    /** The rewards core's evaluator: grants what the member's friends earned it (decision 0044). */
    evaluate: async (merchant: MerchantContext, member: MemberPrincipal): Promise<void> => {
      if (!mayEarn(member) || !isModuleOn(merchant)) return;
      await grantQualified(merchant, member, await readStanding(merchant, member.memberId));
    },

    /** The invite page's head: the member's code, the terms, and its friends' and rewards' totals. */
    summary: async (merchant: MerchantContext, member: MemberPrincipal) => {
      const standing = await readStanding(merchant, member.memberId);
      await grantQualified(merchant, member, standing);
      const [rewards, self] = await Promise.all([
        repository.rewardsOf(merchant.code, member.memberId),
        members.findById(member.memberId),
      ]);
      if (!self) throw new Error(`member ${member.memberId} not found`);
      const rewarded = rewardedSet(rewards);
      const qualified = new Set([...standing.qualified.map((friend) => friend.friendId), ...rewarded]);
      return {
        referralCode: self.referralCode,
        terms: standing.terms,
        friends: standing.total,
        qualified: standing.friends.filter((friend) => qualified.has(friend.id)).length,
        rewards,
      };
    },

    /** A page of the member's friends, newest first, each with its qualification and reward. */
    friends: async (merchant: MerchantContext, member: MemberPrincipal, page: { pageNo: number; pageSize: number }) => {
      // Evaluated over all friends first, so that a friend who qualified shows its reward on any page.
      await grantQualified(merchant, member, await readStanding(merchant, member.memberId));
      const standing = await readStanding(merchant, member.memberId, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const rewards = await repository.rewardsOf(merchant.code, member.memberId, {
        friendIds: standing.friends.map((friend) => friend.id),
      });
      const rewardOf = new Map(rewards.map((reward) => [reward.friendId, reward]));
      return {
        total: standing.total,
        friends: standing.friends.map((friend) => {
          const credited = standing.credited.get(friend.id) ?? 0n;
          const reward = rewardOf.get(friend.id) ?? null;
          return {
            friend,
            qualified: reward !== null || (standing.threshold !== null && hasQualified(credited, standing.threshold)),
            reward,
          };
        }),
      };
    },

    /** The back office's view: the settings when they are in the merchant's currency. */
    settingsOf: async (merchant: MerchantContext) =>
      settingsInCurrency(await repository.settings(merchant.code), merchant.settings.currency),

    /** Sets a programme for a merchant that has none (the demo seed); an operator's settings stay as they are. */
    seedSettings: (merchantCode: string, currency: string, settings: ReferralSettingsMinor) =>
      repository.insertSettingsIfAbsent(merchantCode, currency, settings),

    /**
     * Sets a merchant's programme (already checked in its currency) in one transaction with `audit`, which receives
     * the settings before and after on the same client: the change and its record commit together, or neither does.
     */
    updateSettings: (
      merchant: MerchantContext,
      settings: ReferralSettingsMinor,
      audit: (
        client: Client,
        change: { before: ReferralSettingsRow | null; after: ReferralSettingsRow },
      ) => Promise<void>,
    ): Promise<ReferralSettingsRow> =>
      repository.inTransaction(async (client) => {
        const before = await repository.lockSettings(client, merchant.code);
        const after = await repository.saveSettings(client, merchant.code, merchant.settings.currency, settings);
        await audit(client, { before, after });
        return after;
      }),
  };
};

export type ReferralService = ReturnType<typeof createReferralService>;
