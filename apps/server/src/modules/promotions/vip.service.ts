import { issuesToFieldErrors, type VipLevelInput, vipLevelSchemaFor, vipLevelValuesOf } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { Client } from './rewards.repository';
import type { RewardsService } from './rewards.service';
import { demoVipLevels } from './vip.demo';
import { takesPartInVip } from './vip.policy';
import type { VipLevelRow, VipRepository } from './vip.repository';
import { evaluateVip, type VipTotals, vipUpgradeSourceKey } from './vip.rules';

/** Where a member stands after an evaluation. */
export interface VipState {
  levels: VipLevelRow[];
  totals: VipTotals;
  /** The rank kept so far, never lower than before. */
  rankLevel: number;
}

/** A change to a merchant's levels, as its audit row records it. */
export type VipLevelsAudit = (
  client: Client,
  change: { rankLevel: number; before: VipLevelRow | null; after: VipLevelRow | null },
) => Promise<void>;

/** A member's totals the programme counts, in minor units of `currency` (from the cashier and bets modules). */
export interface VipTotalsSource {
  deposits: (merchantCode: string, memberId: string, currency: string) => Promise<bigint>;
  validBets: (merchantCode: string, memberId: string, currency: string) => Promise<bigint>;
}

/**
 * The VIP programme (decision 0040). A member's level is evaluated when it is read (their VIP state or their
 * rewards): the totals are summed, the kept rank raised, and every newly reached level's upgrade bonus granted as a
 * VIP_UPGRADE reward, in one transaction under the member's row lock. Rank and rewards are idempotent (the rank
 * only rises; a reward's source key is unique), so evaluating twice, from two requests or two processes at once,
 * pays each level once, and a level reached while nobody looked is granted at the next read.
 */
