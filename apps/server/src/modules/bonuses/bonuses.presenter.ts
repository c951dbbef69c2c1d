import { type Bonus, formatMinor } from '@tessera/contracts';
import type { BonusRow } from './bonuses.repository';

/** Whole percent of the requirement wagered, rounded down; 100 once met or when nothing is required. */
export const wageringProgress = (row: Pick<BonusRow, 'requirement' | 'wagered' | 'status'>): number => {
  if (row.status === 'released' || row.requirement === 0n) return 100;
  return Number((row.wagered * 100n) / row.requirement);
};

export const presentBonus = (row: BonusRow): Bonus => ({
  id: row.id,
  source: row.source,
  promotionId: row.promotionId,
  title: row.title,
  currency: row.currency,
  amount: formatMinor(row.amount, row.currency),
  requirement: formatMinor(row.requirement, row.currency),
  wagered: formatMinor(row.wagered, row.currency),
  progress: wageringProgress(row),
  categories: row.categories,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const presentBonusPage = (
  page: { rows: BonusRow[]; total: number; totalPages: number; activeAmount: bigint; activeCount: number },
  pageNo: number,
  currency: string,
) => ({
  list: page.rows.map(presentBonus),
  pageNo,
  totalPages: page.totalPages,
  total: page.total,
  activeAmount: formatMinor(page.activeAmount, currency),
  activeCount: page.activeCount,
});
