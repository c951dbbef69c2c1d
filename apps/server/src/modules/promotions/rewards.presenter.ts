import { formatMinor, type Reward } from '@tessera/contracts';
import type { RewardRow } from './rewards.repository';
import { rewardReference } from './rewards.service';

export const presentReward = (row: RewardRow): Reward => ({
  id: row.id,
  kind: row.kind,
  amount: formatMinor(row.amount, row.currency),
  currency: row.currency,
  status: row.status,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  claimedAt: row.claimedAt?.toISOString() ?? null,
  reference: row.status === 'claimed' ? rewardReference(row.id) : null,
});

/** One page of rewards as the member site and the back office list them. */
export const presentRewardPage = (
  result: { rows: RewardRow[]; total: number },
  page: { pageNo: number; pageSize: number },
) => ({
  list: result.rows.map(presentReward),
  pageNo: page.pageNo,
  totalPages: Math.max(1, Math.ceil(result.total / page.pageSize)),
  total: result.total,
});
