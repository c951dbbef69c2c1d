import {
  type AdminVipLevels,
  formatMinor,
  type LanguageCode,
  type RankProgress,
  type VipLevel,
  type VipLevels,
} from '@tessera/contracts';
import type { MerchantContext } from '../../platform/http/context';
import type { VipLevelRow } from './vip.repository';
import { inLanguage, levelAboveRank, levelAtRank, progressPercent } from './vip.rules';
import type { VipState } from './vip.service';

const labelOf = (row: VipLevelRow, language: LanguageCode, defaultLanguage: LanguageCode): string =>
  inLanguage(row.names, language, defaultLanguage) ?? String(row.rankLevel);

export const presentVipLevel = (row: VipLevelRow, merchant: MerchantContext, language: LanguageCode): VipLevel => {
  const { currency, defaultLanguage } = merchant.settings;
  return {
    rankLevel: row.rankLevel,
    labelName: labelOf(row, language, defaultLanguage),
    depositRequirement: formatMinor(row.depositRequirement, currency),
    validBetRequirement: formatMinor(row.validBetRequirement, currency),
    upgradeBonus: formatMinor(row.upgradeBonus, currency),
    benefits: inLanguage(row.benefits, language, defaultLanguage) ?? [],
  };
};

export const presentVipLevels = (
  rows: VipLevelRow[],
  merchant: MerchantContext,
  language: LanguageCode,
): VipLevels => ({
  currency: merchant.settings.currency,
  levels: rows.map((row) => presentVipLevel(row, merchant, language)),
});

/** The member's rank, label and way to the next level; `state` null: the member does not take part. */
export const presentRankProgress = (
  state: VipState | null,
  merchant: MerchantContext,
  language: LanguageCode,
): RankProgress => {
  const { currency, defaultLanguage } = merchant.settings;
  const money = (minor: bigint) => formatMinor(minor, currency);
  if (!state || state.levels.length === 0) {
    return {
      hasVip: false,
      vipRankLevel: 0,
      vipLabelName: null,
      currency,
      deposits: money(state?.totals.deposits ?? 0n),
      validBets: money(state?.totals.validBets ?? 0n),
      nextLevel: null,
    };
  }
  const { levels, totals, rankLevel } = state;
  const current = levelAtRank(levels, rankLevel);
  const next = levelAboveRank(levels, rankLevel);
  const requirement = (current: bigint, required: bigint) => ({
    current: money(current),
    required: money(required),
    percent: progressPercent(current, required),
  });
  return {
    hasVip: true,
    vipRankLevel: current?.rankLevel ?? 0,
    vipLabelName: current ? labelOf(current, language, defaultLanguage) : null,
    currency,
    deposits: money(totals.deposits),
    validBets: money(totals.validBets),
    nextLevel: next
      ? {
          rankLevel: next.rankLevel,
          labelName: labelOf(next, language, defaultLanguage),
          upgradeBonus: money(next.upgradeBonus),
          deposits: requirement(totals.deposits, next.depositRequirement),
          validBets: requirement(totals.validBets, next.validBetRequirement),
        }
      : null,
  };
};

/** A level's settings as decimal strings, as the back office reads them and the audit log records them. */
export const presentAdminVipLevel = (row: VipLevelRow, currency: string) => ({
  rankLevel: row.rankLevel,
  names: row.names,
  benefits: row.benefits,
  depositRequirement: formatMinor(row.depositRequirement, currency),
  validBetRequirement: formatMinor(row.validBetRequirement, currency),
  upgradeBonus: formatMinor(row.upgradeBonus, currency),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentAdminVipLevels = (rows: VipLevelRow[], merchant: MerchantContext): AdminVipLevels => ({
  currency: merchant.settings.currency,
  defaultLanguage: merchant.settings.defaultLanguage,
  supportedLanguages: [...merchant.settings.supportedLanguages],
  levels: rows.map((row) => presentAdminVipLevel(row, merchant.settings.currency)),
});
