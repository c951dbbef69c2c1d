import type { LanguageCode } from '@tessera/contracts';

/** What a level asks, in minor units of the merchant's currency. */
export interface LevelRequirements {
  rankLevel: number;
  depositRequirement: bigint;
  validBetRequirement: bigint;
}

/** A member's credited deposits and valid bets so far. */
export interface VipTotals {
  deposits: bigint;
  validBets: bigint;
}

const meets = (level: LevelRequirements, totals: VipTotals): boolean =>
  totals.deposits >= level.depositRequirement && totals.validBets >= level.validBetRequirement;

/** The highest rank whose every requirement the totals meet; 0 for none. */
export const reachedRank = (levels: readonly LevelRequirements[], totals: VipTotals): number =>
  levels.reduce((best, level) => (level.rankLevel > best && meets(level, totals) ? level.rankLevel : best), 0);

/**
 * One evaluation (decision 0040): the member's rank is the higher of the rank kept so far and the rank the totals
 * reach now, so it never goes down; the levels newly reached are every level above the kept rank up to the reached
 * one, skipped ones included, lowest first. Evaluating again from the result reaches nothing new.
 */
export const evaluateVip = <L extends LevelRequirements>(
  levels: readonly L[],
  totals: VipTotals,
  keptRank: number,
): { rankLevel: number; newlyReached: L[] } => {
  const reached = reachedRank(levels, totals);
  return {
    rankLevel: Math.max(keptRank, reached),
    newlyReached: levels
      .filter((level) => level.rankLevel > keptRank && level.rankLevel <= reached)
      .sort((a, b) => a.rankLevel - b.rankLevel),
  };
};

/** The level a rank shows: the highest level at or below it (after the top level was removed, the one under it). */
export const levelAtRank = <L extends LevelRequirements>(levels: readonly L[], rank: number): L | null =>
  levels.reduce<L | null>(
    (best, level) => (level.rankLevel <= rank && (!best || level.rankLevel > best.rankLevel) ? level : best),
    null,
  );

/** The lowest level above a rank, or null at the top. */
export const levelAboveRank = <L extends LevelRequirements>(levels: readonly L[], rank: number): L | null =>
  levels.reduce<L | null>(
    (best, level) => (level.rankLevel > rank && (!best || level.rankLevel < best.rankLevel) ? level : best),
    null,
  );

/** How much of a requirement is met, 0..100 rounded down; a requirement of nothing is met. */
export const progressPercent = (current: bigint, required: bigint): number => {
  if (required <= 0n || current >= required) return 100;
  if (current <= 0n) return 0;
  return Number((current * 100n) / required);
};

/** A per-language value in `language`, else the merchant's default language, else any there is. */
export const inLanguage = <T>(
  byLanguage: Partial<Record<LanguageCode, T>>,
  language: LanguageCode,
  defaultLanguage: LanguageCode,
): T | undefined => byLanguage[language] ?? byLanguage[defaultLanguage] ?? Object.values(byLanguage)[0];

/** The upgrade bonus's source key: one reward per member and level, however often it is evaluated. */
export const vipUpgradeSourceKey = (memberId: string, rankLevel: number): string =>
  `vip-upgrade:${memberId}:${rankLevel}`;
