import {
  type AdminMission,
  formatMinor,
  type LanguageCode,
  type Mission,
  type MissionFigures,
  missionKindIsMoney,
} from '@tessera/contracts';
import type { MerchantContext } from '../../platform/principals';
import type { MissionFiguresRow, MissionRow } from './missions.repository';
import { maskName } from './missions.rules';
import type { MemberMission } from './missions.service';

/** A target or progress as the wire carries it: an amount for money kinds, else a whole count. */
const quantity = (mission: MissionRow, value: bigint, currency: string): string =>
  missionKindIsMoney(mission.kind) ? formatMinor(value, currency) : value.toString();

const textIn = (texts: Partial<Record<LanguageCode, string>>, language: LanguageCode, fallback: LanguageCode) =>
  texts[language] ?? texts[fallback] ?? Object.values(texts)[0] ?? '';

export const presentMission = (row: MemberMission, merchant: MerchantContext, language: LanguageCode): Mission => {
  const { currency, defaultLanguage } = merchant.settings;
  const { mission } = row;
  return {
    id: mission.id,
    kind: mission.kind,
    period: mission.period,
    category: mission.category,
    periodKey: row.periodKey,
    endsAt: row.endsAt?.toISOString() ?? null,
    title: textIn(mission.titles, language, defaultLanguage),
    description: textIn(mission.descriptions, language, defaultLanguage),
    target: quantity(mission, row.target, currency),
    progress: quantity(mission, row.progress, currency),
    reward: formatMinor(row.reward, currency),
    score: row.score,
    status: row.claimedAt ? 'claimed' : row.completedAt ? 'completed' : 'in_progress',
    completedAt: row.completedAt?.toISOString() ?? null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
};

export const presentBoardEntry = (
  entry: { memberId: string; username: string; score: number; rank: number },
  memberId: string,
) => ({ rank: entry.rank, name: maskName(entry.username), score: entry.score, isMe: entry.memberId === memberId });

const presentFigures = (row: MissionFiguresRow | null, currency: string): MissionFigures => ({
  current: {
    members: row?.currentMembers ?? 0,
    completed: row?.currentCompleted ?? 0,
    claimed: row?.currentClaimed ?? 0,
  },
  total: {
    members: row?.members ?? 0,
    completed: row?.completed ?? 0,
    claimed: row?.claimed ?? 0,
    cost: formatMinor(row?.cost ?? 0n, currency),
  },
});

export const presentAdminMission = (
  entry: { mission: MissionRow; currentPeriodKey: string; figures: MissionFiguresRow | null },
  merchant: MerchantContext,
): AdminMission => {
  const { currency } = merchant.settings;
  const { mission } = entry;
  return {
    id: mission.id,
    kind: mission.kind,
    period: mission.period,
    category: mission.category,
    target: quantity(mission, mission.target, currency),
    reward: formatMinor(mission.reward, currency),
    score: mission.score,
    titles: mission.titles,
    descriptions: mission.descriptions,
    enabled: mission.enabled,
    sortOrder: mission.sortOrder,
    currentPeriodKey: entry.currentPeriodKey,
    figures: presentFigures(entry.figures, currency),
    updatedAt: mission.updatedAt.toISOString(),
  };
};