export const createVipService = (deps: {
  repository: VipRepository;
  rewards: RewardsService;
  totals: VipTotalsSource;
}) => {
  const { repository, rewards, totals } = deps;

  const evaluate = async (merchant: MerchantContext, member: MemberPrincipal): Promise<VipState | null> => {
    if (!takesPartInVip(merchant, member)) return null;
    const { currency } = merchant.settings;
    const [levels, deposits, validBets, kept] = await Promise.all([
      repository.levels(merchant.code),
      totals.deposits(merchant.code, member.memberId, currency),
      totals.validBets(merchant.code, member.memberId, currency),
      repository.keptRank(member.memberId),
    ]);
    const now = { deposits, validBets };
    // Nothing newly reached: no transaction, no write.
    if (evaluateVip(levels, now, kept).newlyReached.length === 0) return { levels, totals: now, rankLevel: kept };
    const rankLevel = await repository.inTransaction(async (client) => {
      const locked = await repository.lockKeptRank(client, merchant.code, member.memberId);
      const result = evaluateVip(levels, now, locked);
      for (const level of result.newlyReached) {
        if (level.upgradeBonus <= 0n) continue;
        await rewards.grantReward(
          {
            merchantCode: merchant.code,
            memberId: member.memberId,
            kind: 'VIP_UPGRADE',
            sourceKey: vipUpgradeSourceKey(member.memberId, level.rankLevel),
            amount: level.upgradeBonus,
            currency,
            params: { rankLevel: level.rankLevel },
          },
          client,
        );
      }
      await repository.raiseKeptRank(client, member.memberId, result.rankLevel);
      return result.rankLevel;
    });
    return { levels, totals: now, rankLevel };
  };

  /**
   * Runs `write` on the merchant's levels under its lock and audits it on the same client: the change and its
   * audit row commit together, or neither does (decision 0027's way).
   */
  const changeLevels = (
    merchant: MerchantContext,
    write: (client: Client, levels: VipLevelRow[]) => Promise<{ rankLevel: number; before: VipLevelRow | null }>,
    audit: VipLevelsAudit,
  ): Promise<VipLevelRow[]> =>
    repository.inTransaction(async (client) => {
      const { rankLevel, before } = await write(client, await repository.lockLevels(client, merchant.code));
      const after = await repository.levels(merchant.code, client);
      await audit(client, { rankLevel, before, after: after.find((level) => level.rankLevel === rankLevel) ?? null });
      return after;
    });

  /** The level judged with the levels around it as its bounds; field errors leave everything unchanged. */
  const judge = (merchant: MerchantContext, levels: VipLevelRow[], rankLevel: number, input: VipLevelInput) => {
    const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
    const judged = vipLevelSchemaFor({
      currency,
      defaultLanguage,
      supportedLanguages,
      lower: levels.find((level) => level.rankLevel === rankLevel - 1) ?? null,
      higher: levels.find((level) => level.rankLevel === rankLevel + 1) ?? null,
    }).safeParse(input);
    if (!judged.success) {
      throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(judged.error.issues) });
    }
    return vipLevelValuesOf(judged.data, currency);
  };

  return {
    evaluate,

    /** Grants what the member has earned and not yet been granted (before its rewards are read). */
    grantEarned: async (merchant: MerchantContext, member: MemberPrincipal): Promise<void> => {
      await evaluate(merchant, member);
    },

    /**
     * Counts a credited deposit or a settled bet's valid bet into the member's running totals, on the event's
     * transaction; true when they now meet a level above its kept rank, so that an evaluation is worth its cost.
     */
    countActivity: repository.addToTotals,

    levels: (merchant: MerchantContext) => repository.levels(merchant.code),

    /** The merchant's members who have kept one of these VIP levels (an operator's message to VIP levels). */
    memberIdsAtLevels: (merchantCode: string, levels: readonly number[]) =>
      repository.memberIdsAtRanks(merchantCode, levels),

    /** Adds a level above the highest. */
    createLevel: (merchant: MerchantContext, input: VipLevelInput, audit: VipLevelsAudit) =>
      changeLevels(
        merchant,
        async (client, levels) => {
          const rankLevel = (levels.at(-1)?.rankLevel ?? 0) + 1;
          await repository.insertLevel(client, merchant.code, rankLevel, judge(merchant, levels, rankLevel, input));
          return { rankLevel, before: null };
        },
        audit,
      ),

    updateLevel: (merchant: MerchantContext, rankLevel: number, input: VipLevelInput, audit: VipLevelsAudit) =>
      changeLevels(
        merchant,
        async (client, levels) => {
          const before = levels.find((level) => level.rankLevel === rankLevel);
          if (!before) throw new AppError('not_found');
          await repository.updateLevel(client, merchant.code, rankLevel, judge(merchant, levels, rankLevel, input));
          return { rankLevel, before };
        },
        audit,
      ),

    /** Removes the highest level; ranks stay 1..N, so a lower one cannot go (`vip_level_not_last`). */
    removeLevel: (merchant: MerchantContext, rankLevel: number, audit: VipLevelsAudit) =>
      changeLevels(
        merchant,
        async (client, levels) => {
          const before = levels.find((level) => level.rankLevel === rankLevel);
          if (!before) throw new AppError('not_found');
          if (levels.some((level) => level.rankLevel > rankLevel)) throw new AppError('vip_level_not_last');
          await repository.deleteLevel(client, merchant.code, rankLevel);
          return { rankLevel, before };
        },
        audit,
      ),

    /** The demo merchant's ladder, written only when it has no levels (an operator's edits survive restarts). */
    ensureDemoLevels: (merchantCode: string): Promise<void> =>
      repository.inTransaction(async (client) => {
        if ((await repository.lockLevels(client, merchantCode)).length > 0) return;
        for (const [index, values] of demoVipLevels.entries()) {
          await repository.insertLevel(client, merchantCode, index + 1, values);
        }
      }),
  };
};

export type VipService = ReturnType<typeof createVipService>;
